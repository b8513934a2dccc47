"""Random clicks, drags, keys and resizes on the replay, the review and Recent games: nothing breaks, and
whenever the replay is still it shows exactly the recorded game at its step."""

from __future__ import annotations

import random

import pygame

from tests.lookback.test_replay_screen import _shown
from tests.lookback.test_review import QUICK
from tests.ui.test_soak import random_event
from ui.replay.recent_scene import RecentGamesScene
from ui.replay.review_scene import ReviewScene
from ui.replay.scene import ReplayScene
from ui.table.model import TableModel

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_HOME, pygame.K_END, pygame.K_RETURN]


def still_replay_shows_its_step(scene: ReplayScene) -> int:
    if scene.busy:
        return 0
    truth = TableModel.from_game(scene.replay.game, scene.human, all_face_up=True)
    model = scene.stage.model
    assert model.hands == truth.hands and model.pile == truth.pile
    assert model.passed == truth.passed and model.places == truth.places
    assert [[sp.card for sp in group] for group in scene.sprites.pile] == [list(p.combo.cards) for p in model.pile]
    return 1


def test_soak_the_replay_viewer(make_app, paths):
    app, _ = make_app("en")
    checks = 0
    for seed, players in ((21, 4), (22, 3), (23, 2)):
        scene = ReplayScene(app, _shown("xep-hang" if players == 3 else "mien-nam", seed, players))
        app.push(scene)
        rng = random.Random(seed)
        for _ in range(700):
            events = [random_event(rng, app.size) for _ in range(rng.randrange(0, 3))]
            events = [e for e in events if not (e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE)]
            if rng.random() < 0.3:
                events.append(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=0, unicode="", scancode=0))
            app.step(1 / 30, events)
            if app.top is not scene:  # the Close button was clicked: open it again
                app.push(scene := ReplayScene(app, scene.shown, start=rng.randrange(len(scene.replay) + 1)))
            checks += still_replay_shows_its_step(scene)
        app.pop()
    assert app.running and checks >= 300


def test_soak_the_review_and_recent_games(make_app, paths):
    app, profile = make_app()
    shown = _shown("dem-la", 31, 4)
    rng = random.Random(5)
    base = len(app.stack)
    for _ in range(3):
        app.push(ReviewScene(app, shown, lambda step, marks: None, options=QUICK, use_process=False))
        for _ in range(300):
            events = [random_event(rng, app.size) for _ in range(rng.randrange(0, 3))]
            app.step(1 / 30, [e for e in events if e.type != pygame.KEYDOWN or e.key != pygame.K_ESCAPE])
        while len(app.stack) > base:
            app.pop()
        app.push(RecentGamesScene(app, profile))
        for _ in range(100):
            events = [random_event(rng, app.size) for _ in range(rng.randrange(0, 2))]
            if len(app.stack) > base:  # not the main menu beneath: Esc there would quit
                app.step(1 / 30, events)
        while len(app.stack) > base:
            app.pop()
    assert app.running
