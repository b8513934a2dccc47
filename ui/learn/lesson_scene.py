"""A lesson on the table: the instruction panel, the scripted opponents' moves, and the player's moves checked
by the lesson (``game.lessons``) — a refused one explained in the panel — with progress kept after each step.

``LessonScene`` sits just above a ``TableScene`` whose opponents the computer does not play: the lesson plays
them. It is the gate of the table's moves (``PlayerActions.gate``): every play and pass of the player's, by
the buttons, Enter, P, a double-click or Shift+H, comes to the lesson to be judged and made.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.cards import Card
from game.engine.combos import classify
from game.engine.events import Event
from game.engine.match import Match
from game.lessons import Ask, LessonRun, Opponent, Say
from game.lessons.steps import PASS, SHOW, Verdict
from ui import theme
from ui.i18n import t
from ui.intents import Action, Intent
from ui.learn.lesson_words import header, panel_lines, status_key, text_key
from ui.learn.panel import Line, button_row, draw_panel, panel_rect
from ui.learn.progress import Keeper, lesson_restarted
from ui.learn.words import verdict_lines
from ui.scene import Scene
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.scene import Host
    from ui.table.scene import TableScene

PLAY_KEY = "play"
OPPONENT_PAUSE = 0.9  # seconds before a scripted opponent moves, at normal speed


class LessonScene(Scene):
    """Runs one lesson over its table."""

    opaque = False
    modal = False

    def __init__(self, app: Host, table: TableScene, run: LessonRun, menu: Keeper) -> None:
        super().__init__(app)
        self.table, self.run, self.menu = table, run, menu
        table.round_log = False  # the lesson's panel takes the round log's corner
        table.actions.gate = self.judge  # every move of the player's, whichever way it is made, is judged here
        table.header = lambda: header(self.run)  # the lesson's number and title, not the variant and game
        self.feedback: list[Line] = []
        self.answers: tuple[tuple[Card, ...], int] | None = None  # the selection and turn a refusal answers
        self.text_key = ""
        self.wait = OPPONENT_PAUSE
        self.go = Button("learn.continue", Action.CONFIRM, primary=True)
        self.restart_button = Button("learn.restart", Action.CLEAR)
        self.pressed: Button | None = None
        self.refresh()
        self.layout_buttons()

    # -- the lesson ----------------------------------------------------------------------------------
    @property
    def buttons(self) -> list[Button]:
        return [self.restart_button, self.go] if self.go_shown else [self.restart_button]

    @property
    def go_shown(self) -> bool:
        step = self.run.step
        goal = self.run.goal
        return self.run.done or isinstance(step, Say) or (goal is not None and goal.action == SHOW)

    def refresh(self) -> None:
        """Work out the panel's words and buttons after something happened (never while drawing)."""
        key = text_key(self.run)
        if key != self.text_key:
            self.feedback = []  # new words answer the last move themselves
        self.text_key = key
        goal = self.run.goal
        self.go.label_key = ("learn.finish" if self.run.done else
                             "learn.show" if goal is not None and goal.action == SHOW else "learn.continue")
        self.table.controls.says = status_key(self.run)  # what Enter does here, once the lesson or game is over
        self.app.dirty = True

    def save(self) -> None:
        progress = self.menu.progress
        if self.run.done:
            progress.mark_done(self.run.lesson.id)
        else:
            progress.keep(self.run.lesson.id, self.run.progress())
        self.menu.save(progress)

    def layout_buttons(self) -> None:
        """Where the panel's buttons are at this window size (input reads it; drawing only draws)."""
        button_row(panel_rect(self.table.layout), self.buttons, self.table.layout)

    def update(self, dt: float) -> None:
        self.layout_buttons()
        if self.answers is not None and self.answers != self.now():  # the refusal answered another selection
            self.feedback, self.answers = [], None
            self.app.dirty = True
        table = self.table
        if table.busy or table not in self.app.stack:
            return
        if isinstance(self.run.step, Opponent):
            self.wait -= dt * max(0.1, self.app.settings.opponent_speed)
            if self.wait <= 0:
                self.wait = OPPONENT_PAUSE
                try:
                    events = self.run.advance()
                except ValueError as exc:  # the script cannot go on from here (a resumed point gone wrong)
                    self.app.notices.post(lesson_restarted(self.run.lesson, str(exc)))
                    self.restart()
                    return
                table.submit(events)
                self.after_step()

    def next_due(self) -> float | None:
        """The scripted opponent's pause, in real seconds, while it is what the lesson waits for."""
        table = self.table
        if table.busy or table not in self.app.stack or not isinstance(self.run.step, Opponent):
            return None
        return max(0.0, self.wait) / max(0.1, self.app.settings.opponent_speed)

    def after_step(self) -> None:
        self.save()
        self.refresh()
        self.table.changed()

    def proceed(self) -> None:
        """Continue past words, show the cards for an instant win, or leave a finished lesson."""
        if self.table.busy:
            return
        if self.run.done:
            self.close()
            return
        step, goal = self.run.step, self.run.goal
        if isinstance(step, Say):
            self.run.advance()
            self.feedback, self.answers = [], None
            self.after_step()
        elif goal is not None and goal.action == SHOW:
            self.attempt(PLAY_KEY)

    def attempt(self, action: str) -> None:
        """The player's play (or pass) for an ``Ask`` step: through the table, whose gate is ``judge``."""
        goal, actions = self.run.goal, self.table.actions
        if goal is None or self.table.busy:
            return
        if goal.action == SHOW:  # the game is already over (an instant win): the lesson takes the cards itself
            cards = self.table.model.hand.selection
            verdict = self.run.pass_turn() if action == PASS else self.run.show(cards)
            if verdict.ok:
                self.table.model.hand.clear()
                self.accepted()
                self.table.choreo.relayout_hand()
                self.after_step()
            else:
                self.refused(verdict, cards if action != PASS else None)
        elif action == PASS:
            actions.try_pass()
        else:
            actions.try_play()

    def judge(self, cards: Sequence[Card] | None) -> Sequence[Event] | None:
        """The table's gate: a play of ``cards`` (``None``: a pass), whichever way the player made it, judged by
        the engine and then the lesson. Accepted, it is made and the lesson moves on (its events returned to be
        shown); refused, the panel says why and nothing changes."""
        goal = self.run.goal
        if goal is None or goal.action == SHOW:
            return None  # words to read first: no move is asked for yet
        verdict = self.run.pass_turn() if cards is None else self.run.play(list(cards))
        if not verdict.ok:
            self.refused(verdict, cards)
            return None
        self.accepted()
        self.save()
        self.refresh()
        return verdict.events

    def accepted(self) -> None:
        self.feedback, self.answers = [Line(t("learn.well_done"), theme.GREEN_OK, bold=True)], None
        self.wait = OPPONENT_PAUSE

    def refused(self, verdict: Verdict, cards: Sequence[Card] | None) -> None:
        """Say why in the panel, for as long as the selection and the turn it answers stay as they are."""
        game = self.run.game
        mine = classify(list(cards)) if cards else None
        why = verdict_lines(verdict, mine, game.table)
        self.feedback = [Line(x, theme.WARN, bold=i == 0) for i, x in enumerate(why)]
        self.answers = self.now()
        self.app.dirty = True

    def now(self) -> tuple[tuple[Card, ...], int]:
        """The selection and the turn (the game's actions so far) that feedback on a move answers."""
        return tuple(self.table.model.hand.selection), len(self.run.game.actions)

    def restart(self) -> None:
        if self.table.busy:
            self.table.tweener.finish_all()
        self.run.restart()
        session = self.table.session
        session.match = Match(self.run.rules, session.players, 0)
        session.match.current = self.run.game
        session.game = self.run.game
        self.feedback, self.answers = [], None
        self.wait = OPPONENT_PAUSE
        self.table.start_game()
        self.menu.progress.forget(self.run.lesson.id)
        self.after_step()

    def close(self) -> None:
        """Back to the lesson list (the lesson's progress is already kept)."""
        if self.table in self.app.stack:
            self.app.remove(self.table)

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        a = intent.action
        step = self.run.step
        if a in (Action.PLAY, Action.CONFIRM):
            if isinstance(step, Ask) and step.goal.action != SHOW:
                self.attempt(PLAY_KEY)
            else:
                self.proceed()
        elif a == Action.PASS:
            if isinstance(step, Ask):
                self.attempt(PASS)
        elif a == Action.HINT:
            self.hint()
        elif a == Action.PLAY_HINT:  # the lesson's hint, played as any move is: judged by the lesson
            self.play_hint()
        elif a == Action.BACK:
            if not self.table.handle(intent):
                self.close()
        elif a in (Action.POINTER_DOWN, Action.POINTER_UP, Action.HOVER):
            return self._pointer(intent)
        elif a == Action.TOGGLE and self.showing:
            self._toggle(intent.card)
        else:
            return False
        self.app.dirty = True
        return True

    @property
    def showing(self) -> bool:
        goal = self.run.goal
        return goal is not None and goal.action == SHOW

    def hint(self) -> None:
        """H selects what the step asks for (``LessonRun.hint``); for a pass, nothing."""
        goal = self.run.goal
        if goal is None or self.table.busy:
            return
        hand = self.table.model.hand
        if cards := self.run.hint():
            hand.select_only(cards)
        elif goal.action == PASS:
            hand.clear()
        self.table.choreo.relayout_hand()
        self.table.changed()

    def play_hint(self) -> None:
        """Shift+H: the hint made as the step's move (a pass when it asks for one), judged like any other."""
        goal = self.run.goal
        if goal is None:
            return
        self.hint()
        self.attempt(PASS if goal.action == PASS else PLAY_KEY)

    def _toggle(self, card: object) -> None:
        hand = self.table.model.hand
        if card in hand.cards:
            hand.toggle(card)  # type: ignore[arg-type]
            self.table.choreo.relayout_hand()
            self.table.changed()

    def _pointer(self, intent: Intent) -> bool:
        a, pos = intent.action, intent.pos
        mine = next((b for b in self.buttons if b.contains(pos)), None)
        table_button = self.table.controls.button_at(pos)
        if a == Action.HOVER:
            for b in self.buttons:
                b.hover = b is mine
            return False
        if a == Action.POINTER_DOWN:
            self.pressed = mine
            if mine is not None:
                mine.pressed = True
                return True
            if table_button is not None and table_button.action in (Action.PLAY, Action.PASS):
                return True  # judged on release, enabled or not: a refused move is explained, not ignored
            if self.showing:  # the game is already over (an instant win): the lesson picks the cards itself
                card = self.table.input.card_at(pos)
                if card is not None:
                    self._toggle(card)
                return True
            return False
        pressed, self.pressed = self.pressed, None
        for b in self.buttons:
            b.pressed = False
        if pressed is not None:
            if pressed is mine:
                self.restart() if pressed is self.restart_button else self.proceed()
            return True
        if table_button is not None and table_button.action in (Action.PLAY, Action.PASS):
            self.handle(Intent(table_button.action))
            return True
        return self.showing

    # -- drawing -------------------------------------------------------------------------------------
    def lines(self) -> list[Line]:
        return panel_lines(self.run, self.text_key, self.feedback, self.table.seat_name)

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        draw_panel(surface, panel_rect(lay), lay, self.lines(), self.buttons)
