"""RULES.md §6: quitting mid-game keeps what was already settled and places the others by cards left; and the
four decisions §6 writes down (co-dien-diem's quit charge, long pair runs' price, xep-hang's last place, 2s in
six pairs and five consecutive pairs)."""

from __future__ import annotations

import pytest

from game import Match, load_rules, parse_cards
from game.engine.instant import PATTERNS
from game.engine.scoring import hand_value
from tests.engine.helpers import play, table, transfers


def test_a_chop_paid_when_its_round_closed_stands_after_a_quit():
    g = table("mien-nam", "2s 3c 4c", "5s 5c 5d 5h 9h", "6s 7s 8s")
    play(g, "2s")
    play(g, "5s 5c 5d 5h")  # a quad chops the 2♠
    g.pass_turn()
    g.pass_turn()  # the round closes: seat 0 pays seat 1 for the 2♠
    assert transfers_now(g) == []
    g.resign(2)
    assert transfers(g) == [(0, 1, 3.0, "chop"), (2, 0, 26.0, "quit"), (2, 1, 26.0, "quit")]
    assert g.result.payments == (23.0, 29.0, -52.0)
    assert g.result.order == (1, 0, 2)  # seat 1 holds 1 card, seat 0 two; the quitter last


def transfers_now(g):
    return [] if g.result is None else transfers(g)


def test_a_chain_still_open_when_a_player_quits_is_not_paid():
    g = table("mien-nam", "2s 3c 4c", "5s 5c 5d 5h 9h", "6s 7s 8s")
    play(g, "2s")
    play(g, "5s 5c 5d 5h")
    g.resign(2)  # the round never closed
    assert [t[3] for t in transfers(g)] == ["quit", "quit"]


def _co_dien_after_first_out(variant="co-dien"):
    """Seat 0 goes out first; seats 1 and 2 hold a red 2 when it does; then the game goes on."""
    g = table(variant, "3s Ks", "4s 2d", "6s 7h 2h", "9s Th")
    for cards in ("3s", "4s", "6s", "9s", "Ks"):
        play(g, cards)
    assert g.finished == [0] and not g.is_over
    return g


def test_a_co_dien_penalty_read_when_the_winner_went_out_stands_after_a_quit():
    g = _co_dien_after_first_out()
    g.resign(2)
    assert transfers(g) == [(1, 0, 1.0, "thoi"), (2, 0, 1.0, "thoi"),
                            (2, 0, 2.0, "quit"), (2, 1, 2.0, "quit"), (2, 3, 2.0, "quit")]  # fmt: skip


def test_after_a_quit_the_others_are_placed_by_fewest_cards_ties_in_turn_order_from_the_quitter():
    g = _co_dien_after_first_out()
    g.resign(2)  # seats 1 and 3 both hold one card: seat 3 comes first after the quitter (seat 2)
    assert g.result.order == (0, 3, 1, 2)


def test_a_xep_hang_quit_after_a_cong_seat_was_settled_pays_only_the_quit_charges():
    # RULES.md is silent here (docs/engine-api.md): the cóng seat's −4 is a place payout and its thối is paid at
    # the game's end, so neither is "already settled" when someone quits; the quit ends the game with no other
    # payments and the cóng seat is placed by its cards like the others.
    g = table("xep-hang", "3s 2h", "4s 9c", "5s 9d", "2s 7c 8d")
    for cards in ("3s", "4s", "5s"):
        play(g, cards)
    g.pass_turn()  # seat 3 has played nothing
    play(g, "2h")  # seat 0 goes out: seat 3 is cóng
    assert g.finished == [0] and list(g.cong) == [3] and not g.is_over
    g.resign(1)
    assert transfers(g) == [(1, 0, 4.0, "quit"), (1, 2, 4.0, "quit"), (1, 3, 4.0, "quit")]
    assert g.result.order == (0, 2, 3, 1) and g.result.payments == (4.0, -12.0, 4.0, 4.0)


def test_after_a_quit_with_nobody_out_the_first_placed_seat_leads_the_next_game():
    # RULES.md: "the previous game's winner leads"; after a quit that is the first place (fewest cards).
    m = Match(load_rules("mien-nam"), players=4, seed=3)
    g = m.start_game()
    leader = g.current_player
    g.play(g.legal_moves()[0])  # the leader sheds a card: the only seat below 13
    g.resign((leader + 1) % 4)
    assert g.result.order[0] == leader
    m.finish_game(g)
    assert m.start_game().current_player == leader


def test_co_dien_diem_charges_8_points_to_quit():
    assert load_rules("co-dien-diem").quit_charge == 8
    g = table("co-dien-diem", "3s 4s", "5s 6s", "7s 8s")
    g.resign(0)
    assert transfers(g) == [(0, 1, 8.0, "quit"), (0, 2, 8.0, "quit")]


FIVE_PAIRS = "3s 3c 4s 4c 5s 5c 6s 6c 7s 7c"
SIX_PAIRS = FIVE_PAIRS + " 8s 8c"


@pytest.mark.parametrize(("variant", "hand", "price"), [
    ("mien-nam", FIVE_PAIRS, 12 + 2),  # a 4-pair run and a pair of plain cards
    ("mien-nam", SIX_PAIRS, 12 + 4),   # 4-pair run + four plain cards beats two 3-pair runs (12)
    ("dem-la", SIX_PAIRS, 24 + 4),     # 28 beats 12 + 12
    ("xep-hang", SIX_PAIRS, 2 + 2),    # two 3-pair runs (4) beat a 4-pair run (3)
    ("xep-hang", FIVE_PAIRS, 3),       # a 4-pair run (3) beats a 3-pair run (2)
    ("co-dien", SIX_PAIRS, 1.5 + 1.5),  # two 3-pair runs (3) beat a 4-pair run (2.5)
])  # fmt: skip
def test_a_long_pair_run_is_priced_by_the_reading_that_costs_most(variant, hand, price):
    assert hand_value(load_rules(variant), parse_cards(hand)) == price


def test_xep_hang_last_place_pays_for_the_cards_it_holds_when_play_stops():
    g = table("xep-hang", "3s Qs", "4s 2c 8s", "5s 6s 9s 2d")
    for cards in ("3s", "4s", "5s", "Qs", "2c", "2d"):  # seat 0 goes out on the Q♠
        play(g, cards)
    g.pass_turn()  # seat 1 cannot beat the 2♦; the round closes and seat 2 leads
    play(g, "6s")
    play(g, "8s")  # seat 1 is out second; seat 2 is last, holding only 9♠
    assert g.is_over and g.result.order == (0, 1, 2)
    assert hand_value(g.rules, parse_cards("6s 9s 2d")) == 2  # what it held when the winner went out
    assert [t for t in transfers(g) if t[3] == "thoi"] == []  # 9♠ alone is worth nothing in xep-hang


def test_a_pair_of_twos_counts_as_one_of_six_pairs():
    assert PATTERNS["six_pairs"](parse_cards("3s 3c 5s 5c 7s 7c 9s 9c Js Jc 2s 2c Ah"))


def test_five_consecutive_pairs_cannot_hold_twos():
    assert not PATTERNS["pair_run_5"](parse_cards("Js Jc Qs Qc Ks Kc As Ac 2s 2c 4h"))
    assert PATTERNS["pair_run_5"](parse_cards("10s 10c Js Jc Qs Qc Ks Kc As Ac 4h"))
