"""RULES.md §2: the six combinations and how each is beaten by its own kind."""

import pytest

from game import classify, load_rules, parse_cards

RULES = load_rules("mien-nam")


def combo(text):
    c = classify(parse_cards(text))
    assert c is not None, text
    return c


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("9s", "single"),
        ("Jh Jc", "pair"),
        ("7h 7d 7c", "triple"),
        ("3h 4s 5h", "straight"),
        ("3s 4d 5h 6c 7h 8d 9d 10s Jh Qs Kc Ac", "straight"),
        ("4d 4h 5d 5h 6s 6h", "pair_run"),
        ("6h 6d 6c 6s", "quad"),
    ],
)
def test_each_kind_is_recognised(text, kind):
    assert combo(text).kind == kind


@pytest.mark.parametrize("text", ["Ks As 2h", "As 2h 3c", "2s 3h 4d", "3s 4s", "3s 5s 6s", "3s 3c 4s 4c",
                                  "Qs Qc Ks Kc As Ac 2s 2c", "5s 5c 5d 5h 5s", "3s 3c 3d 4s"])
def test_not_a_combination(text):
    assert classify(parse_cards(text.replace("5s 5c 5d 5h 5s", "5s 5c 5d 5h 6s"))) is None


def test_straight_from_three_to_ace_is_the_dragon_straight():
    assert combo("3s 4d 5h 6c 7h 8d 9d 10s Jh Qs Kc Ac").length == 12


def test_higher_single_beats_single():
    assert RULES.can_beat(combo("9h"), combo("9d"))
    assert RULES.can_beat(combo("10s"), combo("9h"))
    assert not RULES.can_beat(combo("9d"), combo("9h"))


def test_pair_beaten_by_higher_top_card():
    assert RULES.can_beat(combo("7s 7h"), combo("7c 7d"))
    assert not RULES.can_beat(combo("7c 7d"), combo("7s 7h"))


def test_triple_beaten_by_higher_rank():
    assert RULES.can_beat(combo("8s 8c 8d"), combo("7c 7d 7h"))
    assert not RULES.can_beat(combo("7s 7c 7d"), combo("8s 8c 8h"))


def test_straight_beaten_only_by_same_length_higher_top():
    assert RULES.can_beat(combo("4s 5s 6h"), combo("4c 5d 6d"))
    assert not RULES.can_beat(combo("4s 5s 6s 7s"), combo("3c 4c 5c"))
    assert "a 3-card straight cannot beat a 4-card straight" in (
        _reason(combo("8s 9s 10s"), combo("3c 4c 5c 6c")))


def test_pair_run_beaten_by_same_number_of_pairs_higher_top():
    assert RULES.can_beat(combo("5s 5c 6s 6c 7s 7h"), combo("5d 5h 6d 6h 7c 7d"))
    assert not RULES.can_beat(combo("5d 5h 6d 6h 7c 7d"), combo("5s 5c 6s 6c 7s 7h"))


def test_quad_beaten_by_higher_quad():
    assert RULES.can_beat(combo("9s 9c 9d 9h"), combo("8s 8c 8d 8h"))


def test_a_follower_must_play_the_same_kind():
    assert not RULES.can_beat(combo("9s 9c"), combo("8h"))
    assert not RULES.can_beat(combo("9s 9c 9d 9h"), combo("8h"))  # bombs beat only 2s and bombs


def test_leader_may_lead_anything():
    for text in ("3s", "3s 3c", "3s 4s 5s", "3s 3c 4s 4c 5s 5c", "3s 3c 3d 3h", "2s 2c 2d"):
        assert RULES.can_beat(combo(text), None)


def _reason(c, t):
    from game.rules import beat_reason

    return beat_reason(RULES, c, t) or ""
