"""A lesson on the table: the instruction panel, the scripted opponents' moves, and the player's moves checked
by the lesson (``game.lessons``) — a refused one explained in the panel — with progress kept after each step.

``LessonScene`` sits just above a ``TableScene`` whose opponents the computer does not play: the lesson plays
them. It takes the player's Play and Pass (keys and the table's buttons) to the lesson first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.combos import classify
from game.lessons import LESSONS, Ask, Lesson, LessonRun, Opponent, Say
from game.lessons.steps import PASS, SHOW, Verdict
from game.match import Match
from game.rules import Rules
from ui import theme
from ui.i18n import language, t
from ui.intents import Action, Intent
from ui.learn.panel import Line, button_row, draw_panel, panel_rect
from ui.learn.words import payment_lines, verdict_lines
from ui.scene import Scene
from ui.table.words import amount
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.app import App
    from ui.learn.lesson_menu import LessonMenu
    from ui.persist.profile import Profile
    from ui.table.scene import TableScene

NAMES = ("", "Lan", "Minh", "Tuấn")
OPPONENT_PAUSE = 0.9  # seconds before a scripted opponent moves, at normal speed


class LessonScene(Scene):
    """Runs one lesson over its table."""

    opaque = False
    modal = False

    def __init__(self, app: App, table: TableScene, run: LessonRun, menu: LessonMenu) -> None:
        super().__init__(app)
        self.table, self.run, self.menu = table, run, menu
        self.feedback: list[Line] = []
        self.text_key = ""
        self.wait = OPPONENT_PAUSE
        self.go = Button("learn.continue", Action.CONFIRM, primary=True)
        self.restart_button = Button("learn.restart", Action.CLEAR)
        self.pressed: Button | None = None
        self.refresh()
        self.layout_buttons()

    # -- the lesson ----------------------------------------------------------------------------------
    def _text_key(self) -> str:
        """The words on show: the current step's, or (while an opponent moves) the last ones shown."""
        steps = self.run.lesson.steps
        for i in range(min(self.run.index, len(steps) - 1), -1, -1):
            if isinstance(steps[i], (Say, Ask)):
                return steps[i].text  # type: ignore[union-attr]
        return self.run.lesson.title

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
        key = self._text_key()
        if key != self.text_key:
            self.feedback = []  # new words answer the last move themselves
        self.text_key = key
        goal = self.run.goal
        self.go.label_key = ("learn.finish" if self.run.done else
                             "learn.show" if goal is not None and goal.action == SHOW else "learn.continue")
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
        table = self.table
        if table.busy or table not in self.app.stack:
            return
        if isinstance(self.run.step, Opponent):
            self.wait -= dt * max(0.1, self.app.settings.opponent_speed)
            if self.wait <= 0:
                self.wait = OPPONENT_PAUSE
                table.submit(self.run.advance())
                self.after_step()

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
            self.feedback = []
            self.after_step()
        elif goal is not None and goal.action == SHOW:
            self.attempt(PLAY_KEY)

    def attempt(self, action: str) -> None:
        """The player's play (or pass) for an ``Ask`` step, judged by the engine and then the lesson."""
        table, goal = self.table, self.run.goal
        if goal is None or table.busy:
            return
        hand = table.model.hand
        cards = hand.selection
        game = self.run.game
        top = game.table
        if action == PASS:
            verdict: Verdict = self.run.pass_turn()
        elif goal.action == SHOW:
            verdict = self.run.show(cards)
        else:
            verdict = self.run.play(cards)
        if verdict.ok:
            hand.clear()
            self.feedback = [Line(t("learn.well_done"), theme.GREEN_OK, bold=True)]
            table.submit(list(verdict.events))
            table.choreo.relayout_hand()
            self.wait = OPPONENT_PAUSE
            self.after_step()
            return
        mine = classify(cards) if cards and action != PASS else None
        why = verdict_lines(verdict, mine, top)
        self.feedback = [Line(x, theme.WARN, bold=i == 0) for i, x in enumerate(why)]
        self.app.dirty = True

    def restart(self) -> None:
        if self.table.busy:
            self.table.tweener.finish_all()
        self.run.restart()
        session = self.table.session
        session.match = Match(self.run.rules, session.players, 0)
        session.match.current = self.run.game
        session.game = self.run.game
        self.feedback = []
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
        """H selects the cards the step names (the lesson's own hint)."""
        goal = self.run.goal
        if goal is not None and goal.cards:
            self.table.model.hand.select_only(goal.card_list)
            self.table.choreo.relayout_hand()
            self.table.changed()

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
        lesson = self.run.lesson
        number = LESSONS.index(lesson) + 1 if lesson in LESSONS else 0
        out = [Line(f"{number}. {t(lesson.title)}", theme.GOLD, bold=True)]
        out.append(Line(self.words(self.text_key), theme.WHITE))
        step = self.run.step
        if (isinstance(step, Say) and step.result) or (self.run.done and self._shows_result()):
            out += [Line(x, theme.CREAM) for x in self.result_lines()]
        return out + self.feedback

    def _shows_result(self) -> bool:
        last = self.run.lesson.steps[-1]
        return isinstance(last, Say) and last.result

    def words(self, key: str) -> str:
        facts = self.run.facts()
        rules = self.run.rules
        return t(key, variant=rules.name.get(language()) or rules.id, chop=amount(facts["chop"]),
                 won=amount(facts["won"]))  # fmt: skip

    def result_lines(self) -> list[str]:
        result = self.run.game.result
        return payment_lines(result, self.run.rules, self.table.seat_name) if result is not None else []

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        draw_panel(surface, panel_rect(lay), lay, self.lines(), self.buttons)


PLAY_KEY = "play"


def open_lesson(app: App, profile: Profile, lesson: Lesson, rules: Rules, menu: LessonMenu) -> LessonScene:
    """Sit the player at ``lesson``: resumed where it was left, or from its first step."""
    from ui.persist.choices import Difficulty, MatchChoice
    from ui.table.scene import TableScene
    from ui.table.session import Session

    point = menu.progress.open.get(lesson.id)
    run = LessonRun(lesson, rules)
    if point is not None:
        try:
            run = LessonRun.resume(lesson, rules, point)
        except ValueError:
            menu.progress.forget(lesson.id)  # the lesson changed since: start it again
    players = len(lesson.hands)
    match = Match(rules, players, 0)
    match.current = run.game
    levels: tuple[Difficulty, ...] = tuple("easy" for _ in range(players - 1))  # unused: the lesson plays them
    choice = MatchChoice(variant=rules.id, opponents=levels)
    session = Session(choice, match, names=NAMES[:players])  # no listeners: a lesson is never saved or counted
    session.bots = {}  # the lesson plays the opponents
    table = TableScene(app, session)
    app.push(table)
    scene = LessonScene(app, table, run, menu)
    app.push(scene)
    return scene
