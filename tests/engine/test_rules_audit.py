"""An audit of the engine against RULES.md, rule by rule: the rules and worked readings that the other engine tests
did not yet check. Each test quotes the RULES.md line it checks."""

from __future__ import annotations

import pytest

from game import classify, load_rules, new_game, parse_cards
from game.engine.events import Chopped, RoundWon
from game.engine.instant import PATTERNS
from tests.engine.helpers import play, table, transfers

VARIANTS = ("mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem")
RUN3 = "4s 4c 5s 5c 6s 6c"
RUN4 = "7s 7c 8s 8c 9s 9c 10s 10c"
RUN5 = "7s 7c 8s 8c 9s 9c 10s 10c Js Jc"
QUAD = "Ks Kc Kd Kh"


def beats(rules, mine, on_table):
    return rules.can_beat(classify(parse_cards(mine)), classify(parse_cards(on_table)))


def chops(events):
    return [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Chopped)]


# --- §3 bombing, in every variant ----------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_quad_beats_pair_of_twos_flag_is_on_in_every_variant(variant):
    # "pair of 2s | `quad` (flag `quad_beats_pair_of_twos`, on in every variant, ...) · `pair_run` of ≥4 pairs"
    rules = load_rules(variant)
    assert rules.quad_beats_pair_of_twos
    assert beats(rules, QUAD, "2s 2h")
    assert beats(rules, RUN4, "2d 2h") and beats(rules, RUN5, "2d 2h")
    assert not beats(rules, RUN3, "2s 2c")


@pytest.mark.parametrize("variant", VARIANTS)
def test_pair_run_of_n_pairs_is_beaten_by_any_run_of_more_pairs_in_every_variant(variant):
    # "`pair_run` of n≥4 | higher run of n pairs · any run of more pairs (decision)"
    rules = load_rules(variant)
    assert beats(rules, RUN5, "Jd Jh Qd Qh Kd Kh Ad Ah")  # 5 low pairs on 4 high pairs
    assert beats(rules, "3s 3c 4s 4c 5s 5c 6s 6c 7d 7h", RUN4)
    assert beats(rules, "8d 8h 9d 9h 10d 10h Jd Jh Qd Qh", RUN5)  # higher run of the same 5 pairs
    assert not beats(rules, RUN5, "8d 8h 9d 9h 10d 10h Jd Jh Qd Qh")
    assert not beats(rules, QUAD, RUN5)


@pytest.mark.parametrize("variant", VARIANTS)
def test_three_pair_run_row_holds_in_every_variant(variant):
    # "`pair_run` of 3 | higher 3-pair run · any `quad` · any `pair_run` of ≥4"
    rules = load_rules(variant)
    high_run3 = "Qd Qh Kd Kh Ad Ah"
    assert beats(rules, "3s 3c 3d 3h", high_run3)
    assert beats(rules, "3d 3h 4d 4h 5d 5h 6d 6h", high_run3)
    assert not beats(rules, RUN3, high_run3)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_quad_of_twos_is_a_quad_beaten_by_any_run_of_four_pairs(variant):
    # "`quad` | 4 of one rank"; "`quad` | higher `quad` · any `pair_run` of ≥4" (only a *triple* of 2s is beaten by
    # nothing). Four 2s win on the deal in every shipped variant, so this is reached with that pattern taken out.
    rules = load_rules(variant)
    assert beats(rules, RUN4, "2s 2c 2d 2h") and beats(rules, RUN5, "2s 2c 2d 2h")
    assert not beats(rules, RUN3, "2s 2c 2d 2h") and not beats(rules, QUAD, "2s 2c 2d 2h")
    g = table(variant, "2s 2c 2d 2h 9h", RUN4 + " Kd", **{"instant_wins.every_game": []})
    play(g, "2s 2c 2d 2h")
    assert g.legal_moves() == [tuple(parse_cards(RUN4))]


