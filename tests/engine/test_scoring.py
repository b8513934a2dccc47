"""RULES.md §5: hand values, chặt chains, place payouts, cóng, instant wins and quitting, per variant,
including every worked example in RULES.md."""

import pytest

from game import hand_value, load_rules, parse_cards
from game.engine.events import Chopped
from tests.engine.helpers import play, table, transfers


def value(variant, text):
    return hand_value(load_rules(variant), parse_cards(text))


# --- worked examples ---------------------------------------------------------------------------------------

def test_001_loser_with_black_and_red_two_and_five_plain_cards_pays_14():
    assert value("mien-nam", "2s 2h 3c 5d 7h 9s Jc") == 14


def test_001_loser_with_a_quad_and_one_plain_card_pays_9():
    assert value("mien-nam", "8s 8c 8d 8h Kc") == 9


def test_002_loser_with_five_cards_among_them_a_black_and_a_red_two_pays_12():
    assert value("dem-la", "2c 2d 4s 9h Qc") == 12


def test_002_cong_hand_of_13_cards_with_one_black_two_pays_30():
    g = table("dem-la", "3s", "4c 4d 5d 6h 7s 8c 9d 10h Jc Qd Kh Ac 2s")
    play(g, "3s")
    assert g.result.cong == (1,)
    assert transfers(g) == [(1, 0, 30, "thoi")]


def test_002_chain_black_two_then_three_pair_run_then_quad_run_owner_pays_15():
    g = table("dem-la", "2s Ah", "4s 4c 5s 5c 6s 6c Kd", "9s 9c 9d 9h Qd")
    play(g, "2s")
    play(g, "4s 4c 5s 5c 6s 6c")
    play(g, "9s 9c 9d 9h")
    g.pass_turn()
    events = g.pass_turn()
    assert [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Chopped)] == [(1, 2, 15)]


def test_002_chain_black_two_then_red_two_then_quad_red_two_owner_pays_9():
    g = table("dem-la", "2s Ah", "2h Kd", "9s 9c 9d 9h Qd")
    play(g, "2s")
    play(g, "2h")
    play(g, "9s 9c 9d 9h")
    g.pass_turn()
    events = g.pass_turn()
    assert [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Chopped)] == [(1, 2, 9)]


def test_003_four_players_place_payouts_and_last_place_pays_third_for_red_two_and_quad():
    g = table("xep-hang", "3s 7s", "4s 8s", "5s 10s", "6s 2h 9s 9c 9d 9h")
    for text in ("3s", "4s", "5s", "6s", "7s", "8s", "10s"):
        play(g, text)
    assert g.is_over and g.result.order == (0, 1, 2, 3)
    assert g.result.place_payouts == (2, 1, -1, -2)
    assert transfers(g) == [(3, 2, 4, "thoi")]
    assert g.result.payments == (2, 1, 3, -6)


# --- per-variant rows ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "text", "expected"), [
    ("mien-nam", "3s 4c 9h", 3),                     # per plain card left: 1
    ("mien-nam", "2s 2c 2d 2h", 18),                 # 2s priced 3 / 6, not as a quad
    ("mien-nam", "3s 3c 4s 4c 5s 5c", 6),            # 3-pair run
    ("mien-nam", "3s 3c 4s 4c 5s 5c 6s 6c", 12),     # 4-pair run
    ("mien-nam", "3s 3c 4s 4c 5s 5c 6s 6c 7s 7c", 14),  # 5 pairs: the reading that prices highest
    ("dem-la", "3s 3c 4s 4c 5s 5c", 12),
    ("dem-la", "Ks Kc Kd Kh", 16),
    ("dem-la", "3s 3c 4s 4c 5s 5c 6s 6c", 24),
    ("xep-hang", "3s 4c 9h 2s 2h", 3),               # items only: black 2 = 1, red 2 = 2
    ("xep-hang", "3s 3c 4s 4c 5s 5c", 2),
    ("xep-hang", "Ks Kc Kd Kh", 2),
    ("xep-hang", "3s 3c 4s 4c 5s 5c 6s 6c", 3),
    ("co-dien", "2s 2d 9h", 1.5),                    # ½ and 1 cược
    ("co-dien", "3s 3c 4s 4c 5s 5c", 1.5),
    ("co-dien", "Ks Kc Kd Kh", 2),
    ("co-dien", "3s 3c 4s 4c 5s 5c 6s 6c", 2.5),
    ("co-dien-diem", "2s 2c 2d 2h", 10),              # 1 + 2 + 3 + 4 points
    ("co-dien-diem", "Ks Kc Kd Kh 3s 3c 4s 4c 5s 5c", 8),  # every bomb 4
])
def test_hand_value_by_variant(variant, text, expected):
    assert value(variant, text) == expected


