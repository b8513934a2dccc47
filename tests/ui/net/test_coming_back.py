"""Coming back to a networked table, and its end, seen from a guest's window: a dropped connection taken up
again by itself, a window closed and the same table joined again, and the host's server stopping (a real
server in this process on 127.0.0.1; no network mocks)."""

from __future__ import annotations

from game.net.discovery import TableBrowser
from tests.ui.menus.helpers import click, item
from tests.ui.net.tables_here import run
from ui.menus.dialogs import Dialog
from ui.menus.main_menu import MainMenu
from ui.net.friends_menu import FriendsMenu
from ui.net.join_screen import JoinScene
from ui.net.link import HostOptions, host_link, join_link
from ui.net.table import NetTableScene
from ui.net.waiting_room import WaitingRoom


def test_a_guest_whose_table_ends_is_told_and_goes_back_to_the_menu(make_app):
    """The guest's own window: the host's server stops mid-game; the table says so and returns to the menu."""
    app, profile = make_app("en")
    host = host_link(HostOptions("mien-nam", 2, "easy", 0, "", "Hoa"), port=0, announce=False, bind="127.0.0.1")
    try:
        run(app, 10, lambda: host.poll() is not None and host.seat is not None)  # the table exists
        link = join_link(host.url.replace("127.0.0.1", "localhost"), "", "Guest", "")
        menu = FriendsMenu(app, profile)
        app.push(menu)
        room = WaitingRoom(app, profile, link, menu, menu.open_table)
        app.push(room)
        run(app, 10, lambda: room.welcomed and host.poll() is not None and len(host.seated) == 2)
        host.send("start")
        run(app, 10, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        assert table.remote.human == 1 and table.seat_name(0) == "Hoa"
        assert [p.side for p in table.layout.seats] == ["top", "bottom"], "the guest's own seat is at the bottom"
        host.close()  # the host's window closes: its server stops
        run(app, 40, lambda: isinstance(app.top, Dialog))  # told at once; or, its goodbye lost, after retrying
        said = app.top.message()
        assert any(w in said for w in ("host left", "server stopped", "connection was lost")), said
        click(app, app.top.items[0])
        assert isinstance(app.top, FriendsMenu)
        assert not isinstance(app.top, MainMenu)
    finally:
        host.close()


def test_a_dropped_connection_comes_back_to_the_same_seat_and_hand(hosted):
    app, _, _, room, [guest] = hosted(players=2, plays=False)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene) and guest.session is not None, guest.pump)
    session = guest.session
    assert session is not None
    seat, hand = session.human, list(session.game.hands[session.human or 0])
    old = guest.link.client
    old.drop()  # the network goes away without a goodbye
    run(app, 15, lambda: session.reconnecting is not None, guest.pump)
    run(app, 30, lambda: session.reconnecting is None and guest.link.client is not old and session.restart, guest.pump)
    assert session.ended is None and session.human == seat
    assert session.game.hands[seat or 0] == hand, "the same hand after coming back"


def test_a_guest_who_closed_the_game_joins_again_and_gets_the_same_seat_back(make_app):
    """The guest's window goes without a goodbye (the game closed, the computer restarted); joining the same
    table again from the Join screen, whose fields remember it, takes the same seat and hand back."""
    app, profile = make_app("en")
    host = host_link(HostOptions("mien-nam", 3, "easy", 0, "", "Hoa"), port=0, announce=False, bind="127.0.0.1")
    try:
        run(app, 10, lambda: host.poll() is not None and host.seat is not None)
        menu = FriendsMenu(app, profile)
        app.push(menu)
        join = JoinScene(app, profile, menu, TableBrowser(interfaces=["127.0.0.1"]))
        app.push(join)
        join.address.set(host.url.removeprefix("ws://"))
        join.name.set("Guest")
        click(app, item(join, "join"))
        run(app, 10, lambda: host.poll() is not None and len(host.seated) == 2)
        host.send("start")
        run(app, 10, lambda: isinstance(app.top, NetTableScene))
        table = app.top
        seat, hand = table.remote.human, list(table.remote.game.hands[table.remote.human or 0])
        link = table.remote.link
        link.client.drop()  # gone without a goodbye...
        link.closed = True
        app.remove(table)  # ...and the window with it
        run(app, 10, lambda: host.poll() is not None and seat in host.away)
        join = JoinScene(app, profile, menu, TableBrowser(interfaces=["127.0.0.1"]))
        app.push(join)
        assert join.address.value == host.url.removeprefix("ws://") and join.name.value == "Guest"
        click(app, item(join, "join"))
        run(app, 10, lambda: isinstance(app.top, NetTableScene))
        again = app.top
        assert again is not table and again.remote.human == seat == 1
        assert [p.side for p in again.layout.seats] == ["left", "bottom", "right"]  # turn order kept round it
        assert again.remote.game.hands[seat or 0] == hand
        run(app, 10, lambda: host.poll() is not None and not host.away)  # the host sees the guest back
    finally:
        host.close()
        for scene in list(app.stack):
            if isinstance(scene, NetTableScene):
                scene.remote.link.close()
