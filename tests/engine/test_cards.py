import random

import pytest

from game import Card, Rank, Suit, format_cards, parse_cards
from game.engine.cards import DECK, deal


def test_ranks_run_from_three_up_to_two():
    assert [r.label for r in Rank] == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


def test_suits_run_spades_clubs_diamonds_hearts():
    assert [s.symbol for s in Suit] == ["♠", "♣", "♦", "♥"]


def test_rank_decides_before_suit():
    four_spades, three_hearts = parse_cards("4s 3h")
    assert four_spades > three_hearts


def test_sorted_hand_is_game_order():
    assert format_cards(sorted(parse_cards("2c 3h Ad 3s 10h"))) == "3♠ 3♥ 10♥ A♦ 2♣"


def test_twos_are_black_or_red():
    two_s, two_c, two_d, two_h = parse_cards("2s 2c 2d 2h")
    assert not two_s.is_red and not two_c.is_red and two_d.is_red and two_h.is_red


@pytest.mark.parametrize("text", ["3♠ 10♥ A♦ 2♣", "3s Th Ad 2c", "3S 10h aD 2C"])
def test_both_text_forms_read_the_same_cards(text):
    assert parse_cards(text) == [Card(Rank.THREE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS),
                                 Card(Rank.ACE, Suit.DIAMONDS), Card(Rank.TWO, Suit.CLUBS)]


def test_cards_print_in_unicode_and_ascii():
    cards = parse_cards("3s 10h Ad 2c")
    assert format_cards(cards) == "3♠ 10♥ A♦ 2♣"
    assert format_cards(cards, ascii=True) == "3s Th Ad 2c"


@pytest.mark.parametrize("bad", ["1s", "3x", "Zh", "10", "♥"])
def test_unreadable_token_is_named(bad):
    with pytest.raises(ValueError, match=repr(bad)):
        parse_cards(f"3s {bad} 4c")


def test_every_card_round_trips_through_both_forms():
    for card in DECK:
        assert parse_cards(str(card)) == [card]
        assert parse_cards(card.ascii) == [card]


def test_deal_gives_thirteen_disjoint_cards_each_and_is_seeded():
    hands = deal(3, random.Random(5))
    assert [len(h) for h in hands] == [13, 13, 13]
    assert len({c for h in hands for c in h}) == 39
    assert hands == deal(3, random.Random(5))
