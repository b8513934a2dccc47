"""Practice at the table: take back your moves (button or Ctrl+Z), show every hand (V), and a hint that says
why (H). A practice match is never saved as a match and never counted in the statistics; its finished
games are kept in the history, marked practice, each once as it last ended.

``PracticeScene`` sits just above the table and lets every intent through except its own; it draws its panel
over the table's free corner.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.match import Match
from game.lessons.practice import Practice
from game.review.advice import Advice
from game.table.choice import MatchChoice
from ui import theme
from ui.i18n import t
from ui.intents import Action, Intent
from ui.learn.panel import Line, button_row, draw_panel, practice_rect, text_fits
from ui.learn.words import advice_lines
from ui.menus.dialogs import Dialog
from ui.menus.widgets import blit_text
from ui.results import ResultsScene
from ui.scene import Scene
from ui.screen import text_px, unit
from ui.table.hint_job import HintJob
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host
    from ui.table.scene import TableScene

POINTER = (Action.POINTER_DOWN, Action.POINTER_UP, Action.HOVER)
MAX_REASONS = 2  # the most telling reasons; the panel shares the table's corner with the seats


class PracticeScene(Scene):
    """The practice controls over a table; the table itself plays as usual."""

    opaque = False
    modal = False

    def __init__(self, app: Host, table: TableScene, hints: HintJob | None = None) -> None:
        super().__init__(app)
        self.table = table
        self.hints = hints or HintJob()  # the coach's best move, searched in the worker process
        self.practice = Practice(table.session.game, 0)
        self.reveal = False
        self.advice: Advice | None = None
        self.note = ""  # one line of feedback: "your move was taken back", "nothing to take back"
        self.undo_button = Button("practice.undo", Action.UNDO)
        self.reveal_button = Button("practice.show_hands", Action.REVEAL)
        self.pressed: Button | None = None
        self.table_hint = False  # the table's own Hint button is pressed: practice answers it
        self.play_asked = False  # Shift+H before the hint came: play it when it does
        self._moves = len(self.practice.game.actions)
        self.sync()

    @property
    def buttons(self) -> list[Button]:
        return [self.undo_button, self.reveal_button]

    # -- the game ------------------------------------------------------------------------------------
    def sync(self) -> None:
        """Follow the table: its next game (a new deal after the results screen), or a move made."""
        game = self.table.session.game
        if game is not self.practice.game:
            self.practice = Practice(game, 0)
            self.advice, self.note = None, ""
            self.hints.cancel()
        if len(game.actions) != self._moves:
            self._moves = len(game.actions)
            self.advice = None  # a hint is for the position it was asked in
            if self.hints.thinking:
                self.hints.cancel()
                self.note = ""
            self.play_asked = False
        self.undo_button.enabled = self.practice.can_undo and not self.table.busy
        button_row(practice_rect(self.table.layout), self.buttons, self.table.layout)  # input reads the rects

    def update(self, dt: float) -> None:
        self.sync()
        advice = self.hints.answer(self.table.session.game)
        if advice is not None:
            self.show(advice)
            if self.play_asked:
                self.play_hint()

    def leave(self) -> None:
        self.hints.cancel()

    def animating(self) -> bool:
        return self.hints.thinking  # keep stepping: the answer is looked for every frame

    def undo(self) -> None:
        self.sync()
        table = self.table
        if table.busy:
            return  # a move is still being shown: its events are not on the table yet
        if not self.practice.can_undo:
            self.note = t("practice.nothing_to_undo")
            return
        self.hints.cancel()  # a hint asked before the take-back is for a position no longer on the table
        self.play_asked = False
        game = self.practice.undo()
        session = table.session
        match = session.match
        if match.current is None and match.results:  # the game had ended and was counted in the match: uncount it
            data = match.to_dict()
            data["games"], data["current"] = data["games"][:-1], game.to_dict()
            session.match = Match.from_dict(data, match.rules)
            game = self.practice.game = session.match.current or game
        else:
            match.current = game
        session.game = game
        table.start_game()  # rebuilt from the game: the round's pile, passes and hands as they were
        table.model.all_face_up = self.reveal
        self._moves = len(game.actions)
        self.advice, self.note = None, t("practice.undone")
        table.changed()

    def toggle_reveal(self) -> None:
        self.reveal = not self.reveal
        self.reveal_button.primary = self.reveal
        self.table.model.all_face_up = self.reveal
        self.table.changed()

    def hint(self) -> None:
        """Ask for the coach's best move; ``show`` puts it in the hand, with its reasons, when it comes."""
        self.sync()
        table = self.table
        game = table.session.game
        if not table.human_turn() or self.hints.answers(game):
            return
        self.hints.cancel()  # one for another position is dropped
        self.advice, self.note = None, t("practice.thinking")
        self.hints.ask(game, 0, table.session.levels())  # the table as the coach will picture it
        table.changed()

    def play_hint(self) -> None:
        """Shift+H: play the hint on show (the coach's best move, or its pass); without one, ask and play it."""
        self.sync()
        table = self.table
        if not table.human_turn():
            return
        if self.advice is not None and self.advice.move is None and table.session.game.table is None:
            self.advice = None  # a pass is no hint for a lead
        if self.advice is None:
            self.play_asked = True
            self.hint()
            return
        self.play_asked = False
        if self.advice.move:
            table.model.hand.select_only(self.advice.move)
            table.actions.try_play()
        elif table.session.game.table is not None:
            table.actions.try_pass()

    def show(self, advice: Advice) -> None:
        """The hinted move selected in the hand, and its reasons in the panel (never a pass while leading)."""
        table = self.table
        if advice.move is None and table.session.game.table is None:
            return
        self.advice, self.note = advice, ""
        hand = table.model.hand
        if advice.move:
            hand.select_only(advice.move)
        else:
            hand.clear()
        table.choreo.relayout_hand()
        table.changed()

    # -- input ---------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        a = intent.action
        if a == Action.UNDO:
            self.undo()
        elif a == Action.REVEAL:
            self.toggle_reveal()
        elif a == Action.HINT:
            self.hint()
        elif a == Action.PLAY_HINT:
            self.play_hint()
        elif a == Action.BACK:
            if not self.table.handle(intent):  # Esc first drops a selection
                self.app.push(self.leave_dialog())
        elif a in POINTER:
            return self._pointer(intent)
        else:
            return False
        self.app.dirty = True
        return True

    def _pointer(self, intent: Intent) -> bool:
        a, pos = intent.action, intent.pos
        hit = next((b for b in self.buttons if b.contains(pos)), None)
        if a == Action.HOVER:
            for b in self.buttons:
                b.hover = b is hit
            return False  # the table still tracks its own hover
        table_button = self.table.controls.button_at(pos)
        on_hint = table_button is not None and table_button.action == Action.HINT
        if a == Action.POINTER_DOWN:
            self.pressed = hit
            self.table_hint = hit is None and on_hint  # the table's Hint button gives the hint that says why
            if hit is None:
                return self.table_hint
            hit.pressed = True
            return True
        if self.table_hint:
            self.table_hint = False
            if on_hint:
                self.hint()
            return True
        pressed, self.pressed = self.pressed, None
        for b in self.buttons:
            b.pressed = False
        if pressed is None:
            return False
        if pressed is hit:
            self.handle(Intent(pressed.action))
        return True

    def leave_dialog(self) -> Dialog:
        return Dialog(self.app, lambda: t("practice.leave_title"), lambda: t("practice.leave_body"),
                      [(lambda: t("confirm.to_menu"), self.close, False),
                       (lambda: t("practice.keep_playing"), self.stay, True)])  # fmt: skip

    def stay(self) -> None:
        self.app.pop()

    def close(self) -> None:
        """Leave the table (this panel and any dialog over it go with it)."""
        if self.table in self.app.stack:
            self.app.remove(self.table)

    # -- drawing -------------------------------------------------------------------------------------
    def lines(self) -> list[Line]:
        """The badge (beside the buttons), then the hint's headline and as many of its reasons as fit whole."""
        out = [Line(t("practice.badge"), theme.GOLD, bold=True)]
        if self.advice is not None:
            names = [self.table.seat_name(s) for s in range(self.table.model.players)]
            head, *reasons = advice_lines(self.advice, names)
            out.append(Line(head, theme.GOLD, bold=True))
            lay = self.table.layout
            rect = practice_rect(lay)
            for reason in reasons[:MAX_REASONS]:
                more = [*out, Line(reason)]
                if not text_fits(rect, lay, more, self.buttons):
                    break  # a reason is shown whole or not at all: the first is the most telling
                out = more
        elif self.note:
            out.append(Line(self.note, theme.MUTED))
        else:
            out.append(Line(t("practice.keys"), theme.MUTED))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        draw_panel(surface, practice_rect(lay), lay, self.lines(), self.buttons)


