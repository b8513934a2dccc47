"""Random clicks, keys (Ctrl+Z and V among them) and resizes over the lesson list, every lesson and a practice
match: nothing breaks, a lesson's game only ever moves as its script says, and a still practice table shows
exactly its game."""

from __future__ import annotations

import os
import random

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.lessons import LESSONS  # noqa: E402
from game.lessons.steps import changes_game  # noqa: E402
from tests.ui.helpers import random_event  # noqa: E402
from ui.learn.lesson_menu import LessonMenu  # noqa: E402
from ui.learn.lesson_scene import LessonScene  # noqa: E402
from ui.learn.practice_scene import PracticeScene  # noqa: E402
from ui.table.model import TableModel  # noqa: E402

pytestmark = pytest.mark.slow  # random input for thousands of frames: -m 'not slow' skips it

EXTRA_KEYS = [pygame.K_z, pygame.K_v, pygame.K_RETURN, pygame.K_p, pygame.K_h]


def noise(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    events = [random_event(rng, size) for _ in range(rng.randrange(0, 3))]
    if rng.random() < 0.08:
        mod = pygame.KMOD_LCTRL if rng.random() < 0.5 else 0
        events.append(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(EXTRA_KEYS), mod=mod, unicode="", scancode=0))
    return [e for e in events if not (e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE)]


def test_soak_lessons_and_practice(make_app, monkeypatch) -> None:
    monkeypatch.setattr("game.engine.match.random.randrange", lambda n: 777)
    app, profile = make_app("en")
    rng = random.Random(5)
    app.top.items[[i.name for i in app.top.items].index("learn")].activate()
    menu = app.top
    assert isinstance(menu, LessonMenu)
    for lesson in LESSONS:
        menu.open(lesson)
        scene = app.top
        assert isinstance(scene, LessonScene)
        for _ in range(400):
            app.step(1 / 30, noise(rng, app.size))
            if app.top is not scene and isinstance(app.top, LessonMenu):
                break  # finished or left: both fine
            done = sum(1 for s in lesson.steps[: scene.run.index] if changes_game(s))
            assert len(scene.run.game.actions) == done  # only the script's moves, and the accepted ones
        while app.top is not menu:
            app.pop()
    from ui.learn.practice_scene import open_practice

    while len(app.stack) > 1:
        app.pop()
    open_practice(app, profile, profile.choice)
    practice = app.top
    assert isinstance(practice, PracticeScene)
    checks = 0
    for _ in range(1500):
        app.step(1 / 30, noise(rng, app.size))
        table = practice.table
        if table not in app.stack:
            break
        if not table.busy and not table.session.game.is_over and app.top is practice:
            truth = TableModel.from_game(table.session.game, 0)
            assert table.model.hands == truth.hands and table.model.pile == truth.pile
            assert table.model.passed == truth.passed
            checks += 1
    assert app.running and checks > 100
    assert profile.stats.variants == {}
