"""The Play with friends screens, driven headless through intents: the main menu's entry, typing in the
fields (the table's letter keys are letters there), refusals of a missing name or a bad address, and the
tables announced on the network appearing on the Join screen by themselves."""

from __future__ import annotations

import random
import string
import time

import pytest

from game.net.discovery import Advertiser, TableAd, TableBrowser
from tests.ui.menus.helpers import click, item, press
from ui.intents import Action, Intent
from ui.net.fields import TextField
from ui.net.friends_menu import FriendsMenu
from ui.net.host_screen import HostScene
from ui.net.join_screen import JoinScene, parse_address
from ui.net.prefs import load_prefs


def type_text(app, text: str) -> None:
    for ch in text:
        app.dispatch(Intent(Action.TEXT, text=ch))
    app.step(1 / 30)


def open_friends(app) -> FriendsMenu:
    click(app, item(app.top, "friends"))
    assert isinstance(app.top, FriendsMenu)
    return app.top


def test_the_main_menu_opens_play_with_friends_and_esc_comes_back(make_app):
    app, _ = make_app("en")
    menu = open_friends(app)
    assert [i.name for i in menu.items] == ["host", "join", "back"]
    assert menu.items[0].label() == "Host a table"
    app.draw()
    press(app, Action.BACK)
    assert not isinstance(app.top, FriendsMenu)


def test_a_name_is_typed_letter_keys_and_all_and_erased(make_app):
    app, _ = make_app("en")
    open_friends(app)
    click(app, item(app.top, "host"))
    host = app.top
    assert isinstance(host, HostScene)
    click(app, item(host, "name"))
    for action in (Action.PASS, Action.HINT, Action.SORT, Action.MUTE, Action.TOGGLE_FOCUS):
        app.dispatch(Intent(action))  # the keys' table meanings do nothing while typing...
    type_text(app, "Phở sp")  # ...their letters arrive as text
    assert host.name.value == "Phở sp" and not app.settings.muted
    press(app, Action.ERASE, Action.ERASE, Action.LEFT)
    type_text(app, "!")
    assert host.name.value == "Phở! "
    app.draw()


def test_hosting_without_a_name_is_refused_with_a_message(make_app):
    app, _ = make_app("en")
    open_friends(app)
    click(app, item(app.top, "host"))
    host = app.top
    host.name.set("   ")
    click(app, item(host, "host"))
    assert app.top is host and host.problem == "Type your name first."
    assert host.items[host.focus].name == "name"
    app.draw()


def test_the_host_screen_steps_through_seats_levels_and_timers(make_app):
    app, profile = make_app("en")
    open_friends(app)
    click(app, item(app.top, "host"))
    host = app.top
    click(app, item(host, "seats"))
    click(app, item(host, "timer"))
    assert (host.prefs.seats, host.prefs.timer) == (2, 60)
    assert item(host, "timer").value_text() == "60 s"
    press(app, Action.BACK)
    assert app.top.prefs.seats == 2  # the friends menu keeps what was chosen


def test_a_text_field_refuses_control_characters_and_keeps_its_limit():
    field = TextField("", limit=5)
    assert field.insert("ab\x00\u202ec\n") and field.value == "abc"
    field.insert("defgh")
    assert field.value == "abcde" and field.caret == 5
    address = TextField("", 30, allowed=lambda ch: ch.isascii() and ch != " ")
    address.insert("10.0.0.2 : 7777 đ")
    assert address.value == "10.0.0.2:7777"


@pytest.mark.parametrize("text, expected", [
    ("192.168.1.5:7777", ("192.168.1.5", 7777)), ("example.org", ("example.org", 7777)),
    ("ws://10.0.0.2:8000/", ("10.0.0.2", 8000)), ("[::1]:7777", ("::1", 7777)),
    ("10.0.0.2:99999", None), ("10.0.0.2:x", None), ("", None), ("a b:7777", None),
])  # fmt: skip
def test_addresses_are_read_or_refused(text, expected):
    assert parse_address(text) == expected


def test_joining_with_a_bad_address_says_how_to_write_one(make_app):
    app, _ = make_app("en")
    open_friends(app)
    click(app, item(app.top, "join"))
    join = app.top
    assert isinstance(join, JoinScene)
    click(app, item(join, "address"))
    type_text(app, "10.0.0.2:port")
    press(app, Action.PLAY)
    assert app.top is join and join.problem.startswith("That is not an address")
    app.draw()
    press(app, Action.DOWN, Action.DOWN, Action.DOWN, Action.DOWN, Action.BACK)
    assert isinstance(app.top, FriendsMenu)


def _multicast_reason() -> str | None:
    try:
        from zeroconf import IPVersion, Zeroconf

        Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only).close()
    except Exception as exc:
        return f"no multicast on loopback here: {exc}"
    return None


def test_a_table_announced_on_the_network_appears_and_fills_the_address(make_app):
    reason = _multicast_reason()
    if reason:
        pytest.skip(reason)
    app, profile = make_app("en")
    menu = open_friends(app)
    code = "".join(random.choice(string.ascii_uppercase) for _ in range(8))  # apart from any other test's
    ad = TableAd(code=code, variant="dem-la", taken=1, seats=3, host="Bà Ngoại", password=True)
    advertiser = Advertiser(7790, ad, addresses=["127.0.0.1"], interfaces=["127.0.0.1"])
    advertiser.start()
    join = JoinScene(app, profile, menu, TableBrowser(interfaces=["127.0.0.1"]))
    app.push(join)
    try:
        end = time.monotonic() + 15
        while not any(t.code == code for t in join.found) and time.monotonic() < end:
            app.step(1 / 30)
            time.sleep(0.05)
        row = item(join, f"table{[t.code for t in join.found].index(code)}")
        assert "Bà Ngoại's table" in row.label() and "1/3" in row.label() and "password" in row.label()
        app.draw()
        click(app, row)  # a table with a password: the address is filled and the password asked for
        assert join.address.value == "127.0.0.1:7790" and join.code.value == code
        assert join.items[join.focus].name == "password" and app.top is join
    finally:
        advertiser.stop()
        press(app, Action.BACK)
    assert load_prefs(profile.paths)[0].name == ""