def test_a_three_pair_run_may_not_answer_a_pair_of_twos_in_play():
    # "pair of 2s | `quad` ... · `pair_run` of ≥4 pairs" (a 3-pair run is not among them)
    g = table("mien-nam", "2s 2c 9h", RUN3 + " Kd")
    play(g, "2s 2c")
    assert g.legal_moves() == []
    assert g.check_play(parse_cards(RUN3)).code == "cannot_bomb"


def test_a_bomb_may_not_answer_an_ace_in_play():
    # "Bombs beat nothing but 2s and bombs."
    g = table("mien-nam", "As 9h", QUAD + " 3d")
    play(g, "As")
    assert g.legal_moves() == []


# --- §4 turn flow --------------------------------------------------------------------------------------------

def test_first_game_leader_rule_per_variant():
    # "**First game**: leader chosen at random (001, 002, 000); `xep-hang` lets the host (the human) lead (003)."
    assert {v: load_rules(v).first_lead for v in VARIANTS} == {
        "mien-nam": "random", "dem-la": "random", "xep-hang": "host", "co-dien": "random", "co-dien-diem": "random"}
    rules = load_rules("co-dien")
    assert {new_game(rules, 4, seed=s).start_leader for s in range(40)} == {0, 1, 2, 3}


def test_three_of_spades_rule_binds_only_the_first_game():
    # "House rule `first_lead: three_of_spades`: the holder of 3♠ ... leads and that first play must contain it.
    #  **Later games**: the previous game's winner leads."
    rules = load_rules("mien-nam", {"first_lead": "three_of_spades"})
    g = new_game(rules, hands=[parse_cards("5s 6s"), parse_cards("3s 9h"), parse_cards("4s Ah")], leader=2,
                 first_game=False)
    assert g.current_player == 2 and g.must_contain is None
    play(g, "Ah")


def test_huong_sai_goes_to_the_next_seat_in_play_even_if_it_passed_earlier_in_the_round():
    # "Hưởng sái ...: if the last play emptied its owner's hand and nobody beats it, the next player in turn order
    #  who is still in play leads."
    g = table("co-dien", "3s Ks", "4s 8s Kc", "5s 9s Kd", "6s 7s 2h")
    for cards in ("3s", "4s", "5s", "6s"):
        play(g, cards)
    for _ in range(3):
        g.pass_turn()  # seat 3 wins the first round
    play(g, "7s")
    g.pass_turn()  # seat 0 passes: locked out for this round
    play(g, "8s")
    play(g, "9s")
    play(g, "2h")  # seat 3 is out
    assert g.current_player == 1  # seat 0 is skipped: it passed
    g.pass_turn()
    events = g.pass_turn()
    assert RoundWon(3, 0) in events
    assert g.current_player == 0 and g.table is None and not g.is_over


def test_huong_sai_skips_a_chay_seat():
    # "the next player in turn order who is still in play leads"; cháy players "play no further"
    g = table("co-dien", "3s 2h", "4d 9c", "5s Jd Qd", "6s Ks")
    play(g, "3s")
    g.pass_turn()  # seat 1 never plays
    play(g, "5s")
    play(g, "6s")
    play(g, "2h")  # seat 0 out: seat 1 is cháy
    assert g.cong == [1] and g.current_player == 2
    g.pass_turn()
    events = g.pass_turn()
    assert RoundWon(0, 2) in events and g.current_player == 2


def test_a_chay_player_takes_no_further_turn_after_the_first_player_is_out():
    # "Cóng / cháy players ... are settled at that moment, take the last places and play no further."
    g = table("co-dien", "3s 2h", "4s 9c Jc", "5d Kd", "6s 10s Qs")
    play(g, "3s")
    play(g, "4s")
    g.pass_turn()  # seat 2, never plays
    play(g, "6s")
    play(g, "2h")  # seat 0 out: seat 2 is cháy
    assert g.cong == [2] and not g.is_over
    assert g.current_player == 1
    g.pass_turn()
    g.pass_turn()  # seat 3; nobody beat the 2♥: seat 1 leads (hưởng sái), seat 2 is skipped
    assert g.current_player == 1
    play(g, "9c")
    assert g.current_player == 3  # seat 2 is skipped
    play(g, "10s")
    assert g.current_player == 1
    play(g, "Jc")  # seat 1 out: one non-cháy seat left, the game is over
    assert g.is_over and g.result.order == (0, 1, 3, 2)


