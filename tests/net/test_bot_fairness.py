"""Bot work is shared fairly: a table's normal bots answer in good time while other tables' expert bots think,
and in a lane the decisions waiting are taken one owner (host address) at a time."""

from __future__ import annotations

import asyncio
import statistics
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from game.net.lanes import Lane
from game.net.lobby import LobbyLimits
from tests.net.players import Player, pump_until
from tests.net.servers import QUICK_CLIENTS, close_all, running, seat_table


def test_an_owner_with_many_waiting_decisions_takes_turns_with_an_owner_with_one():
    finished: list[str] = []

    def work(name: str) -> str:
        time.sleep(0.05)
        return name

    async def main() -> None:
        loop = asyncio.get_running_loop()
        lane = Lane(ThreadPoolExecutor(1), 1)
        futures = [lane.submit(loop, "greedy", work, f"greedy {n}") for n in range(4)]
        futures.append(lane.submit(loop, "modest", work, "modest"))
        dropped = lane.submit(loop, "greedy", work, "dropped")
        dropped.cancel()  # a decision nobody wants any more is never started
        for future in asyncio.as_completed(futures):
            finished.append(await future)

    asyncio.run(main())
    assert finished == ["greedy 0", "greedy 1", "modest", "greedy 2", "greedy 3"]  # before: modest last


class TimedPlayer(Player):
    """A player that notes when each message came."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.timed: list[tuple[float, dict[str, Any]]] = []

    def take(self, msg: dict[str, Any]) -> None:
        self.timed.append((time.monotonic(), msg))
        super().take(msg)


def bot_replies(player: TimedPlayer, since: float) -> list[float]:
    """Seconds from each message that left the bot to move to the bot's move (the bot's thinking, in effect)."""
    out: list[float] = []
    for (was, before), (now, msg) in zip(player.timed, player.timed[1:], strict=False):
        view = before.get("view")
        if was < since or msg.get("type") != "events" or not isinstance(view, dict):
            continue
        if view.get("current_player") not in (None, player.seat) and not view.get("is_over"):
            out.append(now - was)
    return out


def test_a_tables_normal_bots_answer_quickly_while_four_other_tables_run_expert_bots():
    limits = replace(QUICK_CLIENTS, lobby=LobbyLimits(tables_per_address=5))  # one address hosts all five here
    with running(bot_threads=2, limits=limits) as server:
        greedy = [seat_table(server.url, "mien-nam", players=4, people=1, level="expert", seed=n)
                  for n in range(4)]  # fmt: skip
        for table in greedy:
            table[0].client.start_match()
        everyone = [p for table in greedy for p in table]
        pump_until(everyone, lambda: all(p.view is not None for p in everyone), timeout=30)
        victim = TimedPlayer(server.url, "Victim", seed=9)
        victim.client.host("Victim", "mien-nam", players=2, bot_level="normal", timer=0)
        pump_until([victim], lambda: victim.seat == 0)
        victim.client.start_match()
        since = time.monotonic() + 1.0
        end = since + 6.0
        while time.monotonic() < end:  # the expert tables keep both search workers busy all along
            if not sum(p.pump() for p in [victim, *everyone]):
                time.sleep(0.002)
        waits = bot_replies(victim, since)
        busy = server.call(lambda: server.server.pool.lanes["search"].busy)
        assert busy >= 1 and len(waits) >= 10, (busy, len(waits))
        ordered = sorted(waits)
        p90 = ordered[int(len(ordered) * 0.9)]
        # before: the normal bot's decisions waited behind the experts' (seconds); now they have their own workers
        assert p90 < 0.4, (p90, statistics.median(waits), len(waits))
        close_all([victim, *everyone])
