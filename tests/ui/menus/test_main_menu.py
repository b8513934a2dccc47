from __future__ import annotations

from game.table.choice import MatchChoice
from tests.ui.menus.helpers import click, item, press
from ui.about import AboutScene
from ui.intents import Action
from ui.learn.lesson_menu import LessonMenu
from ui.menus.main_menu import MainMenu
from ui.menus.new_match import NewMatchScene
from ui.menus.rules_screen import RulesScene
from ui.menus.settings_screen import SettingsScene
from ui.menus.stats_screen import StatsScene


def test_first_launch_offers_no_continue(make_app):
    app, _ = make_app()
    app.step(1 / 30)
    menu = app.top
    assert isinstance(menu, MainMenu)
    assert [i.name for i in menu.items] == ["new", "learn", "friends", "settings", "rules", "stats", "about", "quit"]
    assert [i.label() for i in menu.items][0] == "Trận mới"


def test_continue_is_offered_when_a_match_is_saved(make_app):
    app, profile = make_app()
    profile.new_match(MatchChoice("mien-nam", ("normal",)), seed=1)
    app2, _ = make_app("en")
    app2.step(1 / 30)
    assert [i.name for i in app2.top.items][0] == "continue"
    assert app2.top.items[0].label() == "Continue"


def test_each_button_opens_its_screen_and_esc_comes_back(make_app):
    app, _ = make_app()
    for name, cls in (("new", NewMatchScene), ("learn", LessonMenu), ("settings", SettingsScene),
                      ("rules", RulesScene), ("stats", StatsScene), ("about", AboutScene)):
        click(app, item(app.top, name))
        assert isinstance(app.top, cls)
        app.draw()
        press(app, Action.BACK)
        assert isinstance(app.top, MainMenu)


def test_keyboard_reaches_quit(make_app):
    app, _ = make_app()
    press(app, Action.UP)  # wraps to the last item
    assert app.top.items[app.top.focus].name == "quit"
    press(app, Action.PLAY)
    assert not app.running


def test_esc_on_the_main_menu_does_not_quit(make_app):
    app, _ = make_app()
    press(app, Action.BACK)
    assert app.running and isinstance(app.top, MainMenu)


def test_in_progress_line_counts_a_game_that_has_just_ended(make_app):
    """After a game ends, the main menu names the next game (not the one just played) and counts its chips."""
    from ui.menus.rules_text import amount
    from ui.results import ResultsScene
    from ui.table.keeper import open_table
    from ui.table.scene import TableScene

    app, profile = make_app("en")
    app.settings.animation_speed, app.settings.opponent_speed = 4.0, 8.0
    choice = MatchChoice("mien-nam", ("easy",), 1, 1000)
    table = open_table(app, profile, choice, profile.new_match(choice, seed=5))
    game = table.session.game
    for _ in range(20000):  # the player always makes the smallest play, or passes
        if isinstance(app.top, ResultsScene):
            break
        if table.human_turn():
            moves = game.legal_moves(0)
            table.submit(table.session.play(moves[0], 0) if moves else table.session.pass_turn(0))
        app.step(0.05)
    else:
        raise AssertionError("the game never ended")
    mine = game.result.payments[0]
    press(app, Action.BACK)  # the results' Esc: to the main menu, the match kept
    menu = app.top
    assert isinstance(menu, MainMenu)
    assert menu.continue_detail() == f"In progress: Standard · game 2 next · {amount(1000 + mine)} chips"
    app.draw()

    click(app, item(menu, "continue"))  # the finished game's results, then Next game
    for _ in range(100):
        app.step(0.05)
        if isinstance(app.top, ResultsScene):
            break
    press(app, Action.CONFIRM)
    assert isinstance(app.top, TableScene)
    press(app, Action.BACK)  # leave the table: "Main menu" keeps the match
    click(app, next(i for i in app.top.items if i.label() == "Main menu"))
    assert isinstance(app.top, MainMenu)
    assert app.top.continue_detail() == f"In progress: Standard · game 2 · {amount(1000 + mine)} chips"
