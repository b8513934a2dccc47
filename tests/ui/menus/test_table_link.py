"""The table and the player's files: saved after every move, games counted, Esc names the quit charge."""

from __future__ import annotations

import json

from tests.ui.menus.helpers import click, item, press, run_table, sit_at_table
from ui.intents import Action, Intent
from ui.menus.dialogs import Dialog
from ui.menus.main_menu import MainMenu
from ui.persist.profile import Profile
from ui.persist.stats import load_stats
from ui.table.scene import TableScene


def _saved_actions(paths, profile) -> int:
    assert profile.flush(10), "the background writer did not finish"
    doc = json.loads(paths.save_file.read_text(encoding="utf-8"))
    return len(doc["match"]["current"]["actions"]) if doc["match"]["current"] else -1


def test_every_move_is_saved(make_app, paths):
    app, profile = make_app()
    table = sit_at_table(app, profile)
    assert _saved_actions(paths, profile) == 0
    g = table.session.game
    for n in range(1, 4):
        run_table(app, table, lambda n=n: len(g.actions) >= n)
        app.step(0.01)
        assert _saved_actions(paths, profile) == len(g.actions)


def test_resume_continues_exactly_where_it_was(make_app, paths):
    app, profile = make_app()
    table = sit_at_table(app, profile, opponents=("easy", "normal", "hard"))
    g = table.session.game
    run_table(app, table, lambda: len(g.actions) >= 6)
    app.step(0.01)
    profile.flush()
    before = (g.hands, g.current_player, g.table, sorted(g.passed), len(g.log))
    again = Profile.load(paths)
    assert again.can_continue
    r = again.saved.match.current
    assert (r.hands, r.current_player, r.table, sorted(r.passed), len(r.log)) == before
    assert again.saved.choice.opponents == ("easy", "normal", "hard")


def test_a_finished_game_is_counted_once(make_app, paths):
    app, profile = make_app()
    table = sit_at_table(app, profile)
    run_table(app, table, lambda: table.session.game.is_over)
    app.step(0.01)
    app.step(0.01)
    stats, _ = load_stats(paths)
    assert stats.for_variant("mien-nam").games == 1


def test_esc_at_the_table_names_the_dem_la_charge_before_charging(make_app, paths):
    app, profile = make_app("en")
    table = sit_at_table(app, profile, variant="dem-la", opponents=("easy", "easy"), bet=5)
    run_table(app, table, lambda: not table.dealing)
    press(app, Action.BACK)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    message = dialog.message()
    assert message.startswith("If you quit this game (Card count), you pay every other player 26× the table bet and "
                              "finish last. In chips: 130 to each player, 260 in all.")
    assert "Main menu costs nothing" in message
    assert [i.label() for i in dialog.items] == ["Quit game, pay 260 chips", "Main menu", "Keep playing"]
    assert len({i.font_px for i in dialog.items}) == 1  # one label size for the row
    assert dialog.items[dialog.focus].label() == "Keep playing"  # the safe choice has the focus
    press(app, Action.BACK)  # Esc keeps playing
    assert app.top is table
    press(app, Action.BACK)
    click(app, app.top.items[0])  # the mouse on "Quit and pay"
    assert isinstance(app.top, MainMenu) and not app.top.profile.can_continue
    assert not paths.save_file.exists()
    s = load_stats(paths)[0].for_variant("dem-la")
    assert s.quits == 1 and s.games == 1 and s.chips_lost == 260


def test_main_menu_button_keeps_the_match_for_later(make_app, paths):
    app, profile = make_app()
    table = sit_at_table(app, profile)
    run_table(app, table, lambda: not table.dealing)
    press(app, Action.BACK)
    to_menu = next(i for i in app.top.items if i.name == "choice1")
    to_menu.activate()
    app.step(0.01)
    assert isinstance(app.top, MainMenu) and paths.save_file.exists()
    assert item(app.top, "continue")
    item(app.top, "continue").activate()
    assert isinstance(app.top, TableScene) and app.top.session.match is profile.saved.match


def _results(app, profile):
    from ui.results import ResultsScene

    table = sit_at_table(app, profile)
    run_table(app, table, lambda: isinstance(app.top, ResultsScene), frames=6000)
    return app.top


def test_esc_on_the_results_goes_to_the_main_menu_and_keeps_the_match(make_app, paths):
    app, profile = make_app()
    results = _results(app, profile)
    press(app, Action.BACK)
    assert isinstance(app.top, MainMenu) and results not in app.stack
    assert item(app.top, "continue")  # the match is kept


def test_the_results_main_menu_button_does_the_same(make_app, paths):
    from ui.results import ResultsScene

    app, profile = make_app("en")
    results = _results(app, profile)
    app.draw()  # lays the buttons out
    assert isinstance(results, ResultsScene) and results.menu_button.rect.width > 0
    pos = results.menu_button.rect.center
    app.dispatch(Intent(Action.POINTER_DOWN, pos=pos))
    app.dispatch(Intent(Action.POINTER_UP, pos=pos))
    app.step(0.01)
    assert isinstance(app.top, MainMenu) and profile.can_continue
