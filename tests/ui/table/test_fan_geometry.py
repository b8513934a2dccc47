"""An opponent's cards have one geometry, the layout's fan: the painter draws them there and the texts placed
beside a seat (seat_texts) keep clear of exactly that, at every side, count, size and face."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pygame
import pytest

from game.engine.cards import deal
from ui.card_art import art_for
from ui.table import painter
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.seat_texts import fan_rect

SIZES = ((960, 600), (1280, 720), (1150, 900), (1920, 1080))


class Spy(pygame.Surface):
    """A picture that remembers where each image was blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.rects: list[pygame.Rect] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[no-untyped-def, override]
        self.rects.append(pygame.Rect(dest, source.get_size()))
        return super().blit(source, dest, area, special_flags)


@pytest.fixture(autouse=True)
def window() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    yield
    pygame.display.quit()


def model_for(players: int, counts: list[int], revealed: bool, dealing: bool) -> TableModel:
    dealt = deal(players, random.Random(players * 100 + sum(counts)))
    hands = [hand[:n] for hand, n in zip(dealt, counts, strict=True)]
    return TableModel(hands, human=0, revealed=revealed, dealt=counts if dealing else None)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_fan_drawn_is_the_fan_the_seat_texts_avoid(size: tuple[int, int], players: int) -> None:
    lay = Layout(size, players)
    art = art_for(lay.small_w)
    seen = set()
    for count in range(1, 14):
        for revealed in (False, True):
            for dealing in (False, True):
                model = model_for(players, [count] * players, revealed, dealing)
                for place in lay.seats[1:]:
                    spy = Spy(size)
                    painter.fan(spy, place, lay, art, model.count(place.seat), model.shown_faces(place.seat))
                    assert len(spy.rects) == count
                    drawn = spy.rects[0].unionall(spy.rects[1:])
                    assert fan_rect(place, lay, model) == drawn, (place.side, count, revealed, dealing)
                    seen.add((place.vertical, revealed and not dealing))
    assert len(seen) == (4 if players == 4 else 2)  # a row at the top, columns at the sides; down and up


def test_no_cards_no_fan() -> None:
    lay = Layout((1280, 720), 4)
    model = model_for(4, [13, 0, 0, 0], revealed=True, dealing=False)
    assert all(fan_rect(place, lay, model) is None for place in lay.seats[1:])
    spy = Spy((1280, 720))
    painter.fan(spy, lay.seats[1], lay, art_for(lay.small_w), 0, [])
    assert spy.rects == []