def test_quad_and_runs_through_it_take_the_reading_that_prices_highest():
    # 5555 inside 44-55-66 ×2: two 3-pair runs (12) beat a quad plus plain cards (8 + 8).
    assert value("mien-nam", "4s 4c 4d 4h 5s 5c 5d 5h 6s 6c 6d 6h") == 24


def test_mien_nam_each_loser_pays_the_winner_their_hand():
    g = table("mien-nam", "3s 2h", "4s 2s 2c 5c", "7s 8c")
    for text in ("3s", "4s", "7s", "2h"):
        play(g, text)
    assert g.result.order == (0, 2, 1)
    assert transfers(g) == [(2, 0, 1, "thoi"), (1, 0, 7, "thoi")]
    assert g.result.payments == (8, -7, -1)


def test_mien_nam_cong_has_no_extra():
    g = table("mien-nam", "3s", "4c 5d 2s")
    play(g, "3s")
    assert transfers(g) == [(1, 0, 5, "thoi")]


def test_xep_hang_winner_whose_final_play_holds_three_of_spades_gets_three():
    g = table("xep-hang", "8s 2h 3s 4s 5s", "9s Qd")
    for text in ("8s", "9s", "2h"):
        play(g, text)
    g.pass_turn()
    play(g, "3s 4s 5s")
    assert g.result.place_payouts == (3, -2)


def test_xep_hang_last_place_left_holding_only_three_of_spades_pays_three():
    g = table("xep-hang", "8s 2h", "9s 3s")
    for text in ("8s", "9s", "2h"):
        play(g, text)
    assert g.result.place_payouts == (2, -3)


def test_xep_hang_cong_place_payout_is_minus_four_and_its_thoi_goes_to_the_winner():
    g = table("xep-hang", "3s 4s", "5s Kh", "9s 9c 2h", "Js Qs")
    play(g, "3s")
    play(g, "5s")
    g.pass_turn()
    g.pass_turn()
    g.pass_turn()
    play(g, "Kh")
    assert g.result.order == (1, 0, 2, 3)
    assert g.result.place_payouts == (1, 2, -4, -4)
    assert transfers(g) == [(2, 1, 2, "thoi")]


def test_co_dien_thoi_at_first_out_and_last_place_pays_one():
    g = table("co-dien", "3s 2s", "5s 2h 9c", "6s 2d Kc")
    for text in ("3s", "5s", "6s", "2s", "2h"):
        play(g, text)
    g.pass_turn()
    play(g, "9c")
    assert g.result.order == (0, 1, 2)
    assert transfers(g) == [(1, 0, 1, "thoi"), (2, 0, 1, "thoi"), (2, 0, 1, "last_place")]
    assert g.result.payments == (3, -1, -2)


def test_co_dien_chay_pays_two_plus_thoi_instead_of_the_last_place_one():
    g = table("co-dien", "3s 2s", "5s 9c", "6s 2d")
    play(g, "3s")
    play(g, "5s")
    g.pass_turn()
    play(g, "2s")
    assert g.result.order == (0, 1, 2) and g.result.cong == (2,)
    assert transfers(g) == [(2, 0, 1, "thoi"), (2, 0, 2, "cong")]


def test_co_dien_den_bai_the_latest_player_who_passed_holding_a_beating_play_pays_for_the_chay():
    g = table("co-dien", "3s 8c Qc", "5s Jd Ah", "4h 2d", "6s 9h 7h")
    play(g, "3s")
    play(g, "5s")
    g.pass_turn()        # seat 2 (will be cháy)
    play(g, "6s")
    play(g, "8c")
    g.pass_turn()        # seat 1 holds Jd, which beats 8c
    play(g, "9h")
    play(g, "Qc")        # seat 0 out: seat 2 is cháy
    assert g.result is None and g.cong == [2]
    g.pass_turn()        # seat 3
    play(g, "Jd")        # seat 1 leads by hưởng sái
    g.pass_turn()
    play(g, "Ah")
    assert g.result.order == (0, 1, 3, 2)
    assert transfers(g) == [(1, 0, 1, "den_bai"), (1, 0, 2, "den_bai")]


