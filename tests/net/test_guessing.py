"""Guessing table codes and passwords is slow: an address that has spent its burst of wrong guesses gets each
answer only at its turn, on every link it opens, and a right guess waits as long as a wrong one."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace

from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

from game.net.guesses import address_key
from game.net.lobby import LobbyLimits
from tests.net.servers import QUICK_CLIENTS, running, seat_table

RATE, BURST = 2.0, 5.0  # the test's allowance: a burst of 5 wrong guesses, then 2 a second
LIMITS = replace(QUICK_CLIENTS, lobby=LobbyLimits(guesses_per_second=RATE, guess_burst=BURST))


async def _guesser(url: str, code: str, until: float, answered: list[float]) -> None:
    """Wrong passwords as fast as the server answers, a new link whenever one is closed."""
    while time.monotonic() < until:
        try:
            async with connect(url, open_timeout=2, close_timeout=0.2) as ws:
                while time.monotonic() < until:
                    await ws.send(json.dumps({"type": "join", "v": 1, "code": code, "name": "Eve", "password": "x"}))
                    reply = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, until - time.monotonic())))
                    if reply.get("code") == "no_table":
                        answered.append(time.monotonic())
        except (WebSocketException, TimeoutError, OSError):
            await asyncio.sleep(0.01)


def _guess(url: str, code: str, links: int, seconds: float) -> tuple[float, list[float]]:
    answered: list[float] = []

    async def main() -> float:
        began = time.monotonic()
        await asyncio.gather(*(_guesser(url, code, began + seconds, answered) for _ in range(links)))
        return began

    return asyncio.run(main()), answered


def test_twelve_links_from_one_address_guess_no_faster_than_its_allowance():
    with running(limits=LIMITS) as server:
        table = seat_table(server.url, "mien-nam", players=4, people=1, password="417")
        began, answered = _guess(server.url, table[0].code, links=12, seconds=3.0)
        late = [t for t in answered if t - began > 1.5]
        # before: every guess was answered at once, hundreds a second; now the burst, then RATE a second
        assert len(answered) <= BURST + RATE * 3.0 + 2, len(answered)
        assert len(late) <= RATE * 1.5 + 2, len(late)
        table[0].close()


def test_a_right_password_from_a_guessing_address_waits_its_turn_too():
    with running(limits=LIMITS) as server:
        host = seat_table(server.url, "mien-nam", players=4, people=1, password="417")[0]
        _guess(server.url, host.code, links=2, seconds=0.5)  # the burst spent

        async def join() -> tuple[float, str]:
            async with connect(server.url, open_timeout=2) as ws:
                began = time.monotonic()
                await ws.send(json.dumps({"type": "join", "v": 1, "code": host.code, "name": "Eve", "password": "417"}))
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                return time.monotonic() - began, reply["type"]

        waited, answer = asyncio.run(join())
        assert answer == "welcome"  # the right password still gets in...
        assert waited >= 0.3  # ...but no sooner than a wrong one would be answered: its speed gives nothing away
        host.close()


def test_an_ipv6_guesser_counts_by_its_network_and_an_ipv4_mapped_one_as_ipv4():
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7" == address_key("192.0.2.7")