FOUR_PAIRS_RUN = "6s 6c 7s 7c 8s 8c 9s 9c"


def test_four_pairs_after_a_pass_only_against_a_pair_of_twos_not_a_single_two():
    # "Four pairs against a pair of 2s (`co-dien` only ...): while a pair of 2s is on top, players who passed
    #  earlier in the round are not skipped"
    g = table("co-dien", "5s Ah", FOUR_PAIRS_RUN + " Kd", "2s 3h")
    play(g, "5s")
    g.pass_turn()  # seat 1
    play(g, "2s")
    events = g.pass_turn()  # seat 0; seat 1 passed earlier and a single 2 is on top: it stays skipped
    assert RoundWon(2, 2) in events


def test_four_pairs_after_a_pass_the_only_play_is_a_run_of_at_least_four_pairs():
    # "on their turn the only play open to them is a run of ≥4 pairs (they may pass again)"
    g = table("co-dien", "5s 5c Ah", "9d 9h Jd Jh Qd Qh Kd Kh 3c", "2s 2c 3h")
    play(g, "5s 5c")
    g.pass_turn()  # seat 1: it holds a pair and a 3-pair run, no run of 4 pairs
    play(g, "2s 2c")
    g.pass_turn()  # seat 0
    assert g.current_player == 1
    assert g.legal_moves() == []
    assert g.check_play(parse_cards("9d 9h")).code == "after_pass"
    assert g.check_play(parse_cards("Jd Jh Qd Qh Kd Kh")).code == "after_pass"


def test_four_pairs_after_a_pass_a_quad_is_not_open_to_the_passed_player():
    # "on their turn the only play open to them is a run of ≥4 pairs"
    g = table("co-dien", "5s 5c Ah", "Ks Kc Kd Kh 3c", "2s 2c 3h")
    play(g, "5s 5c")
    g.pass_turn()  # seat 1
    play(g, "2s 2c")
    g.pass_turn()  # seat 0
    assert g.current_player == 1
    assert g.legal_moves() == []
    assert g.check_play(parse_cards("Ks Kc Kd Kh")).code == "after_pass"


def test_four_pairs_after_a_pass_a_seat_that_passes_again_is_skipped():
    # "(they may pass again)" — and then the round goes on without them
    g = table("co-dien", "5s 5c Ah", FOUR_PAIRS_RUN + " Kd", "2s 2c 3h")
    play(g, "5s 5c")
    g.pass_turn()  # seat 1
    play(g, "2s 2c")
    g.pass_turn()  # seat 0
    assert g.current_player == 1
    events = g.pass_turn()  # seat 1 passes again
    assert RoundWon(2, 2) in events


def test_four_pairs_after_a_pass_having_played_the_run_the_seat_is_back_in_the_round():
    # "Four pairs after a pass (`co-dien`): the seat gets its turn in the normal order; having played the run it is
    #  back in the round."
    g = table("co-dien", "5s 5c Ah", FOUR_PAIRS_RUN + " Kd", "2s 2c 3h 10d 10h Jd Jh Qd Qh Kc Kh")
    play(g, "5s 5c")
    g.pass_turn()  # seat 1
    play(g, "2s 2c")
    g.pass_turn()  # seat 0
    play(g, FOUR_PAIRS_RUN)  # seat 1, back in the round
    play(g, "10d 10h Jd Jh Qd Qh Kc Kh")  # seat 2 answers with a higher run
    assert g.current_player == 1  # seat 0 is still locked out; seat 1 is not


def test_four_pairs_after_a_pass_is_on_in_co_dien_diem_and_off_elsewhere():
    # "Four pairs against a pair of 2s (`co-dien` only, flag `pair_run4_ignores_pass`)"; co-dien-diem is co-dien
    assert {v: load_rules(v).pair_run4_ignores_pass for v in VARIANTS} == {
        "mien-nam": False, "dem-la": False, "xep-hang": False, "co-dien": True, "co-dien-diem": True}


