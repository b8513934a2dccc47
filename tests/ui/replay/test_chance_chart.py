"""The review's chart of the player's chance to win through the game (``report.chance_path``, drawn by
``ui.replay.chance_chart``)."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.review import review
from game.review.report import chance_path, to_json
from tests.review.helpers import QUICK, play_recorded, scripted
from ui import fonts
from ui.intents import Action, Intent
from ui.replay.chance_chart import SHOWN_GAP
from ui.replay.review_scene import ReviewScene
from ui.screen import px, unit
from ui.theme import WARN


@pytest.fixture(scope="module")
def reviewed():
    record = play_recorded("mien-nam", 32, 4, levels="easy,normal", first_game=False).game.to_dict()
    return review(record, 0, duplicate=False, **QUICK)


def test_the_path_has_a_point_for_every_real_choice_with_the_chances_shown(reviewed) -> None:
    points = chance_path(reviewed)
    real = [d for d in reviewed.decisions if not d.grade.forced]
    assert len(points) == len(real) >= 3
    for point, d in zip(points, real, strict=True):
        g = d.grade
        win = {o.move: o.win for o in g.options}
        assert point.step == d.step
        assert point.chosen == win[g.chosen] and point.best == win[g.best]
        assert 0.0 <= point.chosen <= 1.0 and 0.0 <= point.best <= 1.0
    assert [p.step for p in points] == sorted(p.step for p in points)


def test_the_findings_are_numbered_on_the_path_as_in_their_list(reviewed) -> None:
    path = chance_path(reviewed)
    numbered = {p.step: p.finding for p in path if p.finding}
    listed = {f.step: i + 1 for i, f in enumerate(reviewed.findings) if f.step in {p.step for p in path}}
    assert listed and numbered == listed


def test_the_json_carries_the_path() -> None:
    game = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"])
    result = review(game.to_dict(), 0, **QUICK)
    data = json.loads(json.dumps(to_json(result)))
    assert [c["step"] for c in data["chances"]] == [p.step for p in chance_path(result)] == [0]
    chosen, best = data["chances"][0]["chosen"], data["chances"][0]["best"]
    assert best > chosen  # leading 3♠ into a one-card hand, where the 2♥ first wins outright


def _reviewed_screen(app) -> tuple[ReviewScene, list[tuple[int, list[int]]]]:
    from ui.replay.shown import ShownGame

    game = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"])
    opened: list[tuple[int, list[int]]] = []
    scene = ReviewScene(app, ShownGame(game.to_dict(), game.rules, 0, ("", "Lan")),
                        lambda step, marks: opened.append((step, list(marks))), options=QUICK,
                        use_process=False)  # fmt: skip
    app.push(scene)
    end = time.monotonic() + 60
    while not scene.job.done and time.monotonic() < end:
        app.step(0.05)
    app.step(0.05)
    return scene, opened


def test_the_review_screen_draws_the_chart_under_the_findings(make_app, paths) -> None:
    app, _ = make_app("en")
    scene, _ = _reviewed_screen(app)
    point = chance_path(scene.job.result)[0]
    assert point.best - point.chosen >= SHOWN_GAP
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        app.resize(size)
        surface = pygame.Surface(size)
        scene.draw(surface)
        assert scene.chart is not None, size
        plot = scene.chart.plot
        assert scene.body.contains(plot) and plot.bottom < scene.items[0].rect.top
        # The better move (2♥ first) stands well above the move made: a line in the warning colour joins them,
        # in the middle of the plot, where a single point sits.
        u = unit(size)
        inner = plot.inflate(-2 * px(10, u), -2 * px(8, u))
        middle = inner.bottom - int((point.chosen + point.best) / 2 * inner.height)
        assert tuple(surface.get_at((inner.centerx, middle)))[:3] == WARN, size


def test_a_point_under_the_pointer_shows_its_chances_and_a_click_opens_the_replay_there(make_app, paths) -> None:
    app, _ = make_app("en")
    scene, opened = _reviewed_screen(app)
    assert scene.chart is not None
    x, y = scene.chart.made[0]
    app.dispatch(Intent(Action.HOVER, pos=(x, y)))
    assert scene.hover == 0
    drawn: list[str] = []
    real = fonts.text
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fonts, "text", lambda value, *a, **k: (drawn.append(value), real(value, *a, **k))[1])
        scene.draw(pygame.Surface(app.size))
    point = scene.chart.points[0]
    assert f"Move 1: {round(point.chosen * 100)}%, a better move {round(point.best * 100)}% · click to replay" in drawn
    app.dispatch(Intent(Action.HOVER, pos=(scene.body.left + 2, scene.body.top + 2)))
    assert scene.hover is None
    app.dispatch(Intent(Action.POINTER_DOWN, pos=(x, y)))
    app.dispatch(Intent(Action.POINTER_UP, pos=(x, y)))
    assert opened == [(point.step, [f.step for f in scene.job.result.findings])]
