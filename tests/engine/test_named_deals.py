"""Named deals, pinned card for card: ``--seed N`` must never change silently (PySolFC pins its deals the
same way). If one of these fails, the shuffle or the deal changed: every saved match and every shared seed
would deal differently. Change them only on purpose, and say so in the release notes."""

from __future__ import annotations

import random

import pytest

from game import Match, format_cards, load_rules
from game.engine.cards import deal

MATCH_DEALS = {  # seed -> (leader, the four hands of the match's first game) for mien-nam, 4 players
    1: (0, ["5c 5h 6s 6d 8s 8d 9c Tc Js Qd Kd As Ah", "3s 3c 3d 4s 4h 6c 6h 7d 7h Td Th Jd Ac",
            "3h 4c 7s 8c 9h Ts Jh Qs Qh Ks Kc 2s 2c", "4d 5s 5d 7c 8h 9s 9d Jc Qc Kh Ad 2d 2h"]),
    42: (3, ["3s 3h 4c 4h 6s 6h 7d Js Jc Jh Qs Qc Ac", "3d 4s 5s 5h 6c 6d 8c 8h Td Th Jd Qd Ks",
             "5c 5d 7h 8s 8d 9d 9h Kh As Ah 2s 2c 2d", "3c 4d 7s 7c 9s 9c Ts Tc Qh Kc Kd Ad 2h"]),
    2026: (1, ["3s 3c 3h 4s 4d 4h 5h 8s 8d 9s 9h Qd Kc", "5d 6d 6h 8h 9c 9d Td Js Jd Qc Kd Ad Ah",
               "4c 5c 6s 7s 7d 7h Tc Th Jc Jh Qs Ks Ac", "3d 5s 6c 7c 8c Ts Qh Kh As 2s 2c 2d 2h"]),
}  # fmt: skip


@pytest.mark.parametrize("seed", sorted(MATCH_DEALS))
def test_a_matchs_first_deal_is_pinned_card_for_card(seed):
    leader, hands = MATCH_DEALS[seed]
    game = Match(load_rules("mien-nam"), 4, seed).start_game()
    assert [format_cards(h, ascii=True) for h in game.hands] == hands
    assert game.start_leader == leader


def test_seed_2026_deals_four_twos_to_seat_3_an_instant_win():
    game = Match(load_rules("mien-nam"), 4, 2026).start_game()
    assert game.is_over and game.result.instant_win == 3 and game.result.instant_win_pattern == "four_twos"


def test_the_bare_deal_of_seed_7_is_pinned():
    assert [format_cards(h, ascii=True) for h in deal(4, random.Random(7))] == [
        "3s 5s 5d 5h 6d 7s 7c 7h Th Qd Qh Ks 2d", "6s 8c 8d 9s Ts Tc Td Jc Kh As Ac 2c 2h",
        "3c 3d 4c 4h 6h 7d 9d 9h Jh Qs Kd Ad 2s", "3h 4s 4d 5c 6c 8s 8h 9c Js Jd Qc Kc Ah",
    ]


def test_a_three_player_xep_hang_deal_is_pinned():
    game = Match(load_rules("xep-hang"), 3, 5).start_game()
    assert game.start_leader == 0  # xep-hang: the host leads the first game
    assert [format_cards(h, ascii=True) for h in game.hands] == [
        "4c 4d 4h 5d 8s 8h 9c Jc Jd Qc Qd Ah 2d", "6s 6c 7d 7h 8d Td Th Qs Qh Kc As Ad 2s",
        "3s 4s 5s 5c 6d 7s 9s 9d 9h Ts Js Ks 2c",
    ]
