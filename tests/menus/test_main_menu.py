from __future__ import annotations

from game.table.choice import MatchChoice
from tests.menus.helpers import click, item, press
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
