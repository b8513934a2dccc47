"""Every way a player makes a move at the table, as real pygame events through the app: clicks and the Play
button, Enter, a double-click, Shift+H, a drag-selection, and for a pass the Pass button or P."""

from __future__ import annotations

import pygame

from game.engine.cards import Card
from tests.ui.conftest import wait_hint
from ui.intents import Action

WAYS = ("click_play", "enter", "double_click", "shift_h", "drag")
APART = 0.1  # seconds a frame; five of them keep two clicks from being a double-click


def frame(app, *events: pygame.event.Event, dt: float = 1 / 30) -> None:
    app.step(dt, list(events))


def key(app, k: int, mod: int = 0) -> None:
    frame(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def down(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def move(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def spot(table, card: Card) -> tuple[int, int]:
    """A point where ``card`` shows in the hand (not under the next card), as the player would click it."""
    rect = table.sprites.hand[card].rect(table.arts.hand)
    for x in range(rect.left + 2, rect.right, 3):
        for y in (rect.centery, rect.top + rect.height // 4):
            if table.input.card_at((x, y)) == card:
                return x, y
    raise AssertionError(f"{card} cannot be clicked")


def wait_apart(app) -> None:
    for _ in range(5):
        frame(app, dt=APART)


def click_card(app, table, card: Card) -> None:
    pos = spot(table, card)
    frame(app, down(pos), up(pos))
    wait_apart(app)


def click_button(app, table, action: Action) -> None:
    pos = table.controls.button(action).rect.center
    frame(app, down(pos), up(pos))


def select_by_clicks(app, table, cards) -> None:
    """Click cards until exactly ``cards`` are selected (a first click may pick a whole play)."""
    want = set(cards)
    hand = table.model.hand
    for _ in range(3):
        for card in hand.cards:
            if (card in hand.selected) != (card in want):
                click_card(app, table, card)
        if hand.selected == want:
            return
    raise AssertionError(f"could not click {sorted(want)} into the selection")


def drag_select(app, table, cards) -> None:
    """Drag across the hand from the first to the last of ``cards``, then click to put the rest right."""
    hand = table.model.hand
    hand.clear()
    order = [c for c in hand.cards if c in set(cards)]
    a, b = spot(table, order[0]), spot(table, order[-1])
    frame(app, down(a))
    frame(app, move((a[0] + 10, a[1])))
    frame(app, move(b))
    frame(app, up(b))
    wait_apart(app)
    if len(order) > 1:
        assert len(hand.selected) > 1, "the drag selected nothing"
    select_by_clicks(app, table, cards)


def double_click(app, table, cards) -> None:
    """Select all but the last card by clicks, then double-click the last one."""
    *rest, last = sorted(cards)
    if rest:
        select_by_clicks(app, table, rest)
    pos = spot(table, last)
    frame(app, down(pos), up(pos))
    pos = spot(table, last)  # the first click may have raised it
    frame(app, down(pos), up(pos))


def play_by(app, table, way: str, cards) -> None:
    """Play ``cards`` by ``way``."""
    if way == "click_play":
        select_by_clicks(app, table, cards)
        click_button(app, table, Action.PLAY)
    elif way == "enter":
        select_by_clicks(app, table, cards)
        key(app, pygame.K_RETURN)
    elif way == "double_click":
        double_click(app, table, cards)
    elif way == "shift_h":
        key(app, pygame.K_h, pygame.KMOD_LSHIFT)
        wait_hint(app, table)  # an ordinary table's hint is thought out first (a lesson's is at once)
    elif way == "drag":
        drag_select(app, table, cards)
        click_button(app, table, Action.PLAY)
    else:
        raise ValueError(way)


def pass_by(app, table, way: str) -> None:
    """Pass by ``way``'s nearest kin: Shift+H plays the hint (a pass), the keyboard's ways press P, the
    mouse's click the Pass button."""
    if way == "shift_h":
        key(app, pygame.K_h, pygame.KMOD_LSHIFT)
    elif way == "enter":
        key(app, pygame.K_p)
    else:
        click_button(app, table, Action.PASS)
