"""Where the server's bots think: worker processes (so a searching bot never holds the event loop or a hosting
window's frames), falling back to threads when a decision cannot go to a process."""

from __future__ import annotations

import asyncio
import logging

from game import load_rules, new_game
from game.ai import make_bot
from game.net.botpool import BotPool, choose_safely
from tests.net.players import pump_until
from tests.net.servers import close_all, running, seat_table


class Unsendable:
    """A bot that cannot be pickled (it holds a lambda): its decisions cannot go to a process."""

    def __init__(self) -> None:
        self.inner = make_bot("normal", seed=1)
        self.hook = lambda: None

    def choose(self, view: object) -> object:
        return self.inner.choose(view)  # type: ignore[arg-type]


def test_bots_in_a_worker_process_play_a_table_with_people():
    with running(bot_processes=1) as server:
        assert server.call(lambda: server.server.pool.mode) == "processes"
        players = seat_table(server.url, "mien-nam", players=4, people=2, level="hard")
        players[0].client.start_match()
        pump_until(players, lambda: all(len(p.records) >= 1 for p in players), timeout=60)
        assert not any(p.errors for p in players)
        close_all(players)


def test_a_decision_that_cannot_go_to_a_process_is_taken_on_a_thread(caplog):
    game = new_game(load_rules("mien-nam"), 4, seed=4)
    view = game.view(game.current_player)
    pool = BotPool(processes=1)

    async def decide() -> object:
        loop = asyncio.get_running_loop()
        future = pool.run(loop, Unsendable(), view)
        try:
            return await future
        except Exception as exc:
            pool.failed(exc)
            return await pool.on_threads(loop, Unsendable(), view)

    try:
        with caplog.at_level(logging.WARNING, logger="tienlen.net"):
            move = asyncio.run(decide())
    finally:
        pool.shutdown()
    assert move == choose_safely(make_bot("normal", seed=1), view)
    assert "taking it on a thread" in caplog.text
    assert pool.mode == "processes"  # one unsendable bot does not give the pool up


def test_with_processes_switched_off_the_bots_think_on_threads(monkeypatch):
    monkeypatch.setenv("TIENLEN_BOT_PROCESS", "0")
    pool = BotPool()
    assert pool.mode == "threads"
    pool.shutdown()