# --- §4 instant wins ------------------------------------------------------------------------------------------

def test_four_triples_counts_a_quad_as_one_of_the_four():
    # "`four_triples` (4 ranks with ≥3 cards each)"
    assert PATTERNS["four_triples"](parse_cards("3s 3c 3d 3h 5s 5c 5d 8s 8c 8d Js Jc Jd"))
    assert not PATTERNS["four_triples"](parse_cards("3s 3c 3d 3h 5s 5c 5d 8s 8c 8d Js Jc Ad"))


def test_one_colour_twelve_counts_red_hands_too():
    # "`one_colour_12` (≥12 cards all black or all red)"
    assert PATTERNS["one_colour_12"](parse_cards("3d 4h 5d 6h 7d 8h 9d 10h Jd Qh Kd Ah 3s"))
    assert not PATTERNS["one_colour_12"](parse_cards("3d 4h 5d 6h 7d 8h 9d 10h Jd Qh Kd 3s 4s"))


@pytest.mark.parametrize(("variant", "each_pays"), [
    ("mien-nam", 26),    # "each opponent pays 26, no thối"
    ("dem-la", 6),       # "each opponent pays its hand value" (no cóng doubling)
    ("xep-hang", 2 + 2),  # "each opponent pays 2 + thối"
    ("co-dien", 2),      # "each opponent pays 2 (decision)"
    ("co-dien-diem", 8),  # "instant win 8 from each"
])  # fmt: skip
def test_instant_win_row_with_a_red_two_in_the_losers_hand(variant, each_pays):
    # "**Instant wins** pay only the instant-win row: no place payouts, no cóng doubling."
    g = table(variant, "2h", "3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As")
    assert g.result.instant_win == 1 and g.result.instant_win_pattern is not None
    assert transfers(g) == [(0, 1, each_pays, "instant_win")]
    assert g.result.place_payouts == (0, 0)


def test_xep_hang_instant_win_has_no_place_payouts():
    # "**Instant wins** pay only the instant-win row: no place payouts, no cóng doubling."
    g = table("xep-hang", "3s 9h", "2s 2c 2d 2h", "5s Kd", "6c Qd")
    assert g.is_over and g.result.place_payouts == (0, 0, 0, 0)
    assert g.result.payments == (-2, 6, -2, -2)


# --- §5 order of finish ----------------------------------------------------------------------------------------

def test_first_out_losers_with_equal_cards_are_ranked_in_turn_order_from_the_winner():
    # "the winner, then the losers by fewest cards left (ties in turn order from the winner)"
    g = table("mien-nam", "3s 8s 9s", "4s 8c 9c", "5s 2h", "6s 8d 9d")
    for cards in ("3s", "4s", "5s", "6s"):
        play(g, cards)
    g.pass_turn()
    g.pass_turn()
    play(g, "2h")
    assert g.result.order == (2, 3, 0, 1)


def test_first_out_cong_seats_come_last_in_turn_order_from_the_winner_whatever_they_hold():
    # "Cóng / cháy seats take the last places in turn order from the winner."
    g = table("mien-nam", "Qs", "3s 9s 10s Js", "4s", "Ks", leader=1)
    play(g, "3s")
    play(g, "4s")  # seat 2 out; seats 3 and 0 never played
    assert g.result.cong == (3, 0)
    assert g.result.order == (2, 1, 3, 0)


def test_one_left_cong_seats_come_last_in_turn_order_from_the_winner():
    # "Cóng / cháy seats take the last places in turn order from the winner."
    g = table("xep-hang", "Qs", "3s 9s", "4s", "Ks", leader=1)
    play(g, "3s")
    play(g, "4s")  # seat 2 out; seats 3 and 0 never played, seat 1 is the only one left
    assert g.result.order == (2, 1, 3, 0)
    assert g.result.place_payouts == (-4, 1, 2, -4)


