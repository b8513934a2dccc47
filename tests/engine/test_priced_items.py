"""A hand's thối value read item by item: the items add up to the value the engine charges."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import load_rules
from game.engine.cards import DECK, parse_cards
from game.engine.scoring import hand_value, priced_items

VARIANTS = ("mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(VARIANTS), st.lists(st.sampled_from(DECK), unique=True, max_size=13))
def test_items_add_up_to_the_hand_value_and_use_each_card_once(variant, hand):
    rules = load_rules(variant)
    items = priced_items(rules, hand)
    assert abs(sum(i.price for i in items) - hand_value(rules, hand)) < 1e-9
    used = [c for i in items for c in i.cards]
    assert len(used) == len(set(used)) and set(used) <= set(hand)
    if rules.prices.plain_card:
        assert sorted(used) == sorted(hand)


def test_a_loser_with_two_twos_and_five_plain_cards_pays_each_part():
    items = priced_items(load_rules("mien-nam"), parse_cards("2s 2h 3c 5d 7h 9s Jc"))
    assert [(i.kind, i.price) for i in items] == [("two", 3), ("two", 6), ("plain", 5)]


def test_a_quad_is_read_as_one_bomb_not_four_cards():
    items = priced_items(load_rules("mien-nam"), parse_cards("9s 9c 9d 9h 4s"))
    assert [(i.kind, len(i.cards), i.price) for i in items] == [("quad", 4, 8), ("plain", 1, 1)]


def test_a_five_pair_run_reads_the_way_that_costs_most():
    rules = load_rules("dem-la")  # 3-pair run 12, 4-pair run 24: one 4-pair run and a pair (24 + 2)
    items = priced_items(rules, parse_cards("3s 3c 4s 4c 5s 5c 6s 6c 7s 7c"))
    assert sum(i.price for i in items) == hand_value(rules, parse_cards("3s 3c 4s 4c 5s 5c 6s 6c 7s 7c"))
    assert [i.kind for i in items][0] == "pair_run_4"


def test_the_result_keeps_the_hands_the_cards_left_were_counted_on():
    from tests.engine.helpers import play, table

    g = table("co-dien", "3s 7s", "4c 8c 2h", "5d 9d 6d")  # co-dien counts thối when the first player is out
    for cards in ("3s", "4c", "5d", "7s", "8c", "9d", "2h"):
        play(g, cards)
    assert g.result is not None and g.is_over
    assert g.result.priced_hands[1] == tuple(parse_cards("8c 2h")) and g.result.hands[1] == ()
    assert [(t.payer, t.amount) for t in g.result.transfers if t.reason == "thoi"] == [(1, 1)]  # the red 2
