"""A scene waiting on a timer is woken for it by the real loop (``App.turn``), with no input at all.

The loop's clock and its wait for input are replaced by a fake clock: a frame paced at 60 per second moves it
on a sixtieth, a still sleep moves it on by the whole sleep asked for. So the tests check when a timed step is
taken in the loop's own time, not how fast this machine happens to run.
"""

from __future__ import annotations

import math
import os

import pygame
import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.lessons import Opponent  # noqa: E402
from tests.ui.learn.helpers import open_lesson, the_answer, to_first_move  # noqa: E402
from tests.ui.menus.helpers import press  # noqa: E402
from ui import app as app_module  # noqa: E402
from ui.intents import Action, Intent  # noqa: E402
from ui.learn.lesson_scene import OPPONENT_PAUSE  # noqa: E402
from ui.scene import Scene  # noqa: E402

FRAME = 1 / app_module.FPS_ACTIVE


class FakeTime:
    """The loop's clock (``tick``) and its still wait (``wait``), in simulated whole milliseconds (as SDL's)."""

    def __init__(self) -> None:
        self.ms = self.last = 0
        self.waits: list[float] = []

    @property
    def now(self) -> float:
        return self.ms / 1000

    def tick(self, fps: float = 0) -> int:
        if fps:
            self.ms = max(self.ms, self.last + round(1000 / fps))  # a paced frame waits out the rest of its frame
        passed, self.last = self.ms - self.last, self.ms
        return passed

    def wait(self, limit: float) -> list[pygame.event.Event]:
        self.waits.append(limit)
        events = pygame.event.get()
        if not events:
            self.ms += math.ceil(limit * 1000)  # nothing came: the whole sleep, in whole ms rounded up (as SDL)
        return events


def fake_loop(app, monkeypatch) -> FakeTime:
    fake = FakeTime()
    monkeypatch.setattr(app, "clock", fake)
    monkeypatch.setattr(app, "wait_for_events", fake.wait)
    return fake


class Timer(Scene):
    """A still scene with one timed step ``after`` seconds after it enters."""

    def __init__(self, app, after: float, fake: FakeTime) -> None:
        super().__init__(app)
        self.left: float | None = after
        self.fake = fake
        self.done_at: float | None = None

    def update(self, dt: float) -> None:
        if self.left is not None:
            self.left -= dt
            if self.left <= 0:
                self.left, self.done_at = None, self.fake.now

    def next_due(self) -> float | None:
        return self.left


def test_a_still_scene_with_a_timed_step_takes_it_on_time_with_no_input(make_app, monkeypatch) -> None:
    app, _ = make_app("en")
    fake = fake_loop(app, monkeypatch)
    for after in (0.9, 2.5, 0.05):
        scene = Timer(app, after, fake)
        app.push(scene)
        start = fake.now
        for _ in range(200):
            app.turn()
            if scene.done_at is not None:
                break
        assert scene.done_at is not None
        # on time (the clock counts whole milliseconds), and at most a frame late
        assert after - 0.005 <= scene.done_at - start <= after + FRAME
        app.pop()


def test_nothing_due_the_still_loop_sleeps_its_whole_limit(make_app, monkeypatch) -> None:
    app, _ = make_app("en")
    fake = fake_loop(app, monkeypatch)
    for _ in range(5):
        app.turn()
    pygame.event.clear()
    app.dirty = False
    fake.waits.clear()
    app.turn()
    assert app.next_due() is None and fake.waits and fake.waits[-1] == app_module.IDLE_LIMIT  # no needless frames


@pytest.mark.parametrize("speed", [1.0, 2.0])
def test_a_lesson_opponent_answers_after_its_pause_with_the_mouse_still(make_app, monkeypatch, speed) -> None:
    app, profile = make_app("en")
    app.settings.opponent_speed = speed
    scene = open_lesson(app, "combos")
    to_first_move(app, scene)
    scene.table.model.hand.select_only(the_answer(scene))
    press(app, Action.PLAY)
    assert isinstance(scene.run.step, Opponent)
    fake = fake_loop(app, monkeypatch)
    before = fake.now
    while scene.table.busy:  # the player's play is shown first; the pause counts from the frame it ends in
        before = fake.now
        app.turn()
        assert fake.now < 10
    start = fake.now
    waiting = scene.run.step
    while scene.run.step is waiting:
        app.turn()
        assert fake.now - start < 20, "the opponent never answered"
    pause = OPPONENT_PAUSE / speed
    assert fake.now - before >= pause - 0.002 and fake.now - start <= pause + FRAME  # on time, at most a frame late


def test_a_replay_playing_on_by_itself_sleeps_through_its_pause_and_steps_on_time(make_app, monkeypatch) -> None:
    from tests.ui.replay.helpers import shown_game
    from ui.replay.scene import AUTO_PAUSE, ReplayScene

    app, _ = make_app("en")
    app.settings.animation_speed = 1.0
    scene = ReplayScene(app, shown_game("xep-hang", 6), start=0)
    app.push(scene)
    fake = fake_loop(app, monkeypatch)
    for _ in range(2000):  # the opening deal comes to rest
        if not (scene.animating() or app.dirty):
            break
        app.turn()
    assert not scene.animating()
    app.dispatch(Intent(Action.TOGGLE_FOCUS))  # Space: play on
    assert scene.playing
    shown = scene.replay.position
    start, fake.waits[:] = fake.now, []
    while scene.replay.position == shown:
        app.turn()
        assert fake.now - start < 10, "the replay never stepped on"
    assert AUTO_PAUSE - 0.002 <= fake.now - start <= AUTO_PAUSE + FRAME
    assert fake.waits and max(fake.waits) > FRAME  # the pause was slept through, not drawn frame by frame


def test_a_demo_matchs_results_give_way_to_its_next_game_after_their_pause(monkeypatch) -> None:
    from tests.ui.conftest import make_driver
    from ui.results import DEMO_PAUSE, ResultsScene

    d = make_driver(demo=True)
    app = d.app
    d.until(lambda: isinstance(app.top, ResultsScene), frames=20000)  # the demo plays its first game out
    results = app.top
    fake = fake_loop(app, monkeypatch)
    start, age = fake.now, results.age
    for _ in range(2000):  # due at exactly its pause, it goes on then: the loop never spins on a due time
        if results not in app.stack:
            break
        app.turn()
    assert results not in app.stack, "the demo never went on"
    assert DEMO_PAUSE - age - 0.002 <= fake.now - start <= DEMO_PAUSE - age + FRAME
    assert max(fake.waits) > FRAME  # the pause was slept through, not drawn frame by frame
    assert not d.table.session.game.is_over  # the next game is on
