"""A table hosted by this window's code on a real server in the test process, and a second person at it: the
helpers of the networked table's tests (no network mocks)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from game.engine.game import Game
from ui.net.friends_menu import FriendsMenu
from ui.net.link import HostOptions, Link, host_link, join_link
from ui.net.opening import _first_deal
from ui.net.remote_session import RemoteSession
from ui.net.waiting_room import WaitingRoom
from ui.persist.profile import Profile


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


def hosted_table(make_app: Any, made: list[tuple[Link, list[GuestSeat]]]) -> Callable[..., Any]:
    """``build(players, timer, guests, plays, **server)``: this window hosts (its waiting room up) and ``guests``
    people sit down; returns (app, profile, menu, room, guests). What it opens is listed in ``made``."""

    def build(players: int = 3, timer: int = 0, guests: int = 1, plays: bool = True,
              **server: Any) -> tuple[Any, Profile, FriendsMenu, WaitingRoom, list[GuestSeat]]:  # fmt: skip
        app, profile = make_app("en")
        app.settings.animation_speed = 4.0
        menu, room = host_here(app, profile, players, timer, **server)
        seats = [GuestSeat(room.link.url, f"Guest{i + 1}", plays) for i in range(guests)]
        made.append((room.link, seats))
        run(app, 10, lambda: len(room.link.seated) == 1 + guests, *[g.pump for g in seats])
        return app, profile, menu, room, seats

    return build


def close_all(made: list[tuple[Link, list[GuestSeat]]]) -> None:
    for link, seats in made:
        for seat in seats:
            seat.link.close()
        link.close()
