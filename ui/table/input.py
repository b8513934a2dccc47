"""The table's input: intents from mouse, keyboard and tests become the player's actions.

Hit testing reads what the last layout put on screen (the buttons' rectangles, the hand's sprites); it
never draws and nothing here is set while drawing.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cards import Card
from ui.intents import Action, Intent
from ui.table.actions import PlayerActions
from ui.table.controls import Controls
from ui.table.sprites import Arts, TableSprites
from ui.widgets import Button

DRAG_THRESHOLD = 6
DOUBLE_CLICK_SECONDS = 0.45  # a second click on the same card this soon is a double-click
POINTER = (Action.POINTER_DOWN, Action.POINTER_MOVE, Action.POINTER_UP, Action.HOVER)


class TableInput:
    """Turns intents into ``PlayerActions``; keeps the pointer's state (pressed button, drag selection).
    ``can_act()`` is False for a demo table or a finished game; ``dragged()`` is told of each drag-selection.
    Time is the scene's (``tick``), so a double-click is the same in a test as in play."""

    def __init__(self, actions: PlayerActions, controls: Controls, sprites: TableSprites, arts: Callable[[], Arts],
                 can_act: Callable[[], bool], dragged: Callable[[], None] = lambda: None) -> None:
        self.actions, self.controls, self.sprites, self.arts = actions, controls, sprites, arts
        self.can_act, self.dragged = can_act, dragged
        self.time = 0.0
        self.last_click: tuple[Card, float] | None = None  # the card last clicked, and when
        self.pressed_button: Button | None = None
        self.drag_from: Card | None = None
        self.drag_origin = (0, 0)
        self.drag_on = True
        self.drag_base: set[Card] = set()
        self.dragging = False
        self.keys: dict[Action, Callable[[], object]] = {
            Action.CLEAR: actions.clear_selection,
            Action.LEFT: lambda: self._keyboard(lambda: actions.move_focus(-1)),
            Action.RIGHT: lambda: self._keyboard(lambda: actions.move_focus(1)),
            Action.UP: lambda: self._keyboard(lambda: actions.lift_focused(True)),
            Action.DOWN: lambda: self._keyboard(lambda: actions.lift_focused(False)),
            Action.TOGGLE_FOCUS: lambda: self._keyboard(actions.toggle_focused),
            Action.PLAY: actions.try_play,
            Action.PASS: actions.try_pass,
            Action.HINT: actions.hint,
            Action.PLAY_HINT: actions.play_hint,
            Action.SORT: actions.sort,
        }

    def tick(self, dt: float) -> None:
        self.time += dt

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        hand, art = self.actions.hand, self.arts().hand
        for card in reversed(hand.cards):
            sp = self.sprites.hand.get(card)
            if sp is not None and sp.rect(art).collidepoint(pos):
                return card
        return None

    def handle(self, intent: Intent) -> bool:
        a = intent.action
        if a in POINTER:
            return self._pointer(intent)  # the app redraws after every intent; actions refresh the controls
        if not self.can_act():
            return False
        if a == Action.TOGGLE:
            self.actions.click_card(intent.card)
        elif a == Action.BACK:
            return self.actions.clear_selection()
        elif a in self.keys:
            self.keys[a]()
        else:
            return False
        return True

    def _keyboard(self, fn: Callable[[], None]) -> None:
        fn()  # an arrow key finds the cursor still hidden: it shows it where it is (HandModel.move_focus)
        self.actions.show_focus(True)

    def _pointer(self, intent: Intent) -> bool:
        a, pos = intent.action, intent.pos
        if a == Action.HOVER:
            for b in self.controls.buttons:
                b.hover = self.controls.visible and b.contains(pos)
            return True
        if a == Action.POINTER_DOWN:
            self.pressed_button = self.controls.button_at(pos)
            if self.pressed_button:
                self.pressed_button.pressed = True
                return True
            card = self.card_at(pos) if self.can_act() else None
            self.drag_from, self.drag_origin, self.dragging = card, pos, False
            if card is not None:
                self.drag_on = card not in self.actions.hand.selected
                self.drag_base = set(self.actions.hand.selected)
            return True
        if a == Action.POINTER_MOVE:
            self._drag(pos)
            return True
        # POINTER_UP
        button, self.pressed_button = self.pressed_button, None
        for b in self.controls.buttons:
            b.pressed = False
        if button is not None:
            if button.contains(pos) and button.enabled:
                self.handle(Intent(button.action))
            return True
        if self.drag_from is not None and not self.dragging:
            self.actions.show_focus(False)  # the mouse took over: the keyboard cursor goes until the next key
            self._click(self.drag_from)
        elif self.dragging:
            self.last_click = None
            self.dragged()
        self.drag_from, self.dragging = None, False
        return True

    def _click(self, card: Card) -> None:
        last, self.last_click = self.last_click, (card, self.time)
        if last is not None and last[0] == card and self.time - last[1] <= DOUBLE_CLICK_SECONDS:
            self.last_click = None  # a third click starts afresh
            self.actions.double_click(card)
        else:
            self.actions.click_card(card)

    def _drag(self, pos: tuple[int, int]) -> None:
        hand = self.actions.hand
        if self.drag_from is None:
            return
        moved = abs(pos[0] - self.drag_origin[0]) + abs(pos[1] - self.drag_origin[1])
        self.dragging = self.dragging or moved > DRAG_THRESHOLD
        card = self.card_at(pos)
        if self.dragging and card is not None and card in hand.cards and self.drag_from in hand.cards:
            before = set(hand.selected)
            hand.select_range(self.drag_from, card, self.drag_on, self.drag_base)
            if hand.selected != before:
                self.actions.selection_changed()
