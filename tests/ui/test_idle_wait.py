"""While nothing moves the loop sleeps, yet input (or a notice's wake-up) ends the sleep at once."""

from __future__ import annotations

import time

import pygame

from tests.ui.conftest import Driver


def test_the_idle_wait_ends_when_input_arrives(my_turn: Driver) -> None:
    app = my_turn.app
    my_turn.step(120)
    assert not app.animating()
    pygame.event.clear()
    timer = pygame.event.custom_type()
    pygame.time.set_timer(timer, 150, loops=1)
    start = time.monotonic()
    events = app.wait_for_events(5.0)
    assert timer in [e.type for e in events]
    assert time.monotonic() - start < 1.0


def test_the_idle_wait_gives_up_after_its_limit(my_turn: Driver) -> None:
    pygame.event.clear()
    start = time.monotonic()
    assert my_turn.app.wait_for_events(0.2) == []
    assert 0.15 < time.monotonic() - start < 1.5
