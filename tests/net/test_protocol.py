"""The protocol's JSON forms and its checks of what clients send (no sockets here)."""

from __future__ import annotations

import json
import random

import pytest

from game import load_rules, new_game, parse_cards
from game.ai import make_bot
from game.engine.events import Event
from game.engine.game import Game
from game.net import codec
from game.net.protocol import (
    CHAT_PHRASES,
    CLIENT_MESSAGES,
    MAX_MESSAGE,
    NAME_MAX,
    ProtocolError,
    clean_code,
    clean_name,
    decode_event,
    decode_rules,
    decode_view,
    encode_event,
    encode_rules,
    encode_view,
    parse_client,
)
from game.rules.loader import builtin_catalogue, list_variants


def played_games(variant: str, count: int, seed: int = 1) -> list[Game]:
    rules = load_rules(variant)
    games = []
    for n in range(count):
        game = new_game(rules, 4, rng=random.Random(seed * 1000 + n), first_game=n == 0)
        bots = [make_bot("normal", seed=s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            move = bots[seat].choose(game.view(seat))
            game.play(move, seat) if move else game.pass_turn(seat)
        games.append(game)
    return games


def events_of_every_kind() -> list[Event]:
    """Real events of every engine event type: played games, an instant win, a resignation."""
    events: list[Event] = []
    for variant in list_variants():
        for game in played_games(variant, 6):
            events += game.log
    instant = new_game(load_rules("mien-nam"), hands=[parse_cards("2s 2c 2d 2h 5c 6c 7c 8c 9c Tc Jc Qc Kc"),
                                                      parse_cards("3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 3c")],
                       leader=0, first_game=False)  # fmt: skip
    events += instant.log
    cong = new_game(load_rules("mien-nam"), hands=[parse_cards("3s"), parse_cards("4s 5s")], leader=0,
                    first_game=False)  # fmt: skip
    events += cong.play(parse_cards("3s"), 0)  # out before seat 1 played a card: cóng
    resigned = next(g for g in (new_game(load_rules("mien-nam"), 3, seed=s) for s in range(50)) if not g.is_over)
    events += resigned.resign(1)
    return events


def test_every_engine_event_type_round_trips_through_json():
    events = events_of_every_kind()
    kinds = {type(e) for e in events}
    assert kinds == set(Event.__subclasses__()), "an event type was not produced: add a deal that makes it"
    for event in events:
        wire = json.loads(json.dumps(encode_event(event)))
        assert decode_event(wire) == event


def test_the_game_over_event_carries_every_hand_shown_at_the_end():
    game = played_games("mien-nam", 1)[0]
    wire = encode_event(game.log[-1])
    assert wire["kind"] == "game_over"
    back = decode_event(wire)
    assert back.result.hands == game.result.hands and back.result.priced_hands == game.result.priced_hands


@pytest.mark.parametrize("variant", list_variants())
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_view_round_trips_at_every_step_of_a_game(variant, players):
    rules = load_rules(variant)
    game = new_game(rules, players, rng=random.Random(7 + players))
    bots = [make_bot("normal", seed=s) for s in range(players)]
    while True:
        for seat in range(players):
            view = game.view(seat)
            back = decode_view(json.loads(json.dumps(encode_view(view))), rules)
            assert back == view
        if game.is_over:
            break
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        game.play(move, seat) if move else game.pass_turn(seat)


def test_a_view_holds_only_its_own_hand():
    game = new_game(load_rules("mien-nam"), 4, seed=3)
    wire = json.dumps(encode_view(game.view(2)))
    for seat in (0, 1, 3):
        for card in game.hands[seat]:
            assert f'"{card.ascii}"' not in wire


@pytest.mark.parametrize("variant", list(builtin_catalogue().variants))
def test_a_variants_rules_round_trip_so_a_client_can_play_one_it_lacks(variant):
    rules = load_rules(variant)
    assert decode_rules(json.loads(json.dumps(encode_rules(rules)))) == rules


@pytest.mark.parametrize("bad", [
    None, "3s", {"cards": ["3s"]}, {"kind": "single", "cards": ["3s", "4s"], "length": 1},
    {"kind": "pair", "cards": ["3s"], "length": 1}, {"kind": "single", "cards": ["1s"], "length": 1},
    {"kind": "single", "cards": [3], "length": 1}, {"kind": "single", "cards": ["3s"] * 20, "length": 1},
])  # fmt: skip
def test_a_malformed_combo_is_a_protocol_error(bad):
    with pytest.raises(ProtocolError):
        codec.decode_combo(bad)


@pytest.mark.parametrize("bad", [
    {}, {"kind": "nope"}, {"kind": "passed"}, {"kind": "passed", "seat": 9}, {"kind": "passed", "seat": True},
    {"kind": "played", "seat": 0, "combo": None, "chop": False, "cards_left": 3},
    {"kind": "chopped", "payer": 0, "payee": 1, "amount": "x", "chain": []},
    {"kind": "game_over", "result": {"order": [0]}}, [], "played",
])  # fmt: skip
def test_a_malformed_event_is_a_protocol_error(bad):
    with pytest.raises(ProtocolError):
        decode_event(bad)


@pytest.mark.parametrize("history", [
    [[0, "3s", 1], [1, None, 0]], [[0, "3s 5d", 0]], [[0, "3s", "0"]], [[7, "3s", 0]], [[0, ["3s"], 0]], [[0, "3s"]],
])  # fmt: skip
def test_a_malformed_history_is_a_protocol_error(history):
    rules = load_rules("mien-nam")
    view = encode_view(new_game(rules, 4, seed=1).view(0))
    with pytest.raises(ProtocolError):
        decode_view({**view, "history": history}, rules)


def test_a_malformed_view_is_a_protocol_error():
    rules = load_rules("mien-nam")
    good = encode_view(new_game(rules, 4, seed=1).view(0))
    for key in good:
        broken = dict(good)
        broken[key] = {"not": "this"}
        with pytest.raises(ProtocolError):
            decode_view(broken, rules)
    with pytest.raises(ProtocolError):
        decode_view(good, load_rules("dem-la"))


# -- what clients send ---------------------------------------------------------------------------------------


def msg(kind: str, **fields: object) -> str:
    return json.dumps({"type": kind, "v": 1, **fields})


GOOD = {
    "host": {"name": "An", "variant": "mien-nam", "players": 4, "bot_level": "hard", "timer": 30, "password": "x",
             "table_bet": 5, "starting_chips": 500},
    "join": {"code": "ab-cd e", "name": "Bình", "password": "", "token": None},
    "start": {}, "pass": {}, "ready": {}, "leave": {},
    "play": {"cards": ["3s", "Th", "10d"]},
    "chat": {"phrase": "good_game"},
}  # fmt: skip


def test_every_client_message_type_is_read_when_well_formed():
    assert set(GOOD) == set(CLIENT_MESSAGES)
    for kind, fields in GOOD.items():
        out = parse_client(msg(kind, **fields))
        assert out["type"] == kind
    assert parse_client(msg("join", **GOOD["join"]))["code"] == "ABCDE"
    assert [c.ascii for c in parse_client(msg("play", cards=["3s", "Th", "10d"]))["cards"]] == ["3s", "Th", "Td"]


@pytest.mark.parametrize(("raw", "code"), [
    ("{not json", "bad_json"),
    ("[1, 2]", "bad_message"),
    ('"hello"', "bad_message"),
    (b'{"type": "pass", "v": 1}', "bad_message"),
    (msg("fly"), "unknown_type"),
    (json.dumps({"type": ["pass"], "v": 1}), "unknown_type"),
    (json.dumps({"type": "pass"}), "version"),
    (json.dumps({"type": "pass", "v": 2}), "version"),
    (json.dumps({"type": "pass", "v": True}), "version"),
    (json.dumps({"type": "pass", "v": 1.0}), "version"),
    ('{"type": "join", "v": 1, "code": "ABCDE", "name": "x", "password": "\\ud800"}', "bad_field"),
    ('{"type": "join", "v": 1, "code": "ABCDE", "name": "x", "token": "ab\\udfffcd"}', "bad_field"),
    ('{"type": "host", "v": 1, "name": "x", "variant": "mien-nam", "players": 4, "bot_level": "easy", "timer": 0, '
     '"password": "pw\\udc00"}', "bad_field"),
    (msg("pass", seat=2), "bad_field"),
    (msg("play", cards=["3s"], seat=1), "bad_field"),
    (msg("play"), "bad_field"),
    (msg("play", cards=[]), "bad_field"),
    (msg("play", cards="3s"), "bad_field"),
    (msg("play", cards=["3s", "3s"]), "bad_field"),
    (msg("play", cards=["3s"] * 14), "bad_field"),
    (msg("play", cards=["ZZ"]), "bad_field"),
    (msg("play", cards=[3]), "bad_field"),
    (msg("play", cards=["3♠"]), "bad_field"),
    (msg("chat", phrase="buy cheap chips at ..."), "bad_field"),
    (msg("chat", phrase=1), "bad_field"),
    (msg("host", **{**GOOD["host"], "players": 5}), "bad_field"),
    (msg("host", **{**GOOD["host"], "players": True}), "bad_field"),
    (msg("host", **{**GOOD["host"], "players": 4.0}), "bad_field"),
    (msg("host", **{**GOOD["host"], "timer": 10}), "bad_field"),
    (msg("host", **{**GOOD["host"], "bot_level": "god"}), "bad_field"),
    (msg("host", **{**GOOD["host"], "variant": "../../etc"}), "bad_field"),
    (msg("host", **{**GOOD["host"], "password": "p" * 65}), "bad_field"),
    (msg("host", **{**GOOD["host"], "table_bet": 3}), "bad_field"),
    (msg("host", **{**GOOD["host"], "name": "\u200b\u202e\x00 "}), "bad_name"),
    (msg("host", **{k: v for k, v in GOOD["host"].items() if k != "variant"}), "bad_field"),
    (msg("join", code=7, name="x"), "bad_field"),
    (msg("join", code="x" * 17, name="x"), "bad_field"),
    (msg("join", code="ABCDE", name="x", token="t" * 65), "bad_field"),
    ("[" * 8000 + "]" * 8000, "bad_json"),
    ('{"type": "pass", "v": 1e999999}', "version"),
    ("x" * (MAX_MESSAGE + 1), "too_big"),
])  # fmt: skip
def test_every_malformed_client_message_is_refused_with_its_code(raw, code):
    with pytest.raises(ProtocolError) as caught:
        parse_client(raw)
    assert caught.value.code == code
    assert "\n" not in caught.value.message and len(caught.value.message) <= 200


def test_names_are_cleaned_of_control_and_format_characters_and_cut_to_length():
    assert clean_name("  Lan\u200b \u202eAnh\x00  ") == "Lan Anh"
    assert clean_name("Nguyễn\tVăn\nAn") == "Nguyễn Văn An"
    assert clean_name("Tie\u0301\u0301\u0301\u0301n") == "Ti\u00e9\u0301\u0301n"  # composed, then 2 marks at most
    assert clean_name("\ufeffBOM\u2028line\u2029para") == "BOM line para"
    assert len(clean_name("x" * 500)) == NAME_MAX
    assert clean_name("\U000f0000private\ue000") == "private"
    assert clean_name("\uff28\uff4f\uff53\uff54") == "Host"  # fullwidth letters are the plain ones
    assert clean_name("\U0001d407\U0001d428\U0001d42c\U0001d42d") == "Host"  # and so are mathematical bold ones


def test_codes_are_read_without_regard_to_case_spaces_or_dashes():
    assert clean_code(" ab-c d\te ") == "ABCDE"


def test_the_chat_phrases_are_the_ones_the_window_shows():
    assert CHAT_PHRASES == ("hello", "good_game", "nice", "thanks", "oops", "hurry", "wow", "laugh", "sad", "again")
