"""A hostile client at a table, with the server's real limits: whatever it sends, it gets a clear error or is
disconnected, and the other players' games (at its table and at another) go on untouched."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from game.engine.cards import DECK
from game.engine.game import Game
from game.net.server import ServerHandle, ServerLimits
from tests.net.hostile import RawLink
from tests.net.players import Player, pump_until
from tests.net.servers import running, seat_table

#: The default limits (20 messages a second, bursts of 40, 16 KB), with pings and the first-message wait short.
LIMITS = ServerLimits(ping_interval=0.5, ping_timeout=0.5, hello_timeout=1.0)
GAP = 0.05  # the honest bots move at most 20 times a second (people are far slower)


@dataclass
class Scene:
    server: ServerHandle
    other_table: list[Player]  # four honest people at a table of their own
    table: list[Player]  # two honest people at the hostile client's table (it sits in seat 2; timer on)
    hostile: Player

    @property
    def honest(self) -> list[Player]:
        return [*self.other_table, *self.table]

    def games_go_on(self, games: int = 1, extra: list[Player] | None = None) -> None:
        """Every honest player sees ``games`` more games end, each a game the engine replays, and no error."""
        start = {id(p): len(p.records) for p in self.honest}
        everyone = [*self.honest, *(extra or [])]
        pump_until(everyone, lambda: all(len(p.records) >= start[id(p)] + games for p in self.honest), timeout=40)
        for p in self.honest:
            # A move sent just as the turn timer ran out arrives after the server moved for the seat: "not your
            # turn" then, as it would be for a person clicking at the last instant; nothing else may go wrong.
            late = [e for e in p.errors if e["code"] == "not_your_turn"]
            assert len(late) <= p.timed_out and len(late) == len(p.errors), (p.name, p.errors, p.timed_out)
            assert p.ended is None and not p.client.closed, (p.name, p.client.error)
            for record in p.records:
                assert Game.from_dict(record).is_over


@pytest.fixture
def scene() -> Iterator[Scene]:
    with running(limits=LIMITS) as server:
        other = seat_table(server.url, "mien-nam", players=4, people=4, min_gap=GAP, seed=1)
        table = seat_table(server.url, "dem-la", players=3, people=2, timer=15, min_gap=GAP, seed=5)
        hostile = Player(server.url, "Mallory", plays=False)
        hostile.client.join(table[0].code, "Mallory")
        pump_until([*other, *table, hostile], lambda: hostile.seat == 2)
        other[0].client.start_match()
        table[0].client.start_match()
        made = Scene(server, other, table, hostile)
        pump_until([*made.honest, hostile], lambda: hostile.view is not None)
        yield made
        for p in [*made.honest, hostile]:
            p.close()


def wait_for(scene: Scene, done: Callable[[], bool], timeout: float = 10.0) -> None:
    pump_until([*scene.honest, scene.hostile], done, timeout)


def my_turn(scene: Scene) -> bool:
    view = scene.hostile.view
    return view is not None and view.my_turn


def last_error(scene: Scene, count: int) -> Callable[[], bool]:
    return lambda: len(scene.hostile.errors) >= count


def test_malformed_json_and_unknown_types_get_errors_and_the_link_stays(scene):
    for text in ["{oops", "", "[]", '{"type": "teleport", "v": 1}', '{"type": "pass"}', "null"]:
        scene.hostile.client.send_raw(text)
    scene.hostile.client.send_raw(b"\x00\x01binary")
    wait_for(scene, last_error(scene, 7))
    codes = [e["code"] for e in scene.hostile.errors]
    assert codes == ["bad_json", "bad_json", "bad_message", "unknown_type", "version", "bad_message", "bad_message"]
    assert not scene.hostile.client.closed
    scene.games_go_on()


def test_a_10_mb_message_closes_the_link_before_it_is_read(scene):
    scene.hostile.client.send_raw("x" * 10_000_000)
    wait_for(scene, lambda: scene.hostile.client.closed)
    assert "1009" in (scene.hostile.client.error or "")
    pump_until(scene.table, lambda: scene.table[0].seating.get("away") == [2])
    scene.games_go_on()


def test_a_thousand_messages_a_second_get_an_error_then_the_link_is_closed(scene):
    for _ in range(1000):
        scene.hostile.client.ready()  # a message the server takes without an error: only the rate stops it
    wait_for(scene, lambda: scene.hostile.client.closed)
    assert scene.hostile.errors[-1]["code"] == "rate_limited"
    assert "1008" in (scene.hostile.client.error or "")
    scene.games_go_on()


def test_a_play_for_another_seat_is_refused(scene):
    card = scene.hostile.view.hand[0].ascii
    scene.hostile.client.send({"type": "play", "cards": [card], "seat": 0})
    wait_for(scene, last_error(scene, 1))
    assert scene.hostile.errors[0]["code"] == "bad_field"
    scene.games_go_on()


def test_a_play_out_of_turn_is_refused(scene):
    host, rogue = seat_table(scene.server.url, "mien-nam", players=2, people=2, min_gap=GAP, seed=4)
    host.client.start_match()  # no timer here: while the host does not move, the turn stays theirs
    host.plays = False
    pump_until([host, rogue], lambda: rogue.view is not None and rogue.view.current_player == 0)
    rogue.plays = False
    rogue.client.play([rogue.view.hand[0]])
    rogue.client.pass_turn()
    pump_until([host, rogue], lambda: len(rogue.errors) >= 2)
    assert [e["code"] for e in rogue.errors] == ["not_your_turn", "not_your_turn"]
    host.plays = rogue.plays = True
    scene.games_go_on(extra=[host, rogue])
    pump_until([host, rogue], lambda: len(host.records) >= 1)
    assert Game.from_dict(host.records[0]).is_over
    host.close()
    rogue.close()


def test_an_illegal_play_and_cards_not_held_are_refused_with_the_engines_reason(scene):
    wait_for(scene, lambda: my_turn(scene))
    view = scene.hostile.view
    low, high = view.hand[0], view.hand[-1]  # two ranks apart: no combination
    scene.hostile.client.play([low, high])
    stranger = next(c for c in DECK if c not in view.hand)
    scene.hostile.client.play([stranger])
    wait_for(scene, last_error(scene, 2))
    first, second = scene.hostile.errors[:2]
    if first["code"] == "illegal":  # the turn may have timed out in between: then it is not its turn
        assert first["refusal"] in ("no_combo", "must_contain")
    assert second["code"] in ("illegal", "not_your_turn")
    assert second.get("refusal", "not_held") == "not_held"
    scene.games_go_on()


def test_a_client_that_stops_reading_is_dropped_and_its_seat_botted(scene):
    table = seat_table(scene.server.url, "co-dien", players=3, people=2, min_gap=GAP, seed=9)
    sleepy = RawLink(scene.server.port)  # sits down, then never reads again: its pings go unanswered
    sleepy.send({"type": "join", "code": table[0].code, "name": "Sleepy"})
    pump_until(table, lambda: table[0].seating.get("people") == [0, 1, 2])
    table[0].client.start_match()
    everyone = [*scene.honest, *table]
    pump_until(everyone, lambda: table[0].seating.get("away") == [2], timeout=10)
    pump_until(everyone, lambda: table[0].seating["kinds"][2] == "bot", timeout=10)
    assert sleepy.closed_by_server(5.0)
    scene.games_go_on(extra=table)
    pump_until(table, lambda: all(len(p.records) >= 1 for p in table), timeout=20)
    assert not any(p.errors for p in table)
    for p in table:
        p.close()


def test_a_link_that_never_sits_down_is_closed(scene):
    idle = RawLink(scene.server.port)
    quiet = Player(scene.server.url, "Quiet")
    pump_until([*scene.honest, quiet], lambda: quiet.client.closed, timeout=5)
    assert quiet.errors[0]["code"] == "hello_timeout"
    assert idle.closed_by_server(3.0)
    scene.games_go_on()


def test_connections_from_one_address_are_limited():
    with running(limits=ServerLimits(per_address=3)) as server:
        links = [Player(server.url, f"P{i}") for i in range(3)]
        pump_until(links, lambda: all(p.client.connected for p in links))
        extra = Player(server.url, "P4")
        pump_until([extra], lambda: extra.client.closed)
        assert extra.errors[0]["code"] == "too_many_connections"
        links[0].close()
        pump_until(links, lambda: server.call(lambda: len(server.server.links)) == 2)
        again = Player(server.url, "P5")
        again.client.host("P5", "mien-nam")
        pump_until([again], lambda: again.seat == 0)
        for p in [*links, again]:
            p.close()


def test_tables_are_limited_per_server_and_per_address():
    from game.net.lobby import LobbyLimits

    with running(limits=ServerLimits(rate=1000, burst=2000, lobby=LobbyLimits(max_tables=2))) as server:
        hosts = [Player(server.url, f"H{i}") for i in range(3)]
        for h in hosts:
            h.client.host(h.name, "mien-nam")
        pump_until(hosts, lambda: sum(h.seat == 0 for h in hosts) == 2 and sum(bool(h.errors) for h in hosts) == 1)
        assert next(h for h in hosts if h.errors).errors[0]["code"] == "too_many_tables"
        for h in hosts:
            h.close()
    with running(limits=ServerLimits(lobby=LobbyLimits(tables_per_address=1))) as server:
        hosts = [Player(server.url, f"H{i}") for i in range(2)]
        for h in hosts:
            h.client.host(h.name, "mien-nam")
        pump_until(hosts, lambda: sum(bool(h.errors) for h in hosts) == 1)
        for h in hosts:
            h.close()
