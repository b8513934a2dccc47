"""A game that stops before its end (a damaged history, a friends' table that closed) opened from Recent games:
its review grades the moves that were played and says in words that there is no duplicate game — never
"This game could not be reviewed: AssertionError: "."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from game.records.history import new_entry
from game.review import review
from game.rules import load_catalogue
from tests.review.helpers import QUICK, play_recorded
from tests.ui.menus.helpers import click
from ui import i18n
from ui.menus.dialogs import Dialog
from ui.replay.recent_scene import RecentGamesScene
from ui.replay.review_job import failure_words
from ui.replay.review_scene import ReviewScene
from ui.replay.shown import ShownGame


def _cut_entry(friends: bool):  # type: ignore[no-untyped-def]
    played = play_recorded("mien-nam", 11, 3, levels="normal")
    entry = new_entry(played.game, number=1, seat=0, names=["", "Lan", "Minh"], bots=[None] * 3, friends=friends)
    record = dict(entry.game)
    record["actions"] = list(record["actions"])[: len(record["actions"]) // 2]
    return replace(entry, game=record)


def test_the_coach_reviews_what_was_played_of_a_game_cut_short():
    entry = _cut_entry(friends=False)
    shown = ShownGame.from_entry(entry, load_catalogue())
    found = review(shown.record, 0, rules=shown.rules, **QUICK)
    assert found.decisions and found.duplicate is None


@pytest.mark.parametrize("friends", [False, True])
def test_a_game_cut_short_from_recent_games_is_reviewed_with_words_for_what_is_missing(make_app, paths, friends):
    app, profile = make_app("en")
    profile.record_history(_cut_entry(friends), match_seed=4)
    assert profile.flush(10)
    app.push(RecentGamesScene(app, profile))
    recent = app.top
    click(app, recent.items[0])
    assert isinstance(app.top, Dialog) and "could not" not in app.top.message()
    shown = recent.opened(profile.history.entries()[0])
    assert isinstance(shown, ShownGame)
    scene = ReviewScene(app, shown, options=QUICK, use_process=False)
    app.push(scene)
    end = time.monotonic() + 120
    while not scene.job.done and time.monotonic() < end:
        app.step(0.05)
    app.step(0.05)
    assert scene.job.error is None, scene.job.error
    assert scene.job.result is not None and scene.job.result.duplicate is None and scene.unfinished
    words: list[str] = []
    import ui.replay.review_scene as module

    real = module.blit_wrapped
    module.blit_wrapped = lambda surface, text, *a, **k: (words.append(text), real(surface, text, *a, **k))[1]
    try:
        app.draw()
    finally:
        module.blit_wrapped = real
    assert any("stops before its end" in w for w in words), words
    assert not any("Error" in w for w in words), words


def test_a_slip_of_the_coach_is_worded_and_its_detail_kept_for_the_log(caplog):
    assert failure_words(AssertionError()) == ""
    assert "AssertionError" in caplog.text
    assert failure_words(ValueError("no seat 3 in a game of 2")) == "no seat 3 in a game of 2"
    i18n.set_language("en")
    assert "the coach stopped on something it did not expect" in i18n.t("review.error_inside")
    i18n.set_language("vi")
