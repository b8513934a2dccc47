"""Screenshots of Play with friends in the real window, in both languages (run under Xvfb on a headless box).

    xvfb-run -s "-screen 0 1920x1080x24" python tools/net_screenshots.py --size 1280x720 --out shots

The window hosts a 4-seat table (a real server in this process), a second person joins it over 127.0.0.1
through the client library and plays its seat, and the shots are taken as a player would see them: the host
screen, the waiting room, the join list (which finds the hosted table on the network), the table in play with
the turn timer and a chat phrase, a seat away, and the results; then a guest's waiting room and table.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class Guest:
    """A second person at the table: the client library, playing its lowest legal move a moment after its turn
    comes (passing now and then when it may)."""

    def __init__(self, url: str, code: str, password: str, name: str, token: str = "") -> None:
        from game.net.client import TableClient

        self.client = TableClient(url)
        self.client.start()
        self.client.join(code, name, password, token or None)
        self.token = token
        self.rules: Any = None
        self.view: Any = None
        self.seat = -1
        self.acted: tuple[int, int] | None = None
        self.game_no = 0
        self.turn_seen = 0.0

    def pump(self) -> None:
        from game.net.protocol import decode_rules, decode_view

        for msg in self.client.poll():
            kind = msg.get("type")
            if kind == "welcome":
                self.rules, self.seat, self.token = decode_rules(msg["table"]["rules"]), msg["seat"], msg["token"]
            elif kind in ("game", "events"):
                self.view, self.game_no = decode_view(msg["view"], self.rules), msg["game_no"]
            elif kind == "game_over":
                self.client.ready()
        view = self.view
        if view is None or not view.my_turn:
            self.turn_seen = 0.0
            return
        key = (self.game_no, len(view.history))
        if self.acted == key:
            return
        if not self.turn_seen:
            self.turn_seen = time.monotonic()
        if time.monotonic() - self.turn_seen < 0.6:
            return
        self.acted = key
        if view.table is not None and (not view.legal_moves or len(view.history) % 3 == 0):
            self.client.pass_turn()
        else:
            self.client.play(view.legal_moves[0])


def frames(app: Any, seconds: float, guest: Guest | None = None, until: Any = None) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if guest is not None:
            guest.pump()
        app.step(1 / 60)
        time.sleep(1 / 120)
        if until is not None and until():
            return


def shoot(lang: str, size: tuple[int, int], out: Path) -> None:
    import pygame

    from ui.launch import build_app, parser
    from ui.net.friends_menu import FriendsMenu
    from ui.net.host_screen import HostScene
    from ui.net.join_screen import JoinScene
    from ui.net.table import NetTableScene
    from ui.net.waiting_room import WaitingRoom
    from ui.persist.profile import Profile
    from ui.results import ResultsScene

    profile = Profile.load()
    app = build_app(parser().parse_args(["--lang", lang]), profile=profile)
    app.resize(size)

    def save(name: str) -> None:
        app.dirty = True
        app.step(1 / 60)
        pygame.image.save(app.screen, str(out / f"{name}_{lang}.png"))

    menu = FriendsMenu(app, profile)
    app.push(menu)
    host = HostScene(app, profile, menu)
    app.push(host)
    host.name.set("Hoa")
    host.password.set("tet2026")
    host.prefs = host.prefs.__class__(**{**host.prefs.__dict__, "seats": 4, "timer": 30, "bot_level": "normal"})
    host.focus = next(i for i, item in enumerate(host.items) if item.name == "name")
    save("host")
    host.submit()
    room = app.top
    assert isinstance(room, WaitingRoom)
    frames(app, 10, until=lambda: room.welcomed)
    guest = Guest(room.link.url, room.link.code, "tet2026", "Bảo")
    frames(app, 10, guest, until=lambda: len(room.link.seated) >= 2)
    save("waiting_room")
    join = JoinScene(app, profile, menu)
    app.push(join)
    join.name.set("Tuấn")
    frames(app, 12, guest, until=lambda: bool(join.found))
    frames(app, 3, guest)  # an announcement made while people sat down is brought up to date
    save("join")
    app.pop()
    room.start()
    frames(app, 10, guest, until=lambda: isinstance(app.top, NetTableScene))
    table = app.top
    assert isinstance(table, NetTableScene)
    frames(app, 8, guest, until=lambda: not table.dealing)
    frames(app, 20, guest, until=lambda: table.human_turn())
    guest.client.chat("hello")
    frames(app, 0.8, guest)
    save("table")
    guest.client.drop()  # the guest's network goes: the table shows the seat away (a bot plays for it)
    frames(app, 3, None, until=lambda: bool(table.remote.away))
    frames(app, 0.3)
    save("table_away")
    guest = Guest(room.link.url, room.link.code, "tet2026", "Bảo", token=guest.token)  # and comes back
    end = time.monotonic() + 120
    while not isinstance(app.top, ResultsScene) and time.monotonic() < end:
        if table.human_turn():
            table.actions.play_hint()
        frames(app, 0.05, guest)
    frames(app, 1.0, guest)
    save("results")
    table.remote.link.close()
    guest.client.close()
    app.close()


def shoot_guest(lang: str, size: tuple[int, int], out: Path) -> None:
    """The other side: a table hosted elsewhere (a server in this process and its host's link), joined through
    the Join screen by address; the guest's waiting room and table (the guest's own seat at the bottom)."""
    import pygame

    from ui.launch import build_app, parser
    from ui.net.friends_menu import FriendsMenu
    from ui.net.join_screen import JoinScene
    from ui.net.link import HostOptions, host_link
    from ui.net.table import NetTableScene
    from ui.net.waiting_room import WaitingRoom
    from ui.persist.profile import Profile

    profile = Profile.load()
    app = build_app(parser().parse_args(["--lang", lang]), profile=profile)
    app.resize(size)
    host = host_link(HostOptions("dem-la", 3, "hard", 15, "", "Bà Ngoại"), port=0, announce=False, bind="127.0.0.1")
    end = time.monotonic() + 10
    while host.seat is None and time.monotonic() < end:
        host.poll()
        time.sleep(0.05)
    menu = FriendsMenu(app, profile)
    app.push(menu)
    join = JoinScene(app, profile, menu)
    app.push(join)
    join.address.set(host.url.removeprefix("ws://"))
    join.name.set("Tuấn")
    join.submit()
    room = app.top
    assert isinstance(room, WaitingRoom)
    frames(app, 10, until=lambda: room.welcomed)
    frames(app, 0.3)
    pygame.image.save(app.screen, str(out / f"guest_room_{lang}.png"))
    host.send("start")
    frames(app, 10, until=lambda: bool(host.poll() or True) and isinstance(app.top, NetTableScene))
    table = app.top
    assert isinstance(table, NetTableScene)
    frames(app, 20, until=lambda: bool(host.poll() or True) and not table.busy and table.human_turn())
    frames(app, 0.5)
    app.dirty = True
    app.step(1 / 60)
    pygame.image.save(app.screen, str(out / f"guest_table_{lang}.png"))
    table.remote.link.close()
    host.close()
    app.close()


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--out", default="screenshots")
    opts = p.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    w, h = (int(v) for v in opts.size.split("x"))
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("vi", "en"):
        os.environ["TIENLEN_HOME"] = tempfile.mkdtemp(prefix="tienlen-shots-")
        shoot(lang, (w, h), out)
        shoot_guest(lang, (w, h), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
