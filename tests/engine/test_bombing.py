"""RULES.md §3: every row of the bombing table."""

import pytest

from game import classify, load_rules, parse_cards

RULES = load_rules("mien-nam")
RUN3 = "4s 4c 5s 5c 6s 6c"
RUN4 = "7s 7c 8s 8c 9s 9c 10s 10c"
RUN5 = "7s 7c 8s 8c 9s 9c 10s 10c Js Jc"
QUAD = "Ks Kc Kd Kh"


def beats(bomb, table, rules=RULES):
    return rules.can_beat(classify(parse_cards(bomb)), classify(parse_cards(table)))


@pytest.mark.parametrize("bomb", [RUN3, RUN4, QUAD])
def test_single_two_is_beaten_by_any_pair_run_or_quad(bomb):
    assert beats(bomb, "2h")


def test_single_two_is_beaten_by_a_higher_two():
    assert beats("2h", "2d") and not beats("2s", "2d")


def test_quad_beats_pair_of_twos_when_flag_on():
    assert beats(QUAD, "2s 2h")


def test_quad_does_not_beat_pair_of_twos_when_flag_off():
    off = load_rules("mien-nam", {"quad_beats_pair_of_twos": False})
    assert not beats(QUAD, "2s 2h", off)


def test_pair_of_twos_is_beaten_by_four_pairs_not_three():
    assert beats(RUN4, "2s 2h")
    assert not beats(RUN3, "2s 2h")


def test_three_pair_run_is_beaten_by_higher_three_pair_run_any_quad_and_any_longer_run():
    assert beats("5s 5c 6s 6c 7s 7c", RUN3)
    assert beats("3s 3c 3d 3h", RUN3)
    assert beats(RUN4, RUN3)
    assert not beats("3s 3c 4d 4h 5d 5h", "4d 4h 5d 5h 6d 6h")


def test_quad_is_beaten_by_higher_quad_and_any_four_pair_run():
    assert beats("As Ac Ad Ah", QUAD)
    assert beats("3s 3c 4s 4c 5s 5c 6s 6c", QUAD)
    assert not beats("3s 3c 3d 3h", QUAD)
    assert not beats(RUN3, QUAD)


def test_four_pair_run_is_beaten_by_higher_same_length_or_more_pairs():
    assert beats("8d 8h 9d 9h 10d 10h Jd Jh", RUN4)
    assert beats("3s 3c 4s 4c 5s 5c 6s 6c 7d 7h", RUN4)
    assert not beats(QUAD, RUN4)
    assert not beats("Qs Qc Ks Kc As Ac", RUN4)


def test_longer_run_beating_shorter_is_a_flag():
    off = load_rules("mien-nam", {"longer_pair_run_beats_shorter": False})
    assert not beats(RUN5, "3d 3h 4d 4h 5d 5h 6d 6h", off)
    assert beats(RUN5, "3d 3h 4d 4h 5d 5h 6d 6h")


def test_triple_of_twos_is_beaten_by_nothing():
    for bomb in (RUN3, RUN4, RUN5, QUAD):
        assert not beats(bomb, "2s 2c 2d")


def test_bombs_beat_nothing_but_twos_and_bombs():
    for table in ("As", "Ah Ad", "3s 4s 5s", "Qs Qc Qd"):
        assert not beats(QUAD, table) and not beats(RUN4, table)