def open_practice(app: Host, profile: Profile, choice: MatchChoice, seed: int | None = None) -> TableScene:
    """Sit the player at a practice match: the table and its results screen (``open_table`` without a profile,
    so nothing is saved or counted), and the practice controls above it."""
    from ui.table.keeper import PracticeKeeper, open_table

    match = Match(profile.rules_for(choice), choice.players, seed)
    table = open_table(app, None, choice, match)
    table.session.listeners.append(PracticeKeeper(profile, choice))  # kept in the history, marked practice
    practice = PracticeScene(app, table)
    table.on_game_over = lambda scene: app.push(PracticeResults(app, scene, practice))
    app.push(practice)
    return table


class PracticeResults(ResultsScene):
    """The results screen of a practice game: Ctrl+Z takes back your last move and plays on from there."""

    def __init__(self, app: Host, table: TableScene, practice: PracticeScene) -> None:
        super().__init__(app, table)
        self.practice = practice

    def handle(self, intent: Intent) -> bool:
        if intent.action != Action.UNDO:
            return super().handle(intent)
        if self.practice.practice.can_undo:
            self.app.pop()
            self.practice.undo()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w, h = surface.get_size()
        size = text_px(15, unit((w, h)))
        blit_text(surface, t("practice.undo_from_results"), size, theme.MUTED, midbottom=(w // 2, h - size // 2))
