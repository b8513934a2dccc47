"""The table and the replay show a game's events through one driver (ui/table/driver.py): the deal first, then
each event after the wait the one before asked for, at the animation speed."""

from __future__ import annotations

import pygame
import pytest

from game.engine.events import Event, Passed
from tests.review.helpers import play_recorded
from tests.ui.conftest import DT, make_driver
from ui.replay.scene import ReplayScene
from ui.replay.shown import ShownGame
from ui.table.choreo import Choreographer, Stage
from ui.table.driver import EventDriver
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.sprites import TableSprites
from ui.tween import Timers, Tweener


@pytest.fixture(autouse=True)
def _display():
    yield
    pygame.display.quit()


def _stage() -> Stage:
    game = play_recorded("mien-nam", seed=3).game
    model = TableModel.deal(game.initial_hands, 0)
    return Stage(model, TableSprites(), Tweener(), Timers(), Layout((1280, 720), 4), lambda n, v: None, str,
                 game.rules)


def test_events_are_shown_after_the_deal_each_after_the_wait_the_one_before_asked_for() -> None:
    stage = _stage()
    choreo = Choreographer(stage)
    shown: list[Event] = []

    def show(event: Event) -> float:
        shown.append(event)
        return 1.0  # every event asks for a second before the next

    choreo.show = show  # type: ignore[method-assign]
    told: list[int] = []
    driver = EventDriver(choreo, lambda: told.append(len(shown)))
    opening = [Passed(1), Passed(2)]
    driver.deal(stage.model, opening)
    deal_seconds = driver.wait
    assert deal_seconds > 0 and driver.dealing and driver.busy

    pace, dt = 2.0, 0.01
    frames = 0
    while not shown:
        assert not driver.update(dt, pace)
        frames += 1
    assert frames == pytest.approx(deal_seconds / pace / dt, abs=1)  # the deal landed first, at the pace
    assert not driver.dealing and told == [0, 1]  # told once the deal landed, once the event began
    frames = 0
    while len(shown) < 2:
        assert not driver.update(dt, pace)
        frames += 1
    assert frames == pytest.approx(1.0 / pace / dt, abs=1)
    assert shown == opening and driver.busy  # the last event's wait is still running
    while not driver.update(dt, pace):
        pass
    assert not driver.busy and told == [0, 1, 2]


def test_a_step_taken_back_holds_the_driver_and_drops_what_was_queued() -> None:
    stage = _stage()
    driver = EventDriver(Choreographer(stage))
    driver.submit([Passed(1)])
    driver.hold(0.5)
    assert not driver.queue and driver.busy
    assert not driver.update(0.4, 1.0) and driver.update(0.2, 1.0)


def test_the_table_and_the_replay_pace_their_events_with_the_same_driver(monkeypatch) -> None:  # noqa: ANN001
    stepped: list[EventDriver] = []
    real = EventDriver.update

    def counted(self: EventDriver, dt: float, pace: float) -> bool:
        stepped.append(self)
        return real(self, dt, pace)

    monkeypatch.setattr(EventDriver, "update", counted)
    d = make_driver()
    table = d.table
    d.step(1)
    played = play_recorded("mien-nam", seed=3)
    shown = ShownGame(played.game.to_dict(), played.game.rules, 0, ("", "Lan", "Minh", "Tuấn"))
    replay = ReplayScene(d.app, shown)
    d.app.push(replay)
    d.app.step(DT, [])
    assert table.driver in stepped and replay.driver in stepped  # both scenes' frames go through it
    for scene in (table, replay):
        assert type(scene.driver) is EventDriver and scene.driver.choreo is scene.choreo
        assert not hasattr(scene, "queue") and not hasattr(scene, "wait")  # no second copy of the pacing
    assert replay.busy and replay.driver.dealing  # the replay deals like the table, through the driver
