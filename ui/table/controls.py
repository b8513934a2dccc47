"""The player's controls as they stand: which buttons are lit, the status line, the dimmed cards.

Worked out by ``refresh`` whenever something happens (an event shown, the selection changed, the turn
passed, the window resized) and only read while drawing, so a frame never decides anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game.engine.cards import Card
from game.engine.combos import classify
from game.engine.game import Game
from game.engine.refusals import Refusal
from ui import theme
from ui.i18n import t
from ui.intents import Action
from ui.table.hand import unplayable
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.words import combo_name, place_word, reason_text, shown
from ui.widgets import Button

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class TurnState:
    """Where the match stands for the controls: the game, the shown table, and what the scene is doing."""

    game: Game
    model: TableModel
    dealing: bool
    busy: bool  # a move is still being shown
    auto_pass: bool = False  # the setting: pass for the player when nothing beats the table
    drag_learned: bool = True  # the player has drag-selected before: no need to suggest it

    @property
    def mine(self) -> bool:
        """The player may act now."""
        g, human = self.game, self.model.human
        return not g.is_over and not self.busy and human is not None and g.current_player == human


class Controls:
    """The action buttons, the status line and the dimmed cards of the human's hand."""

    def __init__(self) -> None:
        self.buttons = [
            Button("table.sort", Action.SORT),
            Button("table.hint", Action.HINT),
            Button("table.pass", Action.PASS),
            Button("table.play", Action.PLAY, primary=True),
        ]
        self.status: tuple[str, Colour] = ("", theme.WHITE)
        self.dimmed: frozenset[Card] = frozenset()
        self.notice = ""  # the last refusal, until the selection changes
        self.hint_note: tuple[int, str] | None = None  # (the turn it answers, "Hint: pass") from PlayerActions
        self.drag_hint = False  # suggest drag-selecting under the hand
        self.says: str | None = None  # a text key the status line says instead (a lesson: what Enter does there)
        self.visible = False
        self._judged: tuple[Game, tuple[int, int, tuple[Card, ...]], Refusal | None] | None = None

    def layout(self, lay: Layout) -> None:
        for button, rect in zip(self.buttons, lay.buttons(len(self.buttons)), strict=True):
            button.rect = pygame.Rect(rect)

    def button(self, action: Action) -> Button:
        return next(b for b in self.buttons if b.action == action)

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.contains(pos)), None) if self.visible else None

    def refresh(self, state: TurnState, name: Callable[[int], str]) -> None:
        g, model, human = state.game, state.model, state.model.human
        mine = state.mine
        sel = model.hand.selection
        legal = g.legal_moves(human) if mine else []
        refusal = self._judge(g, human, sel) if mine and human is not None and sel else None
        enabled = {
            Action.PLAY: mine and bool(sel) and refusal is None,
            Action.PASS: mine and g.table is not None,
            Action.HINT: mine and bool(legal),
            Action.SORT: human is not None and not g.is_over and bool(model.hand.cards),
        }
        for button in self.buttons:
            button.enabled = enabled[button.action]
        self.visible = human is not None and not g.is_over
        self.status = self._status(state, name, legal, refusal)
        dim = (human is not None and not state.dealing and not g.is_over and g.current_player == human
               and g.table is not None)
        self.dimmed = unplayable(g.hands[human], g.legal_moves(human)) if dim and human is not None else frozenset()
        self.drag_hint = mine and not state.drag_learned and len(model.hand.cards) > 1 and bool(legal)

    def _judge(self, g: Game, human: int, sel: list[Card]) -> Refusal | None:
        """The engine's word on playing ``sel`` now, asked once for a selection between two moves: the Play
        button, the status line and every refresh until the next move (a refusal shown, an event) share it."""
        key = (len(g.actions), human, tuple(sel))
        if self._judged is None or self._judged[0] is not g or self._judged[1] != key:
            self._judged = (g, key, g.check_play(sel, human))
        return self._judged[2]

    def _status(self, state: TurnState, name: Callable[[int], str], legal: list[tuple[Card, ...]],
                refusal: Refusal | None) -> tuple[str, Colour]:
        g, human = state.game, state.model.human
        if state.dealing:
            return t("table.dealing"), theme.MUTED
        if self.says is not None:
            return t(self.says), theme.GOLD
        if human is None:
            return t("table.demo"), theme.MUTED
        if g.is_over:
            return t("controls.game_over"), theme.GOLD
        place = state.model.place(human)
        if place is not None:
            return t("controls.you_are_out", place=place_word(place, g.players)), theme.MUTED
        if g.current_player != human:
            return t("table.waiting", name=name(g.current_player)), theme.MUTED
        if state.busy:
            return "", theme.WHITE
        sel = state.model.hand.selection
        if sel:
            combo = classify(sel)
            if refusal is None:
                return t("table.ready", combo=combo_name(combo)), theme.GREEN_OK
            return reason_text(refusal, combo, g.table), theme.WARN
        if self.hint_note is not None and self.hint_note[0] == len(g.log):  # "thinking of a hint", "hint: pass"
            return self.hint_note[1], theme.GOLD
        if g.table is None:
            if g.must_contain is not None:
                return t("table.must_contain", card=str(g.must_contain)), theme.GOLD
            return t("table.you_lead"), theme.GOLD
        if not legal:
            key = "controls.auto_passing" if state.auto_pass else "table.no_answer"
            return t(key, combo=shown(g.table)), theme.GOLD
        return t("table.beat_or_pass", combo=shown(g.table)), theme.GOLD
