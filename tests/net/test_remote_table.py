"""The networked table headless, against a real server in this process on 127.0.0.1 (no network mocks): the
window hosts through its waiting room, a guest sits down through the client side the window uses
(``RemoteSession`` over a ``Link``), and the one ``TableScene`` plays the host's seat."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pytest

from game.engine.game import Game
from game.net.discovery import TableBrowser
from game.net.seats import TableTimes
from tests.menus.helpers import click, item
from ui.menus.dialogs import Dialog
from ui.menus.main_menu import MainMenu
from ui.net.friends_menu import FriendsMenu
from ui.net.join_screen import JoinScene
from ui.net.link import HostOptions, Link, host_link, join_link
from ui.net.opening import NetResultsScene, _first_deal
from ui.net.remote_session import RemoteSession
from ui.net.table import NetTableScene
from ui.net.waiting_room import WaitingRoom
from ui.persist.profile import Profile
from ui.table.effects import FloatText


class GuestSeat:
    """A second person at the table, on the window's own client side but without a window: it plays its
    lowest legal move and is ready for the next deal at once."""

    def __init__(self, url: str, name: str, plays: bool = True) -> None:
        self.link: Link = join_link(url, "", name, "")
        self.session: RemoteSession | None = None
        self.plays = plays
        self.games: list[Game] = []

    def pump(self) -> None:
        if self.session is None:
            messages = self.link.poll()
            index = next((i for i, m in enumerate(messages) if m.get("type") == "game"), None)
            if index is not None:
                self.link.unread(messages[index:])
                self.session = RemoteSession(self.link, _first_deal(self.link), listeners=[self])
            return
        session = self.session
        session.poll()
        game = session.game
        if game.is_over and session.deal_ready:
            session.ready()
            session.next_game()
        elif self.plays and not game.is_over and game.current_player == session.human and not session.pending:
            assert session.human is not None
            legal = game.legal_moves(session.human)
            if game.table is not None and (not legal or len(game.log) % 2):
                session.pass_turn(session.human)
            elif legal:
                session.play(legal[0], session.human)

    def match_changed(self, session: Any) -> None:
        pass

    def game_finished(self, session: Any, game: Game) -> None:
        self.games.append(game)
        session.ready()


def run(app: Any, seconds: float, until: Callable[[], bool], *pumps: Callable[[], None]) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        for pump in pumps:
            pump()
        app.step(1 / 30)
        time.sleep(0.002)
    assert until(), "timed out"


def host_here(app: Any, profile: Profile, players: int = 3, timer: int = 0,
              **server: Any) -> tuple[FriendsMenu, WaitingRoom]:  # fmt: skip
    """This window hosts a table (a real server on 127.0.0.1, a free port) and waits in its waiting room."""
    menu = FriendsMenu(app, profile)
    app.push(menu)
    link = host_link(HostOptions("mien-nam", players, "easy", timer, "", "Hoa"), port=0, announce=False,
                     bind="127.0.0.1", **server)  # fmt: skip
    room = WaitingRoom(app, profile, link, menu, menu.open_table)
    app.push(room)
    run(app, 10, lambda: room.welcomed)
    return menu, room


@pytest.fixture
def hosted(make_app):
    made: list[Any] = []

    def build(players: int = 3, timer: int = 0, guests: int = 1, plays: bool = True, **server: Any):
        app, profile = make_app("en")
        app.settings.animation_speed = 4.0
        menu, room = host_here(app, profile, players, timer, **server)
        seats = [GuestSeat(room.link.url, f"Guest{i + 1}", plays) for i in range(guests)]
        made.append((room.link, seats))
        run(app, 10, lambda: len(room.link.seated) == 1 + guests, *[g.pump for g in seats])
        return app, profile, menu, room, seats

    yield build
    for link, seats in made:
        for seat in seats:
            seat.link.close()
        link.close()


def test_the_host_window_plays_a_whole_game_and_ends_on_the_true_game(hosted):
    app, profile, menu, room, [guest] = hosted()
    assert [n for n in room.link.names[:2]] == ["Hoa", "Guest1"]
    app.draw()
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top
    session = table.remote
    assert session.kinds == ["local", "remote", "remote"] and session.bots == {}
    assert table.model.unseen == {1, 2} and table.model.shown_faces(1) is None

    def play() -> None:
        guest.pump()
        if isinstance(app.top, NetTableScene) and table.human_turn():
            table.actions.play_hint()

    try:
        run(app, 120, lambda: isinstance(app.top, NetResultsScene), play)
    except AssertionError:
        g, gs = session.game, guest.session
        raise AssertionError(f"top {type(app.top).__name__} turn {g.current_player} over {g.is_over} pending "
                             f"{session.pending} queue {len(table.driver.queue)} busy {table.busy} guest "
                             f"{gs and (gs.game.current_player, gs.game.is_over, gs.pending, gs.deal_ready)} "
                             f"log {len(g.log)} {session.notes} {gs and gs.notes} ended {session.ended}") from None
    app.draw()
    game = session.game
    assert game.is_over and game.result is not None and not table.model.unseen
    assert [sorted(h) for h in table.model.hands] == [sorted(h) for h in game.hands], "the true hands at the end"
    assert guest.games and guest.games[0].to_dict() == game.to_dict(), "host and guest saw different games"
    assert session.totals == list(game.result.payments) == guest.session.totals
    kept = [e for e in profile.history.entries() if e.friends]
    assert len(kept) == 1 and kept[0].game == game.to_dict() and kept[0].names[1] == "Guest1"
    click(app, item_button(app.top))  # Next game: the server deals when both are ready
    run(app, 15, lambda: isinstance(app.top, NetTableScene), guest.pump)
    assert table.remote.game_no == 2 and not table.remote.game.is_over


def item_button(results: NetResultsScene) -> Any:
    class At:  # the results screen's Next button, clicked where it is drawn
        rect = results.next_button.rect
        is_option = False

    return At()


def test_a_refused_move_gives_the_turn_back_with_the_servers_reason(hosted):
    app, _, _, room, [guest] = hosted(players=2)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top
    session = table.remote
    run(app, 30, lambda: table.human_turn(), guest.pump)
    assert session.human is not None
    held = set(session.game.hands[session.human])
    foreign = next(c for h in session.game.hands if h is not session.game.hands[session.human] for c in h
                   if c not in held)  # a stand-in: a card this seat does not hold  # fmt: skip
    assert session.play([foreign], session.human) == [] and session.pending
    assert not table.human_turn()
    run(app, 10, lambda: not session.pending, guest.pump)
    assert table.human_turn(), "the turn came back after the refusal"
    assert any(isinstance(e, FloatText) for e in table.sprites.effects) or table.controls.notice


def test_the_turn_timer_shows_and_when_it_runs_out_the_table_says_so(hosted):
    app, _, _, room, [guest] = hosted(players=2, timer=15)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top
    run(app, 30, lambda: table.human_turn(), guest.pump)
    left = table.remote.seconds_left()
    assert left is not None and 0 < left <= 15
    app.draw()  # the ring and the seconds around the player's avatar
    before = len(table.remote.game.history)
    run(app, 25, lambda: len(table.remote.game.history) > before, guest.pump)  # nobody plays for the host...
    words = [e.value for e in table.sprites.effects if isinstance(e, FloatText)]
    assert any("ran out of time" in w for w in words), words  # ...the server did, and the table says so


def test_chat_phrases_reach_the_other_seat(hosted):
    app, _, _, room, [guest] = hosted(players=2, plays=False)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene) and guest.session is not None, guest.pump)
    table = app.top
    assert guest.session is not None
    guest.session.say("good_game")
    run(app, 10, lambda: bool(table.remote.chat), guest.pump)
    assert table.remote.chat[0][:2] == (1, "good_game")
    assert table.chat.send("thanks")
    run(app, 10, lambda: any(c[:2] == (0, "thanks") for c in guest.session.chat), guest.pump)
    app.draw()


def test_the_host_leaving_ends_the_table_for_the_guest_with_a_message(hosted, make_app):
    app, _, _, room, [guest] = hosted(players=2, plays=False)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene) and guest.session is not None, guest.pump)
    table = app.top
    table.on_leave()  # Esc: the dialog says that the host's leaving ends the match for everyone
    dialog = app.top
    assert isinstance(dialog, Dialog) and "ends the match for everyone" in dialog.message()
    click(app, dialog.items[0])
    assert isinstance(app.top, FriendsMenu) and table.remote.link.closed
    assert guest.session is not None
    end = time.monotonic() + 10
    while guest.session.ended is None and time.monotonic() < end:
        guest.pump()
        time.sleep(0.01)
    assert guest.session.ended == "The host left the table"


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


def test_the_next_game_goes_on_while_the_host_reads_the_results_and_is_shown_from_its_deal(hosted):
    app, _, _, room, [guest] = hosted(players=2, times=TableTimes(ready_cap=0.5))
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top

    def play() -> None:
        guest.pump()
        if isinstance(app.top, NetTableScene) and table.human_turn():
            table.actions.play_hint()

    run(app, 120, lambda: isinstance(app.top, NetResultsScene), play)
    # the results stay up; the server deals game 2 after its cap and the guest plays on in it
    run(app, 20, lambda: guest.session is not None and guest.session.game_no == 2 and table.remote.deal_ready,
        guest.pump)  # fmt: skip
    run(app, 5, lambda: False if guest.session is None else len(guest.session.game.history) >= 1
        or guest.session.game.current_player == 0, guest.pump)  # fmt: skip
    click(app, item_button(app.top))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    session = table.remote
    run(app, 30, lambda: not table.busy and (table.human_turn() or session.game.is_over), guest.pump)
    assert session.game_no == 2
    assert guest.session is not None
    assert [a.combo for a in session.game.history] == [a.combo for a in guest.session.game.history]
    shown = [t.combo for t in table.model.round_log]
    assert shown == [a.combo for a in session.game.history if a.round_index == session.game.round_index]


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