# --- §5 chặt ---------------------------------------------------------------------------------------------------

def test_chain_only_the_final_bomb_is_left_out_even_when_its_owner_bombed_earlier_in_the_chain():
    # "Chain: ... Only the final bomb is excluded from the price."
    g = table("mien-nam", "2s 3h", "5s 5c 5d 5h As Ac Ad Ah 3c", "Ks Kc Kd Kh 3d")
    play(g, "2s")
    play(g, "5s 5c 5d 5h")
    play(g, "Ks Kc Kd Kh")
    g.pass_turn()  # seat 0
    play(g, "As Ac Ad Ah")
    events = g.pass_turn()  # seat 2; seat 0 passed already: the round closes
    assert chops(events) == [(2, 1, 3 + 8 + 8)]  # 2♠, and seat 1's own 5555, and the KKKK


def test_chain_pair_of_twos_bombed_by_a_quad_prices_both_twos():
    # "the last player bombed pays the last bomber the price of every play in the chain" (2♠ 3 + 2♥ 6)
    g = table("mien-nam", "2s 2h Kd", "9s 9c 9d 9h Qd", "5s")
    play(g, "2s 2h")
    play(g, "9s 9c 9d 9h")
    g.pass_turn()
    events = g.pass_turn()
    assert chops(events) == [(0, 1, 9)]


def test_chain_closed_by_the_end_of_a_one_left_game_is_paid():
    # "The end of the game closes the round, so a chain that a player finishes on is paid."
    g = table("xep-hang", "2s Ah", "9s 9c 9d 9h")
    play(g, "2s")
    play(g, "9s 9c 9d 9h")
    assert g.is_over and g.result.order == (1, 0)
    assert transfers(g) == [(0, 1, 1, "chop")]


@pytest.mark.parametrize(("variant", "cards", "price"), [
    ("mien-nam", "2s", 3), ("mien-nam", "2d", 6), ("mien-nam", RUN3, 6), ("mien-nam", QUAD, 8),
    ("mien-nam", RUN4, 12), ("mien-nam", RUN5, 12),
    ("dem-la", "2c", 3), ("dem-la", "2h", 6), ("dem-la", RUN3, 12), ("dem-la", QUAD, 16), ("dem-la", RUN4, 24),
    ("dem-la", RUN5, 24),
    ("xep-hang", "2s", 1), ("xep-hang", "2d", 2), ("xep-hang", RUN3, 2), ("xep-hang", QUAD, 2),
    ("xep-hang", RUN4, 3),
    ("co-dien", "2c", 0.5), ("co-dien", "2h", 1), ("co-dien", RUN3, 1.5), ("co-dien", QUAD, 2),
    ("co-dien", RUN4, 2.5),
    ("co-dien-diem", "2s", 1), ("co-dien-diem", "2c", 2), ("co-dien-diem", "2d", 3), ("co-dien-diem", "2h", 4),
    ("co-dien-diem", "2s 2h", 5), ("co-dien-diem", RUN3, 4), ("co-dien-diem", QUAD, 4), ("co-dien-diem", RUN4, 4),
])  # fmt: skip
def test_chain_prices_by_variant(variant, cards, price):
    # "chặt | chain rule, prices above"; "a run of 5 or 6 pairs prices as a 4-pair run"
    assert load_rules(variant).combo_price(classify(parse_cards(cards))) == price


# --- §5 scoring: xep-hang -----------------------------------------------------------------------------------------

def test_xep_hang_three_players_place_payouts_and_last_place_pays_thoi_to_first():
    # "place payouts | ... 3p +3 0 −2"; "who pays thối | last place → 3rd (4 players) or → 1st (2–3 players)"
    g = table("xep-hang", "3s 7s", "4s 8s", "5s 2h Ks")
    for cards in ("3s", "4s", "5s", "7s", "8s"):
        play(g, cards)
    assert g.is_over and g.result.order == (0, 1, 2)
    assert g.result.place_payouts == (3, 0, -2)
    assert transfers(g) == [(2, 0, 2, "thoi")]
    assert g.result.payments == (5, 0, -4)


