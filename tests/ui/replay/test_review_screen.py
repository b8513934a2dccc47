"""The review screen: runs beside the window (a process, or a thread), shows progress, can be cancelled, and
lists what it found; it opens from the results panel and from Statistics → Recent games."""

from __future__ import annotations

import time

from game.review import Review
from tests.review.helpers import QUICK, scripted
from tests.ui.menus.helpers import click, item, press, run_table, sit_at_table
from ui.intents import Action, Intent
from ui.menus.dialogs import Dialog
from ui.replay.recent_scene import RecentGamesScene
from ui.replay.review_job import ReviewJob, ReviewRequest
from ui.replay.review_scene import ReviewScene
from ui.results import ResultsScene
from ui.table.words import amount


def _request() -> ReviewRequest:
    game = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"])
    return ReviewRequest(game.to_dict(), game.rules, 0, (), QUICK)


def test_a_review_in_its_own_process_reports_progress_and_its_findings(monkeypatch) -> None:
    monkeypatch.setenv("TIENLEN_BOT_PROCESS", "1")
    job = ReviewJob(_request(), use_process=True).start()
    assert job.mode == "process"
    end = time.monotonic() + 60
    seen = []
    while not job.done and time.monotonic() < end:
        job.update()
        seen.append(job.progress)
        time.sleep(0.01)
    assert job.error is None and isinstance(job.result, Review)
    assert job.result.findings[0].code == "led_short" and seen[-1] == 1.0


def test_cancelling_a_review_stops_its_process_at_once(monkeypatch) -> None:
    monkeypatch.setenv("TIENLEN_BOT_PROCESS", "1")
    long = ReviewRequest(**{**_request().__dict__, "options": {"level": "hard"}})
    job = ReviewJob(long, use_process=True).start()
    assert job.mode == "process"
    proc = job._proc
    assert proc is not None and proc.is_alive()
    job.cancel()  # returns once the process is gone: nothing is left to wait for
    assert job.done and job.cancelled
    assert job._proc is None


def test_the_results_panel_opens_the_review_and_esc_cancels_it(make_app, paths):
    app, profile = make_app("en")
    table = sit_at_table(app, profile, opponents=("easy",), seed=3)
    run_table(app, table, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    assert [key for _, key in results.looking_back] == ["results.review", "results.replay"]
    button = results.review_button
    app.dispatch(Intent(Action.POINTER_DOWN, pos=button.rect.center))
    app.dispatch(Intent(Action.POINTER_UP, pos=button.rect.center))
    review = app.top
    assert isinstance(review, ReviewScene) and review.job.mode == "thread"
    press(app, Action.BACK)
    assert app.top is results and review.job.cancelled


def test_the_review_lists_its_findings_with_a_button_each(make_app, paths):
    app, _ = make_app("en")
    from ui.replay.shown import ShownGame

    game = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"])
    opened: list[tuple[int, list[int]]] = []
    shown = ShownGame(game.to_dict(), game.rules, 0, ("", "Lan"))
    scene = ReviewScene(app, shown, lambda step, marks: opened.append((step, list(marks))), options=QUICK,
                        use_process=False)  # fmt: skip
    app.push(scene)
    end = time.monotonic() + 60
    while not scene.job.done and time.monotonic() < end:
        app.step(0.05)
    app.step(0.05)
    assert scene.job.result is not None
    assert [i.name for i in scene.items] == ["finding0", "back"]
    assert scene.items[0].label() == "Show move 1"
    click(app, scene.items[0])
    assert opened == [(0, [0])]


def test_recent_games_lists_the_kept_games_and_offers_their_review(make_app, paths):
    app, profile = make_app("en")
    table = sit_at_table(app, profile, opponents=("easy",), seed=4)
    run_table(app, table, lambda: isinstance(app.top, ResultsScene))
    assert profile.flush(10)
    app.push(RecentGamesScene(app, profile))
    scene = app.top
    assert [i.name for i in scene.items] == ["game0", "back"]
    entry = profile.history.entries()[0]
    label = scene.items[0].label()
    place = ("1st", "2nd")[entry.place - 1]
    assert label.endswith(f"Standard · vs Easy · {place} · {amount(entry.net, True)}")
    click(app, item(scene, "game0"))
    assert isinstance(app.top, Dialog)
    click(app, app.top.items[1])
    assert isinstance(app.top, ReviewScene)
    press(app, Action.BACK)
    assert app.top is scene


def test_a_recent_game_names_its_opponents_levels_in_turn_order_when_they_are_on_record(make_app, paths):
    make_app("vi")  # the words are the app's
    from game.records.history import GameEntry

    def entry(seat: int | None, bots: tuple[tuple[str, int] | None, ...]) -> GameEntry:
        return GameEntry(id="g", match="m", number=1, finished_at="", variant="mien-nam", seat=seat,
                         order=(0, 1, 2, 3), payments=(0.0,) * 4, game={}, bots=bots)  # fmt: skip

    levels = (("hard", 1), None, ("easy", 2), ("expert", 3))
    # the seats after the player's
    assert RecentGamesScene.opponents(entry(1, levels)) == "gặp Dễ, Khó+ (nghĩ lâu hơn), Khó"
    three = (None, ("normal", 1), ("normal", 2), ("normal", 3))
    assert RecentGamesScene.opponents(entry(0, three)) == "gặp 3 Trung bình"
    assert RecentGamesScene.opponents(entry(1, ())) == "4 người"  # an older game keeps no levels
    assert RecentGamesScene.opponents(entry(None, (("normal", 1),) * 4)) == "4 người"  # the computer played alone
    assert RecentGamesScene.opponents(entry(1, (("hard", 1), None, ("greedy", 2), ("easy", 3)))) == "4 người"