def test_co_dien_nothing_paid_for_a_chop_when_the_bombed_play_emptied_its_owners_hand():
    hands = ("3s 2h", "4s 5s 5c 6s 6c 7s 7c Kd", "8s 9h")
    for variant, chops in (("co-dien", []), ("xep-hang", [(0, 1, 2)])):
        g = table(variant, *hands)
        for text in ("3s", "4s", "8s", "2h", "5s 5c 6s 6c 7s 7c"):
            play(g, text)
        g.pass_turn()
        assert [(t.payer, t.payee, t.amount) for t in g.chops] == chops, variant


def test_co_dien_diem_counts_in_points():
    g = table("co-dien-diem", "3s 2s", "5s 2h 9c", "6s 2d Kc")
    for text in ("3s", "5s", "6s", "2s", "2h"):
        play(g, text)
    g.pass_turn()
    play(g, "9c")
    assert transfers(g) == [(1, 0, 4, "thoi"), (2, 0, 3, "thoi"), (2, 0, 4, "last_place")]


def test_a_chain_is_paid_when_the_game_ends_on_it():
    g = table("mien-nam", "2s Ah", "9s 9c 9d 9h")
    play(g, "2s")
    play(g, "9s 9c 9d 9h")
    assert g.is_over
    assert (0, 1, 3, "chop") in transfers(g)


def test_led_bomb_bombed_by_a_higher_bomb_is_a_chain():
    g = table("mien-nam", "8s 8c 8d 8h 3s", "9s 9c 9d 9h 4s", "5s")
    play(g, "8s 8c 8d 8h")
    play(g, "9s 9c 9d 9h")
    g.pass_turn()
    events = g.pass_turn()
    assert [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Chopped)] == [(0, 1, 8)]


def test_twos_without_a_bomb_are_not_a_chop():
    g = table("mien-nam", "2s Ah", "2h Kd", "5s")
    play(g, "2s")
    play(g, "2h")
    g.pass_turn()
    events = g.pass_turn()
    assert not [e for e in events if isinstance(e, Chopped)]


# --- instant wins ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "each_pays"), [
    ("mien-nam", 26), ("dem-la", 1), ("xep-hang", 2), ("co-dien", 2), ("co-dien-diem", 8),
])
def test_instant_win_payment_by_variant(variant, each_pays):
    g = table(variant, "3s", "4s", "2s 2c 2d 2h", "5s")
    assert g.is_over and g.result.instant_win == 2 and g.result.instant_win_pattern == "four_twos"
    assert {(t.payer, t.amount) for t in g.result.transfers} == {(0, each_pays), (1, each_pays), (3, each_pays)}


def test_instant_win_adds_thoi_where_the_variant_says():
    g = table("xep-hang", "3s 2h", "2s 2c 2d Ac", "5s")
    # seat 1 has only three 2s; nobody qualifies
    assert not g.is_over
    g = table("xep-hang", "3s Ks Kc Kd Kh", "2s 2c 2d 2h", "5s")
    assert transfers(g) == [(0, 1, 4, "instant_win"), (2, 1, 2, "instant_win")]


def test_resign_charges_each_other_seat_and_ends_the_game():
    for variant, charge in (("dem-la", 26), ("mien-nam", 26), ("xep-hang", 4), ("co-dien", 2)):
        g = table(variant, "3s 4s", "5s 6s", "7s 8s")
        play(g, "3s")
        g.resign(1)
        assert g.is_over and g.result.resigned == 1 and g.result.order[-1] == 1
        assert transfers(g) == [(1, 0, charge, "quit"), (1, 2, charge, "quit")]


def test_transfers_sum_to_net_payments():
    g = table("co-dien", "3s 2s", "5s 2h 9c", "6s 2d Kc")
    for text in ("3s", "5s", "6s", "2s", "2h"):
        play(g, text)
    g.pass_turn()
    play(g, "9c")
    assert sum(g.result.payments) == 0
