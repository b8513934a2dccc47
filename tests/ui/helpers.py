"""Shared by the UI tests: random input for the soaks."""

from __future__ import annotations

import random

import pygame

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_p, pygame.K_h, pygame.K_s,
        pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN]


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    """A click, release, drag, key (one of ``KEYS``) or resize somewhere in a window of ``size``."""
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