def test_xep_hang_two_players_place_payouts_and_last_place_pays_thoi_to_first():
    # "place payouts | ... 2p +2 −2"; "who pays thối | last place → ... 1st (2–3 players)"
    g = table("xep-hang", "3s 7s", "4s 2d Ks")
    for cards in ("3s", "4s", "7s"):
        play(g, cards)
    assert g.is_over and g.result.order == (0, 1)
    assert g.result.place_payouts == (2, -2)
    assert transfers(g) == [(1, 0, 2, "thoi")]
    assert g.result.payments == (4, -4)


def test_xep_hang_a_cong_last_place_holding_only_three_of_spades_pays_minus_four():
    # "**`xep-hang`**: a cóng last place pays −4 even if it holds only 3♠"
    g = table("xep-hang", "4s", "3s")
    play(g, "4s")
    assert g.result.cong == (1,)
    assert g.result.place_payouts == (2, -4)


def test_xep_hang_a_cong_last_place_pays_its_thoi_to_the_winner_and_no_one_else_pays_thoi():
    # "when the last place is cóng, its thối goes to the winner and no one else pays thối."
    g = table("xep-hang", "3s 7s", "4s 8s", "5s 2d Jd", "2h Qh")
    play(g, "3s")
    play(g, "4s")
    play(g, "5s")
    g.pass_turn()  # seat 3 never plays
    play(g, "7s")  # seat 0 out: seat 3 is cóng
    play(g, "8s")  # seat 1 out: seat 2 is the only one left
    assert g.is_over and g.result.order == (0, 1, 2, 3) and g.result.cong == (3,)
    assert g.result.place_payouts == (2, 1, -1, -4)
    assert transfers(g) == [(3, 0, 2, "thoi")]  # seat 2's 2♦ is not charged
    assert g.result.payments == (4, 1, -1, -6)


def test_xep_hang_winner_whose_final_play_holds_three_of_spades_with_four_players():
    # "winner's final play holds 3♠: its place payout becomes +3"
    g = table("xep-hang", "2h 3s 4s 5s", "6c 9c", "7c 10c", "8c Jc", leader=1)
    for cards in ("6c", "7c", "8c", "2h"):
        play(g, cards)
    for _ in range(3):
        g.pass_turn()
    play(g, "3s 4s 5s")  # seat 0 out on a play holding 3♠
    for _ in range(3):
        g.pass_turn()  # hưởng sái: seat 1 leads
    play(g, "9c")
    play(g, "10c")
    assert g.is_over and g.result.order == (0, 1, 2, 3)
    assert g.result.place_payouts == (3, 1, -1, -2)


# --- §5 scoring: co-dien ------------------------------------------------------------------------------------------

SEVERAL_CHAY = ("3s 2h", "5s 9c", "6d 2d", "2s Qs")


def _several_chay(variant):
    g = table(variant, *SEVERAL_CHAY)
    play(g, "3s")
    play(g, "5s")
    g.pass_turn()  # seat 2
    g.pass_turn()  # seat 3
    play(g, "2h")  # seat 0 out: seats 2 and 3 are cháy, seat 1 is the only one left
    assert g.is_over and g.result.order == (0, 1, 2, 3) and g.result.cong == (2, 3)
    return g


def test_co_dien_several_chay_players_each_pay_two_plus_thoi_and_nobody_pays_the_last_place_one():
    # "**`co-dien`**: with several cháy players each pays 2 + thối, and nobody pays the last-place 1."
    g = _several_chay("co-dien")
    assert transfers(g) == [(2, 0, 1, "thoi"), (3, 0, 0.5, "thoi"), (2, 0, 2, "cong"), (3, 0, 2, "cong")]


def test_co_dien_diem_chay_costs_eight_points():
    # "`co-dien-diem` counts in points: last place 4, cháy 8, instant win 8 from each."
    g = _several_chay("co-dien-diem")
    assert transfers(g) == [(2, 0, 3, "thoi"), (3, 0, 1, "thoi"), (2, 0, 8, "cong"), (3, 0, 8, "cong")]


