"""The engine's public calls refuse bad input with ValueError (or TypeError for a wrong type), say what is wrong,
and leave nothing half-built."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Card, Game, Match, RulesError, classify, load_catalogue, load_rules, new_game, parse_cards
from game.engine.cards import DECK, deal

RULES = load_rules("mien-nam")


def _game() -> Game:
    return new_game(RULES, 4, seed=1)


BAD_CALLS = {
    "parse_cards with a number among the texts": (lambda: parse_cards(["3s", 5]), TypeError, "5"),
    "parse_cards of a number": (lambda: parse_cards(5), TypeError, "int"),
    "parse_cards of a bad token": (lambda: parse_cards("3s 1x"), ValueError, "1x"),
    "classify of a text": (lambda: classify("3s"), TypeError, "str"),
    "classify of numbers": (lambda: classify([1, 2]), TypeError, "int"),
    "a rank above 2": (lambda: Card(13, 0), ValueError, "rank"),
    "a negative rank": (lambda: Card(-1, 0), ValueError, "rank"),
    "a suit above hearts": (lambda: Card(0, 4), ValueError, "suit"),
    "a rank as text": (lambda: Card("3", 0), TypeError, "rank"),  # type: ignore[arg-type]
    "the view of seat 9": (lambda: _game().view(9), ValueError, "seat"),
    "the view of seat -1": (lambda: _game().view(-1), ValueError, "seat"),
    "the view of seat '0'": (lambda: _game().view("0"), TypeError, "seat"),  # type: ignore[arg-type]
    "a game of 0 players": (lambda: new_game(RULES, 0), ValueError, "players"),
    "a game of 5 players": (lambda: new_game(RULES, 5), ValueError, "players"),
    "an unknown variant": (lambda: load_rules("nope"), RulesError, "nope"),
    "a variant named by a number": (lambda: load_rules(3), TypeError, "int"),  # type: ignore[arg-type]
    "a hand of 14 cards": (lambda: new_game(RULES, hands=[DECK[:14], DECK[14:27]]), ValueError, "14 cards"),
    "a hand of no cards": (lambda: new_game(RULES, hands=[DECK[:13], []]), ValueError, "0 cards"),
    "one hand of 52": (lambda: new_game(RULES, hands=[DECK, []]), ValueError, "52 cards"),
    "hands sharing a card": (lambda: new_game(RULES, hands=[DECK[:5], DECK[4:9]]), ValueError, "share"),
    "a leader with no seat": (lambda: new_game(RULES, hands=[DECK[:5], DECK[5:9]], leader=2), ValueError, "leader"),
    "a must-play card the leader lacks": (
        lambda: Game(RULES, [DECK[:5], DECK[5:9]], 0, must_contain=DECK[6]), ValueError, "does not hold"),
    "a NaN house rule": (lambda: load_rules("mien-nam", {"prices.quad": math.nan}), RulesError, "prices.quad"),
    "an infinite house rule": (lambda: load_rules("mien-nam", {"quit_charge": math.inf}), RulesError, "quit_charge"),
    "a negative price": (lambda: load_rules("mien-nam", {"prices.plain_card": -1}), RulesError, "plain_card"),
    "an unknown house rule": (lambda: load_rules("mien-nam", {"prices.quadd": 3}), RulesError, "did you mean"),
    "first_game as text": (
        lambda: new_game(RULES, hands=[DECK[:5], DECK[5:9]], leader=0, first_game="false"), TypeError, "first_game"),
    "a seed as float": (lambda: new_game(RULES, 4, seed=1.5), TypeError, "seed"),  # type: ignore[arg-type]
    "a match of 1 player": (lambda: Match(RULES, 1), ValueError, "players"),
    "a match with an infinite seed": (lambda: Match(RULES, 4, math.inf), TypeError, "seed"),  # type: ignore[arg-type]
    "a deal of 14 each": (lambda: deal(4, __import__("random").Random(1), 14), ValueError, "14"),
    "a play of text": (lambda: _game().play("3s"), TypeError, "parse_cards"),  # type: ignore[arg-type]
    "a pass for seat 'a'": (lambda: _game().pass_turn("a"), TypeError, "seat"),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("case", sorted(BAD_CALLS))
def test_bad_input_is_refused_with_a_message_naming_it(case):
    call, error, words = BAD_CALLS[case]
    with pytest.raises(error) as info:
        call()
    assert words in str(info.value)
    assert len(str(info.value)) < 300


def _saved(**changes):
    data = Match(RULES, 4, seed=5).to_dict()
    data["current"] = None
    data.update(changes)
    return data


@pytest.mark.parametrize("changes", [
    {"seed": math.inf}, {"seed": 10**5000}, {"players": math.inf}, {"players": "4"}, {"seed": "7"},
    {"games": "none"}, {"variant": "nope"}, {"players": 9},
])
def test_a_saved_match_with_broken_numbers_is_a_value_error(changes):
    with pytest.raises(ValueError):
        Match.from_dict(_saved(**changes))


def _saved_game(**changes):
    match = Match(RULES, 4, seed=5)
    data = match.start_game().to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize("changes", [
    {"leader": math.inf}, {"leader": 1e400}, {"leader": -1}, {"leader": 4}, {"first_game": "false"},
    {"hands": "3s"}, {"actions": [["play", math.inf, "3s"]]}, {"actions": [[]]}, {"actions": [["fly", 0]]},
    {"must_contain": "2h"}, {"hands": ["3s 4s", "3s 5s"]},
])
def test_a_saved_game_with_broken_fields_is_a_value_error(changes):
    with pytest.raises(ValueError):
        Game.from_dict(_saved_game(**changes), RULES)


def test_a_saved_match_must_replay_to_the_deal_its_seed_makes():
    match = Match(RULES, 4, seed=5)
    game = match.start_game()
    game.play(game.legal_moves()[0])
    good = match.to_dict()
    assert Match.from_dict(good).to_dict() == good
    swapped = dict(good, current=dict(good["current"], hands=list(reversed(good["current"]["hands"])), actions=[]))
    with pytest.raises(ValueError, match="seed"):
        Match.from_dict(swapped)
    other_leader = dict(good, current=dict(good["current"], leader=(good["current"]["leader"] + 1) % 4, actions=[]))
    with pytest.raises(ValueError):
        Match.from_dict(other_leader)
    two_hands = dict(good, current=dict(good["current"], hands=good["current"]["hands"][:2], leader=0, actions=[]))
    with pytest.raises(ValueError, match="2 hands"):
        Match.from_dict(two_hands)


def test_a_refused_play_changes_nothing():
    game = _game()
    before = game.to_dict()
    for bad in ("3s", 5, ["3s"], [DECK[0], DECK[0]]):
        with pytest.raises((TypeError, ValueError)):
            game.play(bad)  # type: ignore[arg-type]
    assert game.to_dict() == before


def test_catalogue_load_of_an_unknown_variant_is_a_rules_error(tmp_path):
    with pytest.raises(RulesError, match="unknown variant 'mine'"):
        load_catalogue().load("mine")


_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8), st.lists(st.integers(-60, 60), max_size=15), st.binary(max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(rank=_VALUES, suit=_VALUES, cards=_VALUES, seat=_VALUES, players=_VALUES, leader=_VALUES, first=_VALUES)
def test_any_call_either_works_or_raises_a_value_or_type_error(rank, suit, cards, seat, players, leader, first):
    calls = [
        lambda: Card(rank, suit),
        lambda: parse_cards(cards),
        lambda: classify(cards),
        lambda: _game().view(seat),
        lambda: new_game(RULES, players, seed=1),
        lambda: new_game(RULES, hands=[DECK[:13], DECK[13:26]], leader=leader, first_game=first),
        lambda: _game().play(cards, seat),
        lambda: _game().pass_turn(seat),
        lambda: _game().resign(seat),
        lambda: load_rules("mien-nam", {"quit_charge": rank, "prices.two.hearts": suit}),
    ]
    for call in calls:
        try:
            call()
        except (ValueError, TypeError) as exc:
            assert str(exc)
