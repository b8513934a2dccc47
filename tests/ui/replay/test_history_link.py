"""Playing at the table keeps each finished game in the history, once, with who sat where."""

from __future__ import annotations

from game.review.replay import Replay
from tests.ui.menus.helpers import run_table, sit_at_table


def test_a_finished_game_is_kept_once_with_its_opponents(make_app, paths):
    app, profile = make_app()
    table = sit_at_table(app, profile, opponents=("easy", "hard"), seed=11)
    run_table(app, table, lambda: table.session.game.is_over)
    for _ in range(3):
        app.step(0.01)
    assert profile.flush(10)
    kept = profile.history.entries()
    assert len(kept) == 1
    entry = kept[0]
    game = table.session.game
    assert entry.game == game.to_dict() and entry.number == 1 and entry.seat == 0
    assert entry.bots == (None, ("easy", 11 * 7 + 1), ("hard", 11 * 7 + 2))
    assert Replay(entry.game).final.result == game.result


def test_a_practice_game_is_kept_marked_and_never_counted(make_app, paths):
    from game.table.choice import MatchChoice
    from ui.learn.practice_scene import open_practice
    from ui.persist.stats import load_stats

    app, profile = make_app()
    app.settings.animation_speed = 4.0
    app.settings.opponent_speed = 8.0
    table = open_practice(app, profile, MatchChoice("mien-nam", ("easy",)), seed=12)
    run_table(app, table, lambda: table.session.game.is_over and table.results_shown)
    assert profile.flush(10)
    kept = profile.history.entries()
    assert len(kept) == 1 and kept[0].practice and kept[0].game == table.session.game.to_dict()
    assert load_stats(paths)[0].for_variant("mien-nam").games == 0