def test_co_dien_last_place_pays_one_with_four_players():
    # "place payouts | ... | last place pays 1 to the winner (decision)"
    g = table("co-dien", "3s 7s", "4s 8s", "5s 9s", "6s 10s Js")
    for cards in ("3s", "4s", "5s", "6s", "7s", "8s", "9s"):
        play(g, cards)
    assert g.is_over and g.result.order == (0, 1, 2, 3)
    assert transfers(g) == [(3, 0, 1, "last_place")]


def test_den_bai_the_latest_player_who_passed_with_a_beating_play_pays():
    # "Đền bài: ... in the winner's final round, another player passed while holding a play that beat the top of the
    #  table, the latest such player pays the cháy penalties in place of the cháy players."
    no_instant_wins = {"instant_wins.every_game": []}  # seat 0's six pairs would win on the deal
    g = table("co-dien", "4s 4c 2d 2h Ts Tc Js Jc Qs Qc Ks Kc", FOUR_PAIRS_RUN + " 3h", "3d",
              "5d 5h Td Th Jd Jh Qd Qh Kd Kh", **no_instant_wins)
    play(g, "4s 4c")
    g.pass_turn()  # seat 1 passes holding 6♠6♣, which beats 4♠4♣
    g.pass_turn()  # seat 2 (will be cháy)
    play(g, "5d 5h")
    play(g, "2d 2h")
    play(g, FOUR_PAIRS_RUN)  # seat 1, four pairs after a pass
    g.pass_turn()  # seat 3 passes holding a higher run of four pairs: the latest such pass
    play(g, "Ts Tc Js Jc Qs Qc Ks Kc")  # seat 0 out; seat 2 is cháy
    assert g.cong == [2]
    g.pass_turn()  # seat 1; nobody beat the run: seat 1 leads (hưởng sái)
    play(g, "3h")
    assert g.is_over and g.result.order == (0, 1, 3, 2)
    assert transfers(g) == [(1, 0, 2 + 2.5, "chop"), (3, 0, 2.5, "thoi"), (3, 0, 2, "den_bai")]


def test_den_bai_the_winner_never_pays_even_if_it_passed_holding_a_beating_play():
    # "**Đền bài** is judged at the moment of the pass ...; the winner and cháy players can't be the one who pays."
    g = table("co-dien", FOUR_PAIRS_RUN.replace("s", "d").replace("c", "h"), "2s 2c Kd", "3d 4d", "5s 5c 3c",
              leader=3)
    play(g, "5s 5c")
    g.pass_turn()  # seat 0 passes holding 6♦6♥, which beats 5♠5♣
    play(g, "2s 2c")
    g.pass_turn()  # seat 2 (will be cháy)
    g.pass_turn()  # seat 3, holding nothing that beats a pair of 2s
    play(g, FOUR_PAIRS_RUN.replace("s", "d").replace("c", "h"))  # seat 0, four pairs after a pass: out
    assert g.finished == [0] and g.cong == [2]
    g.pass_turn()  # seat 1; nobody beat the run: seat 1 leads
    play(g, "Kd")
    assert g.is_over and g.result.order == (0, 1, 3, 2)
    assert transfers(g) == [(1, 0, 1, "chop"), (2, 0, 2, "cong")]


def test_den_bai_a_pass_in_an_earlier_round_does_not_count():
    # "in the winner's final round, another player passed while holding a play that beat the top of the table"
    g = table("co-dien", "3s 6s 7s 8s 9s", "4s Kd", "Qh 2h")
    play(g, "3s")
    play(g, "4s")
    g.pass_turn()  # seat 2 (will be cháy)
    play(g, "6s")
    g.pass_turn()  # seat 1 passes holding K♦, which beats 6♠; the round closes
    play(g, "7s 8s 9s")  # seat 0 leads and is out; seat 2 is cháy
    assert g.is_over and g.result.order == (0, 1, 2)
    assert transfers(g) == [(2, 0, 1, "thoi"), (2, 0, 2, "cong")]
