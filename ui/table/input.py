"""The table's input: intents from mouse, keyboard and tests become selections, plays and passes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from game.combos import classify
from game.game import IllegalMove
from ui import theme
from ui.intents import Action, Intent
from ui.table.effects import FloatText
from ui.table.words import reason_text
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.table.scene import TableScene

DRAG_THRESHOLD = 6


class TableInput:
    """Mixed into ``TableScene``: everything the player can do at the table."""

    def __init__(self: TableScene) -> None:
        self.buttons = [
            Button("table.sort", Action.SORT),
            Button("table.hint", Action.HINT),
            Button("table.pass", Action.PASS),
            Button("table.play", Action.PLAY, primary=True),
        ]
        self.pressed_button: Button | None = None
        self.drag_from: Card | None = None
        self.drag_origin = (0, 0)
        self.drag_on = True
        self.drag_base: set[Card] = set()
        self.dragging = False
        self.show_focus = False
        self.notice = ""
        self.layout_buttons()

    def layout_buttons(self: TableScene) -> None:
        for button, rect in zip(self.buttons, self.layout.buttons(len(self.buttons)), strict=False):
            button.rect = pygame.Rect(rect)

    def refresh_buttons(self: TableScene) -> None:
        g = self.session.game
        mine = self.human_turn()
        human = self.session.human
        has_hand = human is not None and not g.is_over
        sel = self.hand.selection
        by_action = {
            Action.PLAY: mine and bool(sel) and g.check_play(sel, human) is None,
            Action.PASS: mine and g.table is not None,
            Action.HINT: mine and bool(g.legal_moves(human)),
            Action.SORT: has_hand and bool(self.hand.cards),
        }
        for button in self.buttons:
            button.enabled = by_action[button.action]

    # -- hit testing ---------------------------------------------------------------------------------
    def card_at(self: TableScene, pos: tuple[int, int]) -> Card | None:
        for card in reversed(self.hand.cards):
            sp = self.hand_sprites.get(card)
            if sp is not None and sp.rect(self.art).collidepoint(pos):
                return card
        return None

    def button_at(self: TableScene, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.contains(pos)), None)

    # -- intents -------------------------------------------------------------------------------------
    def handle(self: TableScene, intent: Intent) -> bool:
        a = intent.action
        if a in (Action.POINTER_DOWN, Action.POINTER_MOVE, Action.POINTER_UP, Action.HOVER):
            return self._pointer(intent)
        if self.session.human is None or self.session.game.is_over:
            return False
        if a == Action.TOGGLE:
            self.click_card(intent.card)
        elif a == Action.CLEAR:
            self.clear_selection()
        elif a == Action.BACK:
            return self.clear_selection()
        elif a in (Action.LEFT, Action.RIGHT):
            self.show_focus = True
            self.hand.move_focus(-1 if a == Action.LEFT else 1)
        elif a == Action.UP and self.hand.cards:
            self.show_focus = True
            card = self.hand.cards[self.hand.focus]
            if card not in self.hand.selected:
                self.toggle_card(card)
        elif a == Action.DOWN and self.hand.cards:
            self.show_focus = True
            card = self.hand.cards[self.hand.focus]
            if card in self.hand.selected:
                self.toggle_card(card)
        elif a == Action.TOGGLE_FOCUS and self.hand.cards:
            self.show_focus = True
            self.toggle_card(self.hand.cards[self.hand.focus])
        elif a == Action.PLAY:
            self.try_play()
        elif a == Action.PASS:
            self.try_pass()
        elif a == Action.HINT:
            self.hint()
        elif a == Action.SORT:
            self.sort()
        else:
            return False
        return True

    def _pointer(self: TableScene, intent: Intent) -> bool:
        a, pos = intent.action, intent.pos
        if a == Action.HOVER:
            for b in self.buttons:
                b.hover = b.contains(pos)
            return True
        if a == Action.POINTER_DOWN:
            self.pressed_button = self.button_at(pos)
            if self.pressed_button:
                self.pressed_button.pressed = True
                return True
            card = self.card_at(pos) if self.session.human is not None else None
            self.drag_from, self.drag_origin, self.dragging = card, pos, False
            if card is not None:
                self.drag_on = card not in self.hand.selected
                self.drag_base = set(self.hand.selected)
            return True
        if a == Action.POINTER_MOVE:
            if self.drag_from is None:
                return True
            if not self.dragging and (abs(pos[0] - self.drag_origin[0]) + abs(pos[1] - self.drag_origin[1])
                                      > DRAG_THRESHOLD):
                self.dragging = True
            card = self.card_at(pos)
            if self.dragging and card is not None and card in self.hand.cards and self.drag_from in self.hand.cards:
                before = set(self.hand.selected)
                self.hand.select_range(self.drag_from, card, self.drag_on, self.drag_base)
                if self.hand.selected != before:
                    self.selection_changed()
            return True
        # POINTER_UP
        button, self.pressed_button = self.pressed_button, None
        for b in self.buttons:
            b.pressed = False
        if button is not None:
            if button.contains(pos) and button.enabled:
                self.handle(Intent(button.action))
            return True
        if self.drag_from is not None and not self.dragging:
            self.show_focus = False
            self.click_card(self.drag_from)
        self.drag_from, self.dragging = None, False
        return True

    # -- actions -------------------------------------------------------------------------------------
    def selection_changed(self: TableScene) -> None:
        self.notice = ""
        self.effects = [e for e in self.effects if e is not getattr(self, "refusal", None)]
        self.relayout_hand(animate=True)
        self.app.sound.play("select", 0.5)

    def toggle_card(self: TableScene, card: Card) -> None:
        self.hand.toggle(card)
        self.selection_changed()

    def click_card(self: TableScene, card: Card | None) -> None:
        """A click: with a play on the table, an empty selection picks the smallest play holding the card."""
        if card is None or card not in self.hand.cards:
            return
        g = self.session.game
        legal = g.legal_moves(self.session.human) if self.human_turn() else []
        if self.hand.smart_pick(card, legal, g.table is not None):
            self.selection_changed()
        else:
            self.toggle_card(card)

    def clear_selection(self: TableScene) -> bool:
        had = self.hand.clear()
        if had:
            self.selection_changed()
        return had

    def try_play(self: TableScene) -> bool:
        """Play the selection if the engine allows it; otherwise show the engine's reason."""
        g = self.session.game
        human = self.session.human
        sel = self.hand.selection
        if not self.human_turn():
            return False
        reason = g.check_play(sel, human)
        if reason is not None:
            self.refuse(reason_text(reason, classify(sel) if sel else None, g.table))
            return False
        try:
            events = g.play(sel, human)
        except IllegalMove as exc:  # check_play said yes; keep the table alive whatever happens
            self.refuse(str(exc))
            return False
        self.hand.clear()
        self.apply(events)
        return True

    def try_pass(self: TableScene) -> bool:
        g = self.session.game
        if not self.human_turn():
            return False
        try:
            events = g.pass_turn(self.session.human)
        except IllegalMove as exc:
            self.refuse(reason_text(exc.reason, None, g.table))
            return False
        self.hand.clear()
        self.relayout_hand(animate=True)
        self.apply(events)
        return True

    def hint(self: TableScene) -> None:
        if not self.human_turn():
            return
        if self.hand.next_hint(self.session.game.legal_moves(self.session.human)):
            self.relayout_hand(animate=True)
            self.app.sound.play("select", 0.5)

    def sort(self: TableScene) -> None:
        self.hand.toggle_sort()
        self.relayout_hand(animate=True)

    def refuse(self: TableScene, text: str) -> None:
        self.notice = text
        self.effects = [e for e in self.effects if e is not getattr(self, "refusal", None)]
        self.refusal = FloatText(life=1.2, value=text, at=(self.layout.size[0] // 2, self.layout.message_y),
                                 colour=theme.WARN, size=20, rise=10)
        self.effects.append(self.refusal)
