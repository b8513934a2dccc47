"""Recent games dates read the same everywhere: "4 Dec 18:51" / "4 thg 12 18:51", never "04/12 18:51"."""

from __future__ import annotations

import contextlib
import locale
from dataclasses import replace
from datetime import date

import pytest

from tests.ui.menus.helpers import click, item
from ui.replay.recent_scene import RecentGamesScene, finished_when

THIS_YEAR = date.today().year


def _recent_with(make_app, lang, stamps):
    from game.records.history import new_entry
    from tests.review.helpers import play_recorded

    app, profile = make_app(lang)
    played = play_recorded("mien-nam", 41, 4, levels="normal")
    for stamp in stamps:
        entry = new_entry(played.game, number=1, seat=0, names=["", "Lan", "Minh", "Hoa"])
        profile.record_history(replace(entry, finished_at=stamp), 3)
    assert profile.flush(10)
    click(app, item(app.top, "stats"))
    click(app, item(app.top, "recent"))
    scene = app.top
    assert isinstance(scene, RecentGamesScene)
    while scene.loading:  # the history is read on a thread of its own
        app.step(1 / 30)
    app.draw()
    return scene


@pytest.mark.parametrize(("lang", "this_year", "last_year"), [
    ("en", "4 Dec 18:51", f"12 Apr {THIS_YEAR - 1} 07:05"),
    ("vi", "4 thg 12 18:51", f"12 thg 4, {THIS_YEAR - 1} 07:05"),
])  # fmt: skip
def test_recent_games_show_day_and_month_in_words(make_app, monkeypatch, lang, this_year, last_year):
    monkeypatch.setenv("LC_ALL", "en_US.UTF-8")  # a month-first locale, where "04/12" would read as April
    before = locale.setlocale(locale.LC_ALL)
    with contextlib.suppress(locale.Error):  # not installed here? the rows must not depend on it anyway
        locale.setlocale(locale.LC_ALL, "")
    try:
        scene = _recent_with(make_app, lang, [f"{THIS_YEAR - 1}-04-12T07:05:33", f"{THIS_YEAR}-12-04T18:51:07"])
    finally:
        locale.setlocale(locale.LC_ALL, before)  # the process's own locale back (subprocesses decode by it)
    rows = [scene.row(e) for e in scene.entries]
    assert rows[0].startswith(this_year + " · ") and rows[1].startswith(last_year + " · "), rows
    assert not any("/" in r.split(" · ")[0] for r in rows)


def test_a_stamp_that_is_not_a_date_shows_no_date():
    assert finished_when("") == "" and finished_when("yesterday") == "" and finished_when("2025-13-40T99:99") == ""
    assert finished_when("2025-01-31T09:00:00", today=date(2025, 6, 1)) in ("31 Jan 09:00", "31 thg 1 09:00")
