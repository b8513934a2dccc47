"""``--net-smoke-test host`` / ``--net-smoke-test join:ADDRESS:PORT``: the real window, headless, hosts a table
or joins one through the real screens (clicks and typed text, as a player gives them), plays a whole game
there — its own moves through the table's hint — and prints what it saw as one line of JSON after
``NETSMOKE ``. Nothing is announced or looked for beyond loopback (``TIENLEN_LAN_DISCOVERY=0``). The host
first prints ``NETSMOKE-HOSTING <port> <code>`` so a second process can join.

The two-process UI test (tests/ui/net/test_two_windows.py) and the packaging test run it; its exit status is 0
when a game was played to its end and kept in the history.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from game.net.lan import ENV_SWITCH as LAN_SWITCH
from ui.intents import Action, Intent

log = logging.getLogger("tienlen.smoke")
SECONDS = 150.0  # a whole 3-seat game over loopback takes a few seconds of frames; the rest is slack


class NetSmoke:
    """Drives one window through Play with friends, a step a frame. ``role`` is "host" or "join:host:port"."""

    def __init__(self, app: Any, role: str, name: str = "", seats: int = 3, print_line: Callable[[str], None] = print
                 ) -> None:  # fmt: skip
        self.app, self.role = app, role
        self.name = name or ("Host" if role == "host" else "Guest")
        self.seats = seats
        self.print = print_line
        self.stage = "menu"
        self.port: int | None = None
        self.code = ""
        self.table: Any = None
        self.moves = 0
        self.record: dict[str, Any] | None = None
        self.problem = ""
        self.done = False
        self._over_at: float | None = None

    # -- a player's hands ----------------------------------------------------------------------------------
    def click(self, scene: Any, name: str) -> None:
        item = next(i for i in scene.items if i.name == name)
        pos = item.arrow_rects()[1].center if item.is_option and not hasattr(item, "text") else item.rect.center
        self.app.dispatch(Intent(Action.POINTER_DOWN, pos=pos))
        self.app.dispatch(Intent(Action.POINTER_UP, pos=pos))

    def type_into(self, scene: Any, name: str, text: str) -> None:
        self.click(scene, name)
        field = next(i for i in scene.items if i.name == name).text
        while field.value:
            self.app.dispatch(Intent(Action.ERASE))
            if field.caret == 0:
                field.move(len(field.value))
        for ch in text:
            self.app.dispatch(Intent(Action.TEXT, text=ch))

    # -- the steps -----------------------------------------------------------------------------------------
    def step(self) -> None:
        from ui.net.friends_menu import FriendsMenu
        from ui.net.host_screen import HostScene
        from ui.net.join_screen import JoinScene
        from ui.net.table import NetTableScene
        from ui.net.waiting_room import WaitingRoom

        top = self.app.top
        if self.stage == "menu" and top is not None and any(getattr(i, "name", "") == "friends" for i in top.items):
            self.click(top, "friends")
            self.stage = "friends"
        elif self.stage == "friends" and isinstance(top, FriendsMenu):
            self.click(top, "host" if self.role == "host" else "join")
            self.stage = "form"
        elif self.stage == "form" and isinstance(top, HostScene):
            while top.prefs.seats != self.seats:
                self.click(top, "seats")
            while top.prefs.timer != 0:
                self.click(top, "timer")
            while top.prefs.bot_level != "easy":
                self.click(top, "level")
            self.type_into(top, "name", self.name)
            self.click(top, "host")
            self.stage = "room"
        elif self.stage == "form" and isinstance(top, JoinScene):
            self.type_into(top, "address", self.role.split(":", 1)[1])
            self.type_into(top, "name", self.name)
            self.click(top, "join")
            self.stage = "room"
        elif self.stage == "room" and isinstance(top, WaitingRoom):
            self._wait(top)
        elif isinstance(top, NetTableScene):
            self._play(top)
        elif self.table is not None and self.table.results_shown:
            self._after(self.table)

    def _wait(self, room: Any) -> None:
        if room.problem:
            self.fail(f"the waiting room says: {room.problem}")
            return
        link = room.link
        if self.role == "host" and room.welcomed and self.port is None:
            self.port, self.code = int(link.server.port), link.code
            self.print(f"NETSMOKE-HOSTING {self.port} {self.code}")
        people = sum(1 for n, k in zip(link.names, link.kinds, strict=False) if n and k != "bot")
        if self.role == "host" and room.welcomed and people >= 2 and any(i.name == "start" for i in room.items):
            self.click(room, "start")

    def _play(self, table: Any) -> None:
        self.table = table
        if not table.human_turn() or table.actions.hint_thinking:
            return  # the hint is being thought out: it plays itself when it comes
        if table.actions.play_hint() or table.actions.hint_thinking:
            self.moves += 1  # played now, or (Shift+H before the hint came) once it is thought out
        elif table.human_turn():  # the hint passed or could not play: the lowest move, as a last resort
            game, seat = table.session.game, table.session.human
            legal = game.legal_moves(seat)
            if legal and table.session.play(legal[0], seat) is not None:
                self.moves += 1

    def _after(self, table: Any) -> None:
        """The game is over (the results are up): keep its record; the host waits for the guest to finish."""
        game = table.session.game
        if self.record is None:
            self.record = game.to_dict()
            self._over_at = time.monotonic()
        assert self._over_at is not None
        guests_gone = len([k for k in table.remote.link.kinds if k not in ("bot",)]) <= 1
        if self.role != "host" or guests_gone or time.monotonic() - self._over_at > 5:
            self.done = True

    def fail(self, why: str) -> None:
        self.problem, self.done = why, True

    def report(self) -> dict[str, Any]:
        session = self.table.session if self.table is not None else None
        return {"role": self.role.split(":")[0], "seat": session.human if session else None, "moves": self.moves,
                "record": self.record, "names": list(session.names) if session else [], "problem": self.problem,
                "port": self.port, "code": self.code}  # fmt: skip


def run_net_smoke(role: str) -> int:
    """Run the whole window headless through one game with friends (see the module's docstring)."""
    from ui.launch import build_app, parser
    from ui.net.link import Link
    from ui.persist.profile import Profile

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ[LAN_SWITCH] = "0"  # a smoke test's table is announced and looked for on this machine only
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    profile = Profile.load()
    app = build_app(parser().parse_args(["--lang", "en"]), profile=profile)
    app.settings.animation_speed = max(app.settings.animation_speed, 2.0)
    driver = NetSmoke(app, role, print_line=lambda line: print(line, flush=True))
    end = time.monotonic() + SECONDS
    try:
        while not driver.done and app.running and time.monotonic() < end:
            driver.step()
            app.step(1 / 30, [])
            time.sleep(0.002)
        if not driver.done:
            driver.fail(f"no game finished within {SECONDS:.0f} s (at {driver.stage}, top {type(app.top).__name__})")
    finally:
        for scene in list(app.stack):
            link = getattr(getattr(scene, "remote", None), "link", None) or getattr(scene, "link", None)
            if isinstance(link, Link):
                link.close()
        app.close()
    kept = [e for e in profile.history.entries() if e.friends]
    report = driver.report() | {"kept": len(kept)}
    print("NETSMOKE " + json.dumps(report, ensure_ascii=False), flush=True)
    if driver.problem or driver.record is None or not kept:
        print(f"net smoke test failed: {driver.problem or 'no game was kept'}", file=sys.stderr)
        return 1
    return 0
