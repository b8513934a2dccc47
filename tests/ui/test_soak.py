"""Random clicks, drags, keys and resizes for thousands of frames across several matches: nothing breaks."""

from __future__ import annotations

import random
import time

import pygame

from tests.ui.conftest import make_driver
from ui.results import ResultsScene

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_p, pygame.K_h, pygame.K_s,
        pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    pos = (rng.randrange(w), rng.randrange(int(h * 0.5), h) if rng.random() < 0.7 else rng.randrange(h))
    roll = rng.random()
    if roll < 0.3:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3)))
    if roll < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if roll < 0.7:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(rng.random() < 0.5, 0, 0))
    if roll < 0.985:
        return pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0)
    nw, nh = rng.randrange(900, 1700), rng.randrange(560, 1000)
    return pygame.event.Event(pygame.VIDEORESIZE, w=nw, h=nh, size=(nw, nh))


def test_soak_random_input_across_matches() -> None:
    start = time.monotonic()
    frames = 0
    games = 0
    for seed, opponents in ((11, 3), (12, 1), (13, 2)):
        d = make_driver(seed=seed, opponents=opponents)
        rng = random.Random(seed)
        for _ in range(2500):
            events = [random_event(rng, d.app.size) for _ in range(rng.randrange(0, 3))]
            top = d.app.top
            if isinstance(top, ResultsScene) and rng.random() < 0.05:
                events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
            d.app.step(1 / 30, events)
            frames += 1
        games += len(d.table.session.match.results)
        assert d.app.running
    assert frames == 7500
    assert games >= 2
    assert time.monotonic() - start < 60
