"""The keyboard cursor in the hand: shown from the first key, stopping at the ends, and marking one card only."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from game.engine.cards import DECK, Card, parse_cards
from game.engine.game import Game
from game.engine.match import Match
from game.rules.loader import load_rules
from game.table.choice import MatchChoice
from game.table.session import Session
from ui.app import App
from ui.settings_model import Settings
from ui.table import draw
from ui.table.focus import focus_glow, glow_width
from ui.table.scene import TableScene

DT = 1 / 30
# the player's hand once a pair of 3s has gone: 11 cards, the last two A♥ and 2♥
MINE = "3s 3c 4d 5h 6s 7c 8d 9h Ts Jc Qd Ah 2h"


def deal() -> list[list[Card]]:
    """The player's hand and the rest of the deck shared out (a fixed shuffle that makes no instant win)."""
    mine = parse_cards(MINE)
    rest = [c for c in DECK if c not in mine]
    random.Random(4).shuffle(rest)
    return [mine, rest[:13], rest[13:26], rest[26:]]


@pytest.fixture
def table() -> Iterator[TableScene]:
    """A match resumed (as Continue does) after the player led a pair: a table built from a game in progress."""
    app = App(Settings(animation_speed=4.0, muted=True, language="en"), size=(1280, 720))
    rules = load_rules("mien-nam")
    match = Match(rules, 4, 0)
    match.current = Game(rules, deal(), leader=0)
    assert not match.current.is_over
    match.current.play(parse_cards("3s 3c"), 0)
    session = Session(MatchChoice("mien-nam", ("easy",) * 3), match, names=["", "Lan", "Minh", "Tuấn"])
    session.bots = {}  # nobody moves but the test
    scene = TableScene(app, session)
    app.push(scene)
    settle(scene)
    yield scene
    pygame.display.quit()


def settle(scene: TableScene, frames: int = 40) -> None:
    for _ in range(frames):
        scene.app.step(DT, [])


def press(scene: TableScene, key: int, times: int = 1) -> None:
    for _ in range(times):
        scene.app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def focused(scene: TableScene) -> Card | None:
    return scene.model.hand.focused


def test_left_twelve_times_then_right_ten_lands_on_the_eleventh_card(table: TableScene) -> None:
    """Once, Left ×12 then Right ×10 in an 11-card hand landed on A♥: the cursor wrapped round past the first
    card. It stops at the ends, so the count from the first card is what the player expects."""
    hand = table.model.hand.cards
    assert len(hand) == 11 and [str(c) for c in hand[-2:]] == ["A♥", "2♥"]
    press(table, pygame.K_LEFT, 12)
    assert focused(table) == hand[0]
    press(table, pygame.K_RIGHT, 10)
    assert str(focused(table)) == "2♥"
    press(table, pygame.K_RIGHT, 5)
    assert str(focused(table)) == "2♥"  # past the last card it stays on it


def test_the_first_key_shows_the_cursor_where_it_is_and_raises_its_card(table: TableScene) -> None:
    hand = table.model.hand
    assert focused(table) is None
    press(table, pygame.K_RIGHT)
    assert focused(table) == hand.cards[0]  # shown, not yet moved: the player sees where it starts
    settle(table)
    sprites, lay = table.sprites.hand, table.layout
    assert sprites[hand.cards[0]].lift == lay.focus_lift > 0
    assert all(sprites[c].lift == 0 for c in hand.cards[1:])
    press(table, pygame.K_RIGHT)
    settle(table)
    assert focused(table) == hand.cards[1]
    assert sprites[hand.cards[0]].lift == 0 and sprites[hand.cards[1]].lift == lay.focus_lift
    assert lay.focus_lift < lay.lift  # a raised cursor still reads apart from a selected card


def test_a_click_hides_the_cursor_and_the_next_key_shows_it_at_the_clicked_card(table: TableScene) -> None:
    hand = table.model.hand
    press(table, pygame.K_RIGHT, 3)
    card = hand.cards[5]
    rect = table.sprites.hand[card].rect(table.arts.hand)
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(rect.left + 4, rect.centery), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(rect.left + 4, rect.centery), button=1)
    table.app.step(DT, [down, up])
    assert focused(table) is None and card in hand.selected
    press(table, pygame.K_LEFT)
    assert focused(table) == card


@pytest.mark.parametrize(("index", "selected"), [(0, ()), (4, (5,)), (4, (4, 5)), (10, (9,))])
def test_the_cursor_glow_marks_its_card_and_lies_over_no_other(table: TableScene, monkeypatch: pytest.MonkeyPatch,
                                                              index: int, selected: tuple[int, ...]) -> None:
    """The old cursor was a thin rim round the whole card: on overlapping cards it ran along the next card's top
    and bottom too and read as a frame round two cards. The glow follows the part of the card that shows,
    whatever is lifted round it (a selected neighbour, or the cursor's card selected with it)."""
    hand = table.model.hand
    press(table, pygame.K_RIGHT, index + 1)
    hand.select_only([hand.cards[i] for i in selected])
    table.choreo.relayout_hand()
    settle(table)
    drawn: list[pygame.Rect] = []
    real = draw.focus_glow
    monkeypatch.setattr(draw, "focus_glow", lambda art, rect, later: (drawn.append(rect), real(art, rect, later))[1])
    table.app.draw()
    art = table.arts.hand
    rects = [table.sprites.hand[c].rect(art) for c in hand.cards]
    assert drawn == [rects[index]]  # the frame drew the cursor's glow, on its card
    glow, where = focus_glow(art, rects[index], rects[index + 1:])
    room = glow_width(art)
    mine = rects[index]
    lit = [(where.x + x, where.y + y) for x in range(glow.get_width()) for y in range(glow.get_height())
           if glow.get_at((x, y)).a > 0]  # fmt: skip
    assert lit
    for p in lit:
        assert not any(r.collidepoint(p) for r in rects[index + 1:])  # never over a card drawn after it
        assert mine.inflate(2 * room + 2, 2 * room + 2).collidepoint(p)  # only round its own card
    if index + 1 < len(rects):
        nxt = rects[index + 1]
        edge = nxt.left + room + art.radius  # the strip that shows, and the next card's rounded corner
        for x, y in (p for p in lit if p[0] >= edge):  # beyond the strip of the card that shows:
            above = mine.top < nxt.top and y < nxt.top  # only along an edge of the card that shows
            below = mine.bottom > nxt.bottom and y >= nxt.bottom
            assert above or below, (x, y)
        if mine.top == nxt.top:  # side by side at one height: nothing at all beside the strip
            assert all(p[0] < edge for p in lit)
