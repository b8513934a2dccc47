"""Seats over real sockets: coming back after a dropped link, the turn timer, the host leaving, refusals."""

from __future__ import annotations

from dataclasses import replace

from game.engine.cards import parse_cards
from game.engine.game import Game
from game.net.lobby import LobbyLimits
from tests.net.players import Player, pump_until
from tests.net.servers import QUICK_CLIENTS, close_all, running, seat_table


def hand_after(record: dict, seat: int, actions: int) -> list:
    """Seat's hand after the first ``actions`` actions of a finished game's record."""
    hand = parse_cards(record["hands"][seat])
    for action in record["actions"][:actions]:
        if action[0] == "play" and action[1] == seat:
            for card in parse_cards(action[2]):
                hand.remove(card)
    return sorted(hand)


def test_a_dropped_client_is_botted_and_gets_the_same_seat_and_hand_back_with_its_token():
    with running() as server:
        host, guest = seat_table(server.url, "mien-nam", players=2, people=2)
        host.client.start_match()
        pump_until([host, guest], lambda: guest.view is not None)
        guest.client.drop()  # no goodbye: the socket is cut
        pump_until([host], lambda: host.seating.get("away") == [1] and host.seating["kinds"][1] == "bot")
        pump_until([host], lambda: any(m["type"] == "events" and m["auto"] == 1 for m in host.messages))
        assert {m["auto_reason"] for m in host.messages if m["type"] == "events" and m["auto"] == 1} == {"away"}
        back = Player(server.url, "Guest 1", seed=9)
        back.client.join(host.code, "Guest 1", token=guest.token)
        pump_until([host, back], lambda: any(m["type"] == "game" for m in back.messages))
        welcome = next(m for m in back.messages if m["type"] == "welcome")
        position = next(m for m in back.messages if m["type"] == "game")
        assert welcome["seat"] == 1 and welcome["token"] == guest.token
        pump_until([host, back], lambda: len(host.records) >= position["game_no"] and host.seating["away"] == [])
        record = host.records[position["game_no"] - 1]
        shown = position["view"]
        assert sorted(parse_cards(shown["hand"])) == hand_after(record, 1, len(shown["history"]))  # the same hand
        counted = position["game_no"] - (not shown["is_over"])  # back between games: that game is counted
        earlier = [Game.from_dict(r).result.payments for r in host.records[:counted]]
        assert position["totals"] == [sum(p[s] for p in earlier) for s in range(2)]  # the same chips
        assert host.seating["kinds"] == ["remote", "remote"]
        pump_until([host, back], lambda: len(back.records) >= position["game_no"] + 1)  # and plays on
        close_all([host, back])


def test_a_wrong_token_gets_no_seat_once_the_match_has_started():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=2, people=2)
        players[0].client.start_match()
        pump_until(players, lambda: all(p.view is not None for p in players))
        stranger = Player(server.url, "Mallory")
        stranger.client.join(players[0].code, "Mallory", token="not-a-token")
        pump_until([stranger], lambda: bool(stranger.errors))
        assert stranger.errors[0]["code"] == "match_started" and stranger.seat == -1
        close_all([*players, stranger])


def test_when_the_turn_timer_runs_out_the_leader_gets_a_lead_and_a_follower_passes():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=2, people=2, timer=15)
        for p in players:
            p.plays = False  # nobody moves: the timer moves for them
        players[0].client.start_match()

        def timed_out() -> list[dict]:
            return [m for m in players[0].messages if m["type"] == "events" and m["auto_reason"] == "timeout"]

        pump_until(players, lambda: len(timed_out()) >= 2, timeout=10)
        first, second = timed_out()[:2]
        assert first["events"][0]["kind"] == "played" and first["events"][0]["seat"] == first["auto"]
        assert second["events"][0] == {"kind": "passed", "seat": second["auto"]} and second["auto"] != first["auto"]
        dealt = next(m for m in players[0].messages if m["type"] == "game" and m["game_no"] == first["game_no"])
        assert 0 < dealt["deadline"] <= 0.3  # "15 s", scaled down for the test
        close_all(players)


def test_the_host_leaving_ends_the_match_for_everyone():
    with running() as server:
        players = seat_table(server.url, "dem-la", players=3, people=3)
        players[0].client.start_match()
        pump_until(players, lambda: all(p.view is not None for p in players))
        players[0].client.leave()
        pump_until(players, lambda: all(p.ended == "host_left" for p in players[1:]))
        pump_until(players, lambda: all(p.client.closed for p in players[1:]))
        assert server.call(lambda: len(server.server.lobby.tables)) == 0
        close_all(players)


def test_a_host_whose_link_drops_has_a_grace_then_the_match_ends():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=3, people=3)
        players[0].client.start_match()
        pump_until(players, lambda: all(p.view is not None for p in players))
        players[0].client.drop()
        pump_until(players[1:], lambda: players[1].seating.get("away") == [0])
        pump_until(players[1:], lambda: all(p.ended == "host_left" for p in players[1:]), timeout=5)
        close_all(players)


