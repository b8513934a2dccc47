"""RULES.md §4: instant-win patterns, which variants count them, and the leader-order tie-break."""

import pytest

from game import load_rules, new_game, parse_cards
from game.engine.instant import PATTERNS
from tests.engine.helpers import table

HANDS = {
    "dragon": "3s 4d 5h 6c 7h 8d 9d 10s Jh Qs Kc Ac 5c",
    "four_twos": "2s 2c 2d 2h 5c",
    "pair_run_5": "4d 4h 5d 5h 6c 6h 7c 7h 8c 8d Ks",
    "six_pairs": "3h 3c 3d 5h 5d 6s 6c 8s 8c 9d 9c Qs Qh",
    "one_colour_12": "3s 4s 5c 6c 7s 9c 10s Js Qc Ks As 2c 3h",
    "four_triples": "3s 3c 3d 5s 5c 5d 8s 8c 8d Js Jc Jd Ah",
    "four_threes": "3s 3c 3d 3h 9h",
    "three_pairs_with_3s": "3s 3c 4d 4h 5s 5c 9h",
}


@pytest.mark.parametrize("pattern", sorted(HANDS))
def test_pattern_is_recognised(pattern):
    assert PATTERNS[pattern](parse_cards(HANDS[pattern]))


def test_six_pairs_counts_a_quad_as_two_pairs():
    assert PATTERNS["six_pairs"](parse_cards("3h 3d 3c 3s 5h 5d 5c 5s 8h 8c 10d 10s Ah"))


def test_near_misses_are_not_instant_wins():
    assert not PATTERNS["dragon"](parse_cards("3s 4d 5h 6c 7h 8d 9d 10s Jh Qs Kc 2c"))
    assert not PATTERNS["pair_run_5"](parse_cards("Jd Jh Qd Qh Kc Kh Ac Ah 2c 2d"))
    assert not PATTERNS["three_pairs_with_3s"](parse_cards("3h 3c 4d 4h 5s 5c"))
    assert not PATTERNS["one_colour_12"](parse_cards("3s 4s 5c 6c 7s 9c 10s Js Qc Ks As 3h 4h"))


@pytest.mark.parametrize("variant", ["mien-nam", "dem-la", "xep-hang"])
@pytest.mark.parametrize(("pattern", "counts"), [
    ("dragon", True), ("four_twos", True), ("pair_run_5", True), ("six_pairs", True),
    ("one_colour_12", False), ("four_triples", False), ("four_threes", False), ("three_pairs_with_3s", False),
])
def test_which_patterns_count_in_the_card_count_variants(variant, pattern, counts):
    g = table(variant, HANDS[pattern], "Kd", first_game=True)
    assert g.is_over == counts


@pytest.mark.parametrize("pattern", sorted(HANDS))
def test_co_dien_counts_every_pattern_in_the_first_game(pattern):
    assert table("co-dien", HANDS[pattern], "Kd", first_game=True).is_over


@pytest.mark.parametrize(("pattern", "counts"), [("four_threes", False), ("three_pairs_with_3s", False),
                                                 ("one_colour_12", True), ("four_triples", True)])
def test_co_dien_first_game_patterns_do_not_count_later(pattern, counts):
    assert table("co-dien", HANDS[pattern], "Kd", first_game=False).is_over == counts


def test_several_qualify_the_first_in_turn_order_from_the_leader_wins():
    rules = load_rules("mien-nam")
    hands = [parse_cards("9h"), parse_cards("2s 2c 2d 2h"), parse_cards("9s"),
             parse_cards("3s 4d 5h 6c 7h 8d 9d 10s Jh Qs Kc Ac")]
    assert new_game(rules, hands=hands, leader=2).result.instant_win == 3
    assert new_game(rules, hands=hands, leader=0).result.instant_win == 1


def test_instant_win_announces_the_hand_and_ends_the_game_before_any_play():
    g = table("mien-nam", "9h", "2s 2c 2d 2h")
    assert [e.kind for e in g.opening_events] == ["instant_win", "game_over"]
    assert g.legal_moves() == []
