"""The learned level holds a network table's empty seats like any level: whole games, the server's bots."""

from __future__ import annotations

from game.engine.game import Game
from tests.net.players import pump_until
from tests.net.servers import close_all, running, seat_table


def test_two_people_and_two_master_bots_play_whole_games():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=4, people=2, level="master")
        players[0].client.start_match()
        pump_until(players, lambda: all(len(p.records) >= 2 for p in players), timeout=90)
        assert players[0].seating["kinds"] == ["remote", "remote", "bot", "bot"]
        for record in players[0].records[:2]:
            game = Game.from_dict(record)
            assert game.is_over
            assert {a[1] for a in game.actions} >= {2, 3} or game.log[0].kind == "instant_win"
        assert not any(p.errors for p in players)
        close_all(players)