def test_a_wrong_password_and_a_wrong_code_get_the_same_answer_naming_no_seat():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=4, people=2, password="sesame")
        wrong_password = Player(server.url, "Eve")
        wrong_password.client.join(players[0].code, "Eve", "open sesame")
        wrong_code = Player(server.url, "Eve")
        wrong_code.client.join("ZZZZZ" if players[0].code != "ZZZZZ" else "YYYYY", "Eve", "sesame")
        no_password = Player(server.url, "Eve")
        no_password.client.join(players[0].code, "Eve")
        strangers = [wrong_password, wrong_code, no_password]
        pump_until(strangers, lambda: all(p.errors for p in strangers))
        answers = [p.errors[0] for p in strangers]
        assert answers[0] == answers[1] == answers[2]
        assert set(answers[0]) == {"type", "v", "code", "message"} and answers[0]["code"] == "no_table"
        assert all(p.seat == -1 and not any(m["type"] == "seated" for m in p.messages) for p in strangers)
        right = Player(server.url, "Friend")
        right.client.join(players[0].code.lower(), "Friend", "sesame")
        pump_until([right], lambda: right.seat == 2)
        close_all([*players, *strangers, right])


def test_a_link_that_keeps_guessing_codes_is_closed():
    with running() as server:
        guesser = Player(server.url, "Eve")
        for n in range(8):
            guesser.client.join(f"AAAA{n}", "Eve")
        pump_until([guesser], lambda: guesser.client.closed)
        assert [e["code"] for e in guesser.errors] == ["no_table"] * 5


def test_an_address_guessing_on_many_links_waits_its_turn_but_a_right_code_still_gets_in():
    limits = replace(QUICK_CLIENTS, lobby=LobbyLimits(guesses_per_second=4.0, guess_burst=10.0))
    with running(limits=limits) as server:
        table = seat_table(server.url, "mien-nam", players=4, people=1)
        guessers = [Player(server.url, f"Eve {n}") for n in range(3)]
        for n, guesser in enumerate(guessers):
            for k in range(4):  # under the 5 a link may make; the address's burst of 10 runs out on the third
                guesser.client.join(f"ZZZ{n}{k}", "Eve")
        pump_until(guessers, lambda: all(len(g.errors) >= 4 or g.client.closed for g in guessers))
        assert sum(len(g.errors) for g in guessers) == 12  # the last two after their turns came
        friend = Player(server.url, "Bình")
        friend.client.join(table[0].code, "Bình")
        pump_until([friend], lambda: friend.seat == 1)
        close_all([*table, *guessers, friend])


def test_join_without_a_code_takes_the_only_table_and_asks_for_one_when_there_are_several():
    with running() as server:
        first = seat_table(server.url, "mien-nam", players=4, people=1)
        easy = Player(server.url, "Bình")
        easy.client.join("", "Bình")
        pump_until([easy], lambda: easy.seat == 1)
        second = seat_table(server.url, "dem-la", players=2, people=1)
        unsure = Player(server.url, "Chi")
        unsure.client.join("", "Chi")
        pump_until([unsure], lambda: bool(unsure.errors))
        assert unsure.errors[0]["code"] == "code_needed"
        close_all([*first, easy, *second, unsure])


def test_a_full_table_a_started_match_and_a_guest_starting_are_refused():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=2, people=2)
        late = Player(server.url, "Late")
        late.client.join(players[0].code, "Late")
        players[1].client.start_match()
        pump_until([late, *players], lambda: bool(late.errors) and bool(players[1].errors))
        assert late.errors[0]["code"] == "table_full"
        assert players[1].errors[0]["code"] == "not_host"
        players[0].client.start_match()
        pump_until(players, lambda: all(p.view is not None for p in players))
        later = Player(server.url, "Later")
        later.client.join(players[0].code, "Later")
        pump_until([later], lambda: bool(later.errors))
        assert later.errors[0]["code"] == "match_started"
        close_all([*players, late, later])


def test_names_are_cleaned_and_made_unique_at_the_table():
    with running() as server:
        host = Player(server.url, "An")
        host.client.host("\u202eAn\u200b\x00", "mien-nam", players=3)
        pump_until([host], lambda: host.seat == 0)
        twin = Player(server.url, "An")
        twin.client.join(host.code, "An")
        pump_until([host, twin], lambda: twin.seat == 1 and len(host.seating.get("people", [])) == 2)
        assert host.seating["names"][:2] == ["An", "An 2"]
        close_all([host, twin])


def test_chat_phrases_reach_everyone_and_a_chat_flood_is_slowed():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=3, people=3)
        for _ in range(5):
            players[1].client.chat("hello")
        pump_until(players, lambda: sum(m["type"] == "chat" for m in players[2].messages) >= 3
                   and bool(players[1].errors))  # fmt: skip
        chats = [m for m in players[2].messages if m["type"] == "chat"]
        assert chats[0] == {"type": "chat", "v": 1, "seat": players[1].seat, "phrase": "hello"}
        assert players[1].errors[0]["code"] == "chat_too_fast"
        close_all(players)


def test_a_host_keeps_a_name_a_bot_would_have_and_the_bot_takes_another():
    with running() as server:
        host = Player(server.url, "Lan")
        host.client.host("Lan", "mien-nam", players=4)
        pump_until([host], lambda: host.seat == 0)
        names = host.seating["names"]
        assert names[0] == "Lan" and len(set(names)) == 4  # nobody had seen the bots' names yet
        guest = Player(server.url, "Bình")
        guest.client.join(host.code, "Bình")
        pump_until([host, guest], lambda: len(host.seating.get("people", [])) == 2)
        assert host.seating["names"][:2] == ["Lan", "Bình"]
        close_all([host, guest])
