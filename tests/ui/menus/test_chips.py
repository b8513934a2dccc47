"""A match from the New match screen shows chips: starting chips plus the running total times the bet."""

from __future__ import annotations

from tests.ui.menus.helpers import run_table, sit_at_table
from ui.results import ResultsScene


def test_chips_follow_the_running_totals_at_the_table_bet(make_app, paths):
    app, profile = make_app("en")
    table = sit_at_table(app, profile, opponents=("easy", "easy"), bet=5)
    session = table.session
    assert [session.chips(s) for s in range(3)] == [1000, 1000, 1000]
    run_table(app, table, lambda: any(isinstance(s, ResultsScene) for s in app.stack))
    totals = session.totals
    assert any(totals)
    assert [session.chips(s) for s in range(3)] == [1000 + v * 5 for v in totals]
    assert sum(session.chips(s) for s in range(3)) == 3000  # chips change hands, none appear
    app.draw()  # the plates and the results screen draw the chips


def test_a_demo_match_has_no_chips(make_app):
    from game import load_rules
    from game.engine.match import Match
    from game.table.choice import MatchChoice
    from ui.table.keeper import open_table

    app, _ = make_app()
    choice = MatchChoice("", ("normal",))
    table = open_table(app, None, choice, Match(load_rules(), choice.players, 2), demo=True)
    assert not table.session.has_chips and table.session.chips(0) is None
