"""The results explain themselves: each payment's sum, and how a tie in cards left was placed."""

from __future__ import annotations

import pytest

from game import load_rules, parse_cards
from game.engine.scoring import Transfer
from tests.engine.helpers import play, table
from ui import i18n
from ui.table.words import price_sum, tie_notes, transfer_reason


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("vi")


def test_a_loser_s_payment_is_worked_out_card_by_card(english):
    rules = load_rules("mien-nam")
    hand = parse_cards("3s 4c 5d 6h 7s 8c 9d 10h Jc Qd 2h")  # ten plain cards and a red 2: 10 + 6
    reason = transfer_reason(Transfer(1, 0, 16, "thoi"), rules, hand)
    assert reason == "cards left, stuck with 2♥ (thối): 10 cards × 1 + 2♥ × 6 = 16"


@pytest.mark.parametrize("variant", ["xep-hang", "co-dien", "co-dien-diem"])
def test_where_plain_cards_cost_nothing_the_payment_is_not_called_cards_left(english, variant):
    rules = load_rules(variant)
    hand = parse_cards("3s 4c 5d 2h")  # three plain cards, free here, and a red 2
    reason = transfer_reason(Transfer(1, 0, rules.prices.two[3], "thoi"), rules, hand)
    assert reason.startswith("stuck with 2♥ (thối): 2♥ × ") and "cards left" not in reason
    i18n.set_language("vi")
    assert transfer_reason(Transfer(1, 0, rules.prices.two[3], "thoi"), rules, hand).startswith("thối 2♥: ")


def test_the_vietnamese_sum_names_the_bombs_and_one_card_reads_singular():
    rules = load_rules("mien-nam")
    assert price_sum(rules, parse_cards("9s 9c 9d 9h Kc"), 9) == "1 lá × 1 + tứ quý × 8"
    i18n.set_language("en")
    try:
        assert price_sum(rules, parse_cards("Kc"), 1) == "1 card × 1"
    finally:
        i18n.set_language("vi")


def test_a_doubled_cong_hand_shows_the_doubling(english):
    rules = load_rules("dem-la")  # 002: a cóng hand of 13 cards with one black 2 pays (12 + 3) × 2 = 30
    hand = parse_cards("4c 4d 5d 6h 7s 8c 9d 10h Jc Qd Kh Ac 2s")
    assert price_sum(rules, hand, 30) == "(12 cards × 1 + 2♠ × 3) × 2"


def test_a_sum_that_does_not_lead_to_the_amount_is_not_shown(english):
    assert price_sum(load_rules("mien-nam"), parse_cards("3s 4c"), 7) == ""


def test_a_tie_in_cards_left_is_placed_by_turn_order_from_the_winner_and_said(english):
    g = table("mien-nam", "3s 6s", "4c 9h 10h", "5d 9d 10d")
    for cards in ("3s", "4c", "5d", "6s"):  # everyone plays a card, then seat 0 goes out
        play(g, cards)
    assert g.result is not None and g.result.order == (0, 1, 2) and not g.result.cong
    notes = tie_notes(g.result, g.rules, ["You", "Lan", "Minh"].__getitem__)
    assert notes == ["Lan and Minh each hold 2 cards: the tie goes by turn order from the winner, Lan first."]
    assert tie_notes(g.result, g.rules, ["Lan", "You", "Minh"].__getitem__)[0].endswith(", You first.")


def test_no_tie_note_where_the_counts_differ(english):
    g = table("mien-nam", "3s 6s", "4c 9h", "5d 9d 10d")
    for cards in ("3s", "4c", "5d", "6s"):
        play(g, cards)
    assert g.result is not None and tie_notes(g.result, g.rules, str) == []
