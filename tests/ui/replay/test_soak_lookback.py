"""Random clicks, drags, keys and resizes on the replay, the review and Recent games: nothing breaks, and
whenever the replay is still it shows exactly the recorded game at its step; the scenes beneath stay put, the
review changes nothing of its game and the kept games are all still there, unchanged."""

from __future__ import annotations

import copy
import random

import pygame
import pytest

from game.records.history import new_entry
from tests.review.helpers import QUICK, play_recorded
from tests.ui.helpers import random_event
from tests.ui.replay.helpers import shown_game
from ui.replay.recent_scene import RecentGamesScene
from ui.replay.review_scene import ReviewScene
from ui.replay.scene import ReplayScene
from ui.table.model import TableModel

pytestmark = pytest.mark.slow  # random input for thousands of frames: -m 'not slow' skips it

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
        scene = ReplayScene(app, shown_game("xep-hang" if players == 3 else "mien-nam", seed, players))
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
    for number, (variant, seed, players) in enumerate((("mien-nam", 41, 4), ("dem-la", 42, 3)), start=1):
        played = play_recorded(variant, seed, players, levels="normal")
        bots = [None] + [("normal", 7 + s) for s in range(1, players)]
        profile.record_history(new_entry(played.game, number=number, seat=0, names=[""] * players, bots=bots))
    assert profile.flush(10)
    kept = [(e.id, e.game) for e in profile.history.entries()]
    assert len(kept) == 2
    shown = shown_game("dem-la", 31, 4)
    record = copy.deepcopy(shown.record)
    rng = random.Random(5)
    base = list(app.stack)
    replays = 0
    for _ in range(3):
        review = ReviewScene(app, shown, lambda step, marks: None, options=QUICK, use_process=False)
        app.push(review)
        for _ in range(300):
            events = [random_event(rng, app.size) for _ in range(rng.randrange(0, 3))]
            app.step(1 / 30, [e for e in events if e.type != pygame.KEYDOWN or e.key != pygame.K_ESCAPE])
            assert list(app.stack)[: len(base)] == base  # nothing beneath was closed or replaced
        assert review.job.error is None
        _back_to(app, base)
        recent = RecentGamesScene(app, profile)
        app.push(recent)
        for _ in range(100):
            events = [random_event(rng, app.size) for _ in range(rng.randrange(0, 2))]
            if len(app.stack) > len(base):  # not the main menu beneath: Esc there would quit
                app.step(1 / 30, events)
            assert list(app.stack)[: len(base)] == base
            if isinstance(app.top, ReplayScene):  # a kept game opened from the list shows what was played
                replays += still_replay_shows_its_step(app.top)
        assert not recent.loading and [e.id for e in recent.entries] == [i for i, _ in reversed(kept)]
        _back_to(app, base)
    assert replays > 0  # the random clicks opened a kept game from the list and it was checked
    assert app.running
    assert shown.record == record  # reviewing changed nothing of the game
    assert [(e.id, e.game) for e in profile.history.entries()] == kept  # nothing kept was lost or rewritten


def _back_to(app, base: list) -> None:
    """Close whatever the random input opened, down to ``base``."""
    while len(app.stack) > len(base):
        app.pop()
    assert list(app.stack) == base
