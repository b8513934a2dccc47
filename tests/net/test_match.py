"""Four clients driven by bots play whole matches against a real server on 127.0.0.1; what they are told adds up
to what the engine computes from the same actions."""

from __future__ import annotations

import pytest

from game.engine.game import Game
from game.net.protocol import encode_event
from game.rules.loader import list_variants
from tests.net.players import Player, pump_until
from tests.net.servers import close_all, running, seat_table

GAMES = 3


def events_per_game(player: Player) -> dict[int, list[dict]]:
    """Every event the player was told, game by game: a position's log, then each ``events`` message's."""
    out: dict[int, list[dict]] = {}
    for msg in player.messages:
        if msg["type"] == "game":
            out[msg["game_no"]] = list(msg["events"])
        elif msg["type"] == "events":
            out[msg["game_no"]] += msg["events"]
    return out


def moves_sent(player: Player, record: dict) -> list[list]:
    return [a for a in record["actions"] if a[1] == player.seat]


@pytest.mark.parametrize("variant", list_variants())
def test_four_clients_play_a_match_and_every_result_is_the_engines(variant):
    with running() as server:
        players = seat_table(server.url, variant, seed=len(variant))
        players[0].client.start_match()
        pump_until(players, lambda: all(len(p.records) >= GAMES for p in players), timeout=60)
        records = players[0].records[:GAMES]
        totals = [0.0] * 4
        for number, record in enumerate(records, start=1):
            game = Game.from_dict(record)  # the engine replays the actions the table took
            assert game.is_over and game.result is not None
            for seat, amount in enumerate(game.result.payments):
                totals[seat] += amount
            expected = [encode_event(e) for e in game.log]
            for p in players:
                assert p.records[number - 1] == record
                assert events_per_game(p)[number] == expected  # each client saw exactly the engine's events
        for p in players:
            said = next(m["totals"] for m in p.messages if m["type"] == "game_over" and m["game_no"] == GAMES)
            assert said == pytest.approx(totals)
            assert not p.errors
        close_all(players)


def test_two_people_and_two_bots_play_and_the_bots_are_the_servers():
    with running() as server:
        players = seat_table(server.url, "xep-hang", players=4, people=2, level="easy")
        players[0].client.start_match()
        pump_until(players, lambda: all(len(p.records) >= 2 for p in players), timeout=60)
        assert players[0].seating["kinds"] == ["remote", "remote", "bot", "bot"]
        assert players[1].seating["people"] == [0, 1]
        for record in players[0].records[:2]:
            game = Game.from_dict(record)
            assert {a[1] for a in game.actions} >= {2, 3} or game.log[0].kind == "instant_win"
        close_all(players)


@pytest.mark.parametrize("seats", [2, 3])
def test_smaller_tables_deal_to_their_seats_only(seats):
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=seats, people=seats)
        players[0].client.start_match()
        pump_until(players, lambda: all(len(p.records) >= 1 for p in players), timeout=30)
        game = Game.from_dict(players[0].records[0])
        assert game.players == seats
        close_all(players)
