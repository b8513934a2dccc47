"""A second audit of the engine against RULES.md: small tables (2 and 3 players), every variant's payments at the
end of a game, chains of chặt, hưởng sái after seats have gone out, the first game's 3♠ rule inside a match,
match totals, and the worked examples replayed as played games. Each test cites the RULES.md section it checks.

Every scripted game is also replayed through the AI's compact simulator (``game.ai.playouts.sim``), which must finish
it in the same order with the same net payments."""

from __future__ import annotations

import random

import pytest

from game import Match, load_rules, new_game, parse_cards
from game.ai.playouts.plays import flags_for, mask_of, play_of
from game.ai.playouts.sim import Sim
from game.engine.cards import DECK, THREE_OF_SPADES
from game.engine.combos import classify, generate
from game.engine.events import Chopped, RoundWon
from tests.engine.helpers import play, table, transfers

VARIANTS = ("mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem")
FOUR_PAIRS_RUN = "6s 6c 7s 7c 8s 8c 9s 9c"


def chops(events):
    return [(e.payer, e.payee, e.amount) for e in events if isinstance(e, Chopped)]


def settled(g):
    """The game's transfers in a fixed order, for comparing with the amounts RULES.md gives."""
    return sorted(transfers(g))


def agrees_with_the_simulator(g):
    """Replay the finished game ``g`` through the AI's simulator: same finishing order, same net payments."""
    sim = Sim(flags_for(g.rules), [mask_of(h) for h in g.initial_hands])
    sim.cur = g.start_leader
    sim.must = g.must_contain_at_start.index if g.must_contain_at_start is not None else -1
    for action in g.actions:
        assert sim.cur == action[1], action
        if action[0] == "play":
            combo = classify(parse_cards(action[2]))
            assert combo is not None
            sim.play(action[1], play_of(combo))
        else:
            sim.pass_turn(action[1])
    assert sim.over and sim.result is not None and g.result is not None
    assert sim.result[0] == g.result.order
    assert sim.result[1] == pytest.approx(g.result.payments)


def play_out(g, seed=0):
    """Finish a game with plain legal moves (the lowest play, sometimes a pass)."""
    rng = random.Random(seed)
    while not g.is_over:
        moves = g.legal_moves()
        if moves and (g.table is None or rng.random() < 0.8):
            g.play(moves[0])
        else:
            g.pass_turn()


# --- §1 and §4: small tables, the deal and the first leader -----------------------------------------------------

@pytest.mark.parametrize("players", [2, 3])
def test_small_tables_deal_thirteen_each_and_set_the_rest_aside(players):
    """§1: 13 cards to each of 2–4 players; undealt cards are set aside."""
    for seed in range(5):
        g = new_game(load_rules("mien-nam"), players, seed=seed)
        assert [len(h) for h in g.initial_hands] == [13] * players
        dealt = {c for h in g.initial_hands for c in h}
        assert len(dealt) == 13 * players
        assert len(set(DECK) - dealt) == 52 - 13 * players
        assert g.view(0).unseen_cards == frozenset(DECK) - set(g.initial_hands[0])


@pytest.mark.parametrize("players", [2, 3])
def test_xep_hang_host_leads_the_first_game_at_small_tables(players):
    """§4: `xep-hang` lets the host (seat 0, §6) lead the first game."""
    rules = load_rules("xep-hang")
    assert {new_game(rules, players, seed=s).start_leader for s in range(30)} == {0}


@pytest.mark.parametrize("players", [2, 3])
def test_random_first_leader_can_be_any_seat_at_small_tables(players):
    """§4: first game, leader chosen at random (001, 002, 000)."""
    for variant in ("mien-nam", "dem-la", "co-dien"):
        leaders = {new_game(load_rules(variant), players, seed=s).start_leader for s in range(60)}
        assert leaders == set(range(players)), variant


@pytest.mark.parametrize("players", [2, 3])
def test_three_of_spades_house_rule_at_a_small_table_when_three_of_spades_is_set_aside(players):
    """§4: the holder of the lowest dealt card leads and must play it; later games the previous winner leads."""
    rules = load_rules("mien-nam", {"first_lead": "three_of_spades"})
    for seed in range(200):
        m = Match(rules, players, seed=seed)
        g = m.start_game()
        dealt = [c for h in g.hands for c in h]
        if THREE_OF_SPADES not in dealt and not g.is_over:
            break
    else:
        pytest.fail("no deal found with 3♠ set aside")
    lowest = min(dealt)
    holder = next(s for s in range(players) if lowest in g.hands[s])
    assert g.current_player == holder and g.must_contain == lowest
    assert g.legal_moves() and all(lowest in move for move in g.legal_moves())
    other = next(c for c in g.hands[holder] if c != lowest)
    assert g.check_play([other]).code == "must_contain"
    play_out(g)
    m.finish_game(g)
    second = m.start_game()
    assert second.start_leader == g.result.winner and second.must_contain is None and not second.first_game


def test_three_of_spades_may_be_led_inside_a_combination():
    """§4: that first play must contain 3♠ — any combination holding it will do."""
    rules = load_rules("mien-nam", {"first_lead": "three_of_spades"})
    g = new_game(rules, hands=[parse_cards("5c 9h"), parse_cards("3s 4s 5s 3h"), parse_cards("4d Ah")])
    assert g.current_player == 1
    assert g.check_play(parse_cards("4s 5s 3h")) is not None  # not a combination
    assert g.check_play(parse_cards("3h")).code == "must_contain"
    play(g, "3s 4s 5s")
    assert g.must_contain is None and g.current_player == 2


# --- §4 instant wins at small tables -----------------------------------------------------------------------------

FOUR_TWOS = "2s 2c 2d 2h 5c"
DRAGON = "3s 4d 5h 6c 7h 8d 9d 10s Jh Qs Kc Ac"
SIX_PAIRS = "3s 3c 4s 4c 6s 6c 7s 7c 9s 9c Js Jc"


def test_instant_win_at_two_players_goes_to_the_first_qualifier_from_the_leader():
    """§4: if several players qualify, the first in turn order starting from the leader wins."""
    rules = load_rules("mien-nam")
    hands = [parse_cards(FOUR_TWOS), parse_cards(DRAGON)]
    g = new_game(rules, hands=hands, leader=1, first_game=False)
    assert g.result.instant_win == 1 and g.result.instant_win_pattern == "dragon"
    assert g.result.payments == (-26, 26)
    g = new_game(rules, hands=hands, leader=0, first_game=False)
    assert g.result.instant_win == 0 and g.result.payments == (26, -26)


def test_instant_win_at_three_players_wraps_round_from_the_leader():
    """§4: the first qualifier in turn order starting from the leader (seat 2 leads: seat 0 comes before seat 1)."""
    rules = load_rules("mien-nam")
    hands = [parse_cards(FOUR_TWOS), parse_cards(SIX_PAIRS.replace("Js Jc", "Jd Jh")), parse_cards("Kd")]
    assert new_game(rules, hands=hands, leader=2, first_game=False).result.instant_win == 0
    assert new_game(rules, hands=hands, leader=1, first_game=False).result.instant_win == 1


@pytest.mark.parametrize(("variant", "pays"), [
    ("mien-nam", 26),         # each opponent pays 26, no thối
    ("dem-la", 6 + 6 + 16 + 1),  # its hand value: 2♥ 6, 2♦ 6, quad 16, one plain card
    ("xep-hang", 2 + 2 + 2 + 2),  # 2 + thối: 2♥ 2, 2♦ 2, quad 2
    ("co-dien", 2),           # 2 (decision)
    ("co-dien-diem", 8),      # instant win 8 from each
])  # fmt: skip
def test_instant_win_at_two_players_pays_the_instant_win_row_with_a_bomb_in_the_losing_hand(variant, pays):
    """§5 instant win row, and §6: instant wins pay only the instant-win row (no place payouts)."""
    g = table(variant, SIX_PAIRS, "2h 2d Ks Kc Kd Kh 5d")
    assert g.result.instant_win == 0 and g.result.instant_win_pattern == "six_pairs"
    assert transfers(g) == [(1, 0, pays, "instant_win")]
    assert g.result.place_payouts == (0, 0) and g.result.payments == (pays, -pays)


def test_co_dien_first_game_instant_wins_at_a_three_player_table():
    """§4: `co-dien` counts four_threes and three_pairs_with_3s in the first game only."""
    hands = ("3s 3c 4d 4h 5s 5c 9h", "Kd Ah", "Qs Jd")
    assert table("co-dien", *hands, first_game=True).result.instant_win == 0
    assert table("co-dien", *hands, first_game=True).result.payments == (4, -2, -2)
    assert not table("co-dien", *hands, first_game=False).is_over
    assert not table("mien-nam", *hands, first_game=True).is_over


# --- §3 and §5: chains of chặt ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("variant", "price"), [
    ("mien-nam", 6), ("dem-la", 12), ("xep-hang", 2), ("co-dien", 1.5), ("co-dien-diem", 4),
])  # fmt: skip
def test_chain_a_led_three_pair_run_beaten_by_a_higher_one_is_paid(variant, price):
    """§6: a bomb on a bomb — a led bomb included — starts the chain; the led run's owner pays its price."""
    g = table(variant, "3s 3c 4s 4c 5s 5c Kh", "6s 6c 7s 7c 8s 8c Ah", "9h")
    play(g, "3s 3c 4s 4c 5s 5c")
    play(g, "6s 6c 7s 7c 8s 8c")
    g.pass_turn()
    events = g.pass_turn()
    assert chops(events) == [(0, 1, price)]
    assert RoundWon(1, 1) in events


@pytest.mark.parametrize(("variant", "price"), [
    ("mien-nam", 3 + 6 + 8), ("dem-la", 3 + 6 + 16), ("xep-hang", 1 + 2 + 2), ("co-dien", 0.5 + 1 + 2),
    ("co-dien-diem", 1 + 4 + 4),
])  # fmt: skip
def test_chain_of_two_twos_a_quad_and_a_four_pair_run_the_quad_owner_pays(variant, price):
    """§5: the last player bombed pays the last bomber for every play in the chain but the last bomb."""
    g = table(variant, "2s 3h", "2h 3c", "Ks Kc Kd Kh 3d", FOUR_PAIRS_RUN + " 4d")
    play(g, "2s")
    play(g, "2h")
    play(g, "Ks Kc Kd Kh")
    play(g, FOUR_PAIRS_RUN)
    g.pass_turn()  # seat 0
    g.pass_turn()  # seat 1
    events = g.pass_turn()  # seat 2
    assert chops(events) == [(2, 3, price)]
    assert g.current_player == 3 and g.table is None


def test_chain_bomb_on_bomb_back_and_forth_at_two_players():
    """§5/§6: only the final bomb is left out; the payer's own earlier plays in the chain are not (2 players)."""
    g = table("mien-nam", "2s 5s 5c 5d 5h 3h", "4s 4c 4d 4h Ks Kc Kd Kh 3d")
    play(g, "2s")
    play(g, "4s 4c 4d 4h")
    play(g, "5s 5c 5d 5h")
    play(g, "Ks Kc Kd Kh")
    events = g.pass_turn()
    assert chops(events) == [(0, 1, 3 + 8 + 8)]  # seat 0 pays for its 2♠, seat 1's 4444 and its own 5555
    assert RoundWon(1, 1) in events


def test_dem_la_chain_that_the_winner_finishes_on_is_paid_with_the_thoi():
    """§6: the end of the game closes the round, so a chain a player finishes on is paid (dem-la prices)."""
    g = table("dem-la", "2s 2h 9c", "5s 5c 5d 5h 3c 4c", "Ks Kc Kd Kh")
    play(g, "2s 2h")
    play(g, "5s 5c 5d 5h")  # a quad on a pair of 2s
    play(g, "Ks Kc Kd Kh")  # seat 2 is out on a bomb
    assert g.is_over and g.result.order == (2, 0, 1)
    assert settled(g) == sorted([(0, 2, 1, "thoi"), (1, 2, 2, "thoi"), (1, 2, 3 + 6 + 16, "chop")])
    assert g.result.payments == (-1, -27, 28)
    agrees_with_the_simulator(g)


@pytest.mark.parametrize(("variant", "price"), [("co-dien", 1 + 2), ("co-dien-diem", 4 + 4)])
def test_co_dien_exemption_covers_only_the_bombed_play_not_an_earlier_two_whose_owner_went_out(variant, price):
    """§5 co-dien chặt: only a bombed play that emptied its owner's hand is exempt, not an earlier 2 in the chain."""
    g = table(variant, "3s 2h", "4s 5s 5c 5d 5h 9c", "6s Ks Kc Kd Kh 9d", "7s 9h 10h")
    for cards in ("3s", "4s", "6s", "7s", "2h"):  # seat 0 is out on the 2♥
        play(g, cards)
    play(g, "5s 5c 5d 5h")
    play(g, "Ks Kc Kd Kh")
    g.pass_turn()  # seat 3
    events = g.pass_turn()  # seat 1
    assert chops(events) == [(1, 2, price)]
    assert g.current_player == 2


def test_co_dien_four_pairs_after_a_pass_on_a_pair_of_twos_that_went_out_costs_nothing():
    """§4 four pairs after a pass, with §5 co-dien: nothing paid if the bombed play emptied its owner's hand."""
    g = table("co-dien", "3s As 5s 5c 2s 2c", "4s " + FOUR_PAIRS_RUN + " Kd", "Js 10s 10c 3h")
    for cards in ("3s", "4s", "Js", "As"):
        play(g, cards)
    g.pass_turn()
    g.pass_turn()  # seat 0 leads the next round
    play(g, "5s 5c")
    g.pass_turn()  # seat 1 passes holding a run of four pairs
    play(g, "10s 10c")
    play(g, "2s 2c")  # seat 0 is out on a pair of 2s
    assert g.cong == [] and g.current_player == 1  # the pair of 2s lets seat 1 answer after its pass
    play(g, FOUR_PAIRS_RUN)
    events = g.pass_turn()  # seat 2
    assert chops(events) == [] and RoundWon(1, 1) in events
    play(g, "Kd")
    assert g.is_over and g.result.order == (0, 1, 2)
    assert settled(g) == sorted([(1, 0, 2.5, "thoi"), (2, 0, 1, "last_place")])
    agrees_with_the_simulator(g)


def test_co_dien_diem_four_pairs_after_a_pass_chain_is_paid_in_points():
    """§4 four pairs after a pass (co-dien-diem extends co-dien); §5 co-dien-diem: 2♠ 1, 2♣ 2."""
    g = table("co-dien-diem", "5s 5c Ah", FOUR_PAIRS_RUN + " Kd", "2s 2c 3h")
    play(g, "5s 5c")
    g.pass_turn()  # seat 1
    play(g, "2s 2c")
    g.pass_turn()  # seat 0
    play(g, FOUR_PAIRS_RUN)  # seat 1, after its pass
    events = g.pass_turn()  # seat 2
    assert chops(events) == [(2, 1, 1 + 2)]


def test_xep_hang_chain_a_player_goes_out_on_is_paid_then_the_next_seat_in_play_leads():
    """§4 hưởng sái and §6 chain: a quad that empties its owner's hand on a 2 is paid when the round closes."""
    g = table("xep-hang", "3c 2s 9h", "4s 5s 5c 5d 5h", "6s 3s 4d")
    for cards in ("3c", "4s", "6s", "2s"):
        play(g, cards)
    play(g, "5s 5c 5d 5h")  # seat 1 is out on a quad on the 2♠
    g.pass_turn()  # seat 2
    events = g.pass_turn()  # seat 0: nobody beat the quad
    assert chops(events) == [(0, 1, 1)] and RoundWon(1, 2) in events
    assert g.current_player == 2
    play(g, "3s")
    play(g, "9h")  # seat 0 is out second; seat 2 is last
    assert g.is_over and g.result.order == (1, 0, 2)
    assert g.result.place_payouts == (0, 3, -2)
    assert g.result.payments == (-1, 4, -2)
    agrees_with_the_simulator(g)


# --- §4 turn flow --------------------------------------------------------------------------------------------

def test_two_players_a_pass_ends_the_round_and_the_last_player_to_play_leads():
    """§4: when every other player has passed the round ends and the last player to play leads (2 players)."""
    g = table("mien-nam", "3s 9s Ks", "4s 8c Ah")
    play(g, "3s")
    play(g, "4s")
    events = g.pass_turn()
    assert RoundWon(1, 1) in events and g.current_player == 1 and g.table is None
    play(g, "8c")
    play(g, "9s")
    events = g.pass_turn()
    assert RoundWon(0, 0) in events and g.current_player == 0


def test_a_seat_that_passed_gets_no_turn_when_play_comes_round_again_at_three_players():
    """§4: passing locks the player out until the round ends, even when it holds a card that beats the top."""
    g = table("mien-nam", "3s 6s Ks 4h", "4s Ah 5h", "5s 7s 8h")
    play(g, "3s")
    g.pass_turn()  # seat 1 passes, holding A♥
    play(g, "5s")
    play(g, "6s")
    assert g.current_player == 2
    play(g, "7s")
    play(g, "Ks")
    assert g.current_player == 2  # seat 1 is skipped
    assert g.check_play(parse_cards("Ah"), seat=1).code == "passed"
    assert g.legal_moves(1) == []
    events = g.pass_turn()
    assert RoundWon(0, 0) in events and not g.passed


def test_turn_order_after_a_player_goes_out_mid_round_skips_that_seat():
    """§4: play goes in seat order among the players still in the game; a seat that is out takes no turn."""
    g = table("xep-hang", "3s 6s 9h", "4s Jc", "5s 7s 10h Qd", "6c 8s Jh Kh")
    for cards in ("3s", "4s", "5s", "6c", "9h"):
        play(g, cards)
    play(g, "Jc")  # seat 1 is out, mid-round
    assert g.finished == [1] and g.cong == [] and g.current_player == 2
    play(g, "Qd")
    play(g, "Kh")
    assert g.current_player == 0
    g.pass_turn()
    assert g.current_player == 2  # seat 1 is skipped
    events = g.pass_turn()
    assert RoundWon(3, 3) in events and g.current_player == 3
    play(g, "8s")
    assert g.current_player == 0
    g.pass_turn()
    assert g.current_player == 2  # seat 1 is still skipped
    events = g.pass_turn()
    assert RoundWon(3, 3) in events and g.current_player == 3


def test_huong_sai_skips_a_seat_that_went_out_earlier():
    """§4 hưởng sái: the next player in turn order who is still in play leads, not a seat already out."""
    g = table("xep-hang", "3s 9s Ks", "4s 10c", "5s 6h 7h", "6s 8h Jh")
    for cards in ("3s", "4s", "5s", "6s", "9s"):
        play(g, cards)
    play(g, "10c")  # seat 1 is out first
    g.pass_turn()  # seat 2
    play(g, "Jh")
    play(g, "Ks")  # seat 0 is out second
    assert g.finished == [1, 0] and g.current_player == 3
    events = g.pass_turn()  # seat 3; seat 2 passed earlier in the round
    assert RoundWon(0, 2) in events and g.current_player == 2 and g.table is None
    play(g, "6h")
    play(g, "8h")  # seat 3 is out third
    assert g.is_over and g.result.order == (1, 0, 3, 2)
    assert g.result.place_payouts == (1, 2, -2, -1)
    assert g.result.payments == (1, 2, -2, -1)  # seat 2 is left with 7♥: no thối in xep-hang
    agrees_with_the_simulator(g)


def test_a_player_may_go_out_on_a_led_bomb_which_is_no_chop():
    """§3: a player may go out on a bomb; §5: a chain needs a bomb on a 2 or a bomb, so a led quad costs nothing."""
    g = table("mien-nam", "3s Ks Kc Kd Kh 2h", "4s 9c 10c")
    play(g, "3s")
    play(g, "4s")
    play(g, "2h")
    g.pass_turn()
    play(g, "Ks Kc Kd Kh")  # seat 0 is out on a led quad
    assert g.is_over and g.result.order == (0, 1)
    assert transfers(g) == [(1, 0, 2, "thoi")]
    agrees_with_the_simulator(g)


# --- §5 worked examples, replayed as played games ---------------------------------------------------------------

def test_001_worked_examples_replayed_in_a_three_player_game():
    """§5 001: a loser holding 2♠ 2♥ and 5 plain cards pays 3 + 6 + 5 = 14; holding a quad and 1 plain card, 9."""
    g = table("mien-nam", "3s 6s", "4c 2s 2h 5d 7h 9s Jc Qc", "5s 8s 8c 8d 8h Kc")
    play(g, "3s")
    play(g, "4c")
    play(g, "5s")
    play(g, "6s")  # seat 0 is out
    assert g.is_over and g.result.order == (0, 2, 1)
    assert settled(g) == sorted([(1, 0, 14, "thoi"), (2, 0, 9, "thoi")])
    assert g.result.payments == (23, -14, -9)
    agrees_with_the_simulator(g)


def test_002_worked_example_loser_with_five_cards_replayed_in_a_two_player_game():
    """§5 002: a loser with 5 cards among them a black and a red 2 pays 3 + 3 + 6 = 12."""
    g = table("dem-la", "3s 6s", "4c 2c 2d 4s 9h Qc")
    play(g, "3s")
    play(g, "4c")
    play(g, "6s")  # seat 0 is out
    assert g.is_over and transfers(g) == [(1, 0, 12, "thoi")]
    assert g.result.payments == (12, -12)
    agrees_with_the_simulator(g)


def test_003_worked_example_with_the_last_place_in_seat_zero():
    """§5 003: 4 players finishing P1 P2 P3 P4, P4 holding 2♥ and a quad: +2 +1 −1 −2, and P4 pays P3 2 + 2."""
    g = table("xep-hang", "3c 9c 2h 5s 5c 5d 5h", "3s Js", "4s Qs", "6s Ks", leader=1)
    for cards in ("3s", "4s", "6s", "9c", "Js", "Qs", "Ks"):
        play(g, cards)
    assert g.is_over and g.result.order == (1, 2, 3, 0)
    assert g.result.place_payouts == (-2, 2, 1, -1)
    assert transfers(g) == [(0, 3, 4, "thoi")]
    assert g.result.payments == (-6, 2, 1, 3)
    agrees_with_the_simulator(g)


# --- §5 payments at the end of a game, by variant -----------------------------------------------------------------

def test_dem_la_cong_doubles_only_the_cong_hand_at_a_three_player_table():
    """§5 dem-la cóng: whole hand value ×2 (quad 16 + 2♥ 6 + 1 plain card); the other loser pays its hand once."""
    g = table("dem-la", "3s 6s", "4s 9d", "Ks Kc Kd Kh 2h 5c")
    play(g, "3s")
    play(g, "4s")
    g.pass_turn()  # seat 2 never plays
    play(g, "6s")  # seat 0 is out
    assert g.result.cong == (2,) and g.result.order == (0, 1, 2)
    assert settled(g) == sorted([(1, 0, 1, "thoi"), (2, 0, (16 + 6 + 1) * 2, "thoi")])
    agrees_with_the_simulator(g)


def test_mien_nam_cong_at_a_three_player_table_pays_its_hand_once():
    """§5 mien-nam cóng: no extra — the hand is priced as usual."""
    g = table("mien-nam", "3s 6s", "4s 9d", "Ks Kc Kd Kh 2h 5c")
    play(g, "3s")
    play(g, "4s")
    g.pass_turn()
    play(g, "6s")
    assert settled(g) == sorted([(1, 0, 1, "thoi"), (2, 0, 8 + 6 + 1, "thoi")])


def test_xep_hang_three_players_cong_last_place_pays_minus_four_and_its_thoi_to_the_winner():
    """§5 xep-hang cóng: place payout −4, its thối goes to the winner; §6: no one else pays thối."""
    g = table("xep-hang", "3s 6s", "4s 9d 2s", "2h Ks Kc Kd Kh 5c")
    play(g, "3s")
    play(g, "4s")
    g.pass_turn()  # seat 2 never plays
    play(g, "6s")  # seat 0 is out; seat 2 is cóng, so seat 1 is the only one left
    assert g.is_over and g.result.order == (0, 1, 2) and g.result.cong == (2,)
    assert g.result.place_payouts == (3, 0, -4)
    assert transfers(g) == [(2, 0, 2 + 2, "thoi")]  # seat 1's 2♠ is not charged
    assert g.result.payments == (7, 0, -8)
    agrees_with_the_simulator(g)


def test_xep_hang_two_cong_seats_each_pay_their_thoi_to_the_winner_and_take_minus_four():
    """§5 xep-hang cóng; §6 is silent on two cóng seats (docs/engine-api.md): each pays its own thối to the
    winner, each place payout is −4, and the one seat left in play is second."""
    g = table("xep-hang", "3s 2h", "4s 9c", "2s 7c 8d", "2c 9h Ts")
    play(g, "3s")
    play(g, "4s")
    g.pass_turn()
    g.pass_turn()  # seats 2 and 3 have played nothing
    play(g, "2h")  # seat 0 goes out; one seat is left in play: the game ends
    assert g.is_over and g.result.cong == (2, 3)
    assert sorted(transfers(g)) == [(2, 0, 1.0, "thoi"), (3, 0, 1.0, "thoi")]
    assert g.result.order == (0, 1, 2, 3) and g.result.place_payouts == (2.0, 1.0, -4.0, -4.0)
    agrees_with_the_simulator(g)


def test_co_dien_thoi_is_read_when_the_winner_goes_out_even_from_a_seat_that_later_plays_its_two():
    """§5 co-dien: each other player pays its thối at the moment the winner goes out; last place pays 1."""
    g = table("co-dien", "3s 7s", "4s 2d 9c", "5s 2s 10c", "6s 8s Jc Qc")
    for cards in ("3s", "4s", "5s", "6s", "7s"):  # seat 0 is out
        play(g, cards)
    play(g, "2d")
    g.pass_turn()  # seat 2 cannot beat the 2♦
    g.pass_turn()  # seat 3
    play(g, "9c")  # seat 1 is out second
    play(g, "10c")
    play(g, "Jc")
    play(g, "2s")  # seat 2 is out third; seat 3 is last
    assert g.is_over and g.result.order == (0, 1, 2, 3)
    assert settled(g) == sorted([(1, 0, 1, "thoi"), (2, 0, 0.5, "thoi"), (3, 0, 1, "last_place")])
    assert g.result.payments == (2.5, -1, -0.5, -1)
    agrees_with_the_simulator(g)


@pytest.mark.parametrize(("variant", "red_two", "last"), [("co-dien", 1, 1), ("co-dien-diem", 4, 4)])
def test_co_dien_two_players_last_place_pays_the_last_place_charge_and_its_thoi(variant, red_two, last):
    """§5 co-dien: last place pays 1 to the winner (decision); co-dien-diem: 4 points; thối 2♥ 1 / 4."""
    g = table(variant, "3s 7s", "4s 2h 9c")
    play(g, "3s")
    play(g, "4s")
    play(g, "7s")
    assert g.is_over and g.result.order == (0, 1)
    assert settled(g) == sorted([(1, 0, last, "last_place"), (1, 0, red_two, "thoi")])
    agrees_with_the_simulator(g)


@pytest.mark.parametrize(("variant", "red_two", "charge"), [("co-dien", 1, 2), ("co-dien-diem", 4, 8)])
def test_co_dien_two_players_chay_pays_the_chay_charge_and_thoi_instead_of_the_last_place_charge(
        variant, red_two, charge):
    """§5 co-dien cháy: pays the winner 2 + thối instead of the last-place 1; co-dien-diem: cháy 8 points."""
    g = table(variant, "3s", "2h 9c")
    play(g, "3s")
    assert g.is_over and g.result.cong == (1,)
    assert settled(g) == sorted([(1, 0, charge, "cong"), (1, 0, red_two, "thoi")])
    agrees_with_the_simulator(g)


def test_co_dien_diem_den_bai_pays_the_chay_points():
    """§5 đền bài: the latest player who passed holding a beating play pays the cháy penalties (8 + thối)."""
    g = table("co-dien-diem", "3s 8c Qc", "5s Jd Ah", "4h 2d", "6s 9h 7h")
    play(g, "3s")
    play(g, "5s")
    g.pass_turn()  # seat 2 (will be cháy)
    play(g, "6s")
    play(g, "8c")
    g.pass_turn()  # seat 1 holds J♦, which beats 8♣
    play(g, "9h")
    play(g, "Qc")  # seat 0 is out: seat 2 is cháy
    g.pass_turn()
    play(g, "Jd")
    g.pass_turn()
    play(g, "Ah")
    assert g.result.order == (0, 1, 3, 2)
    assert settled(g) == sorted([(1, 0, 3, "den_bai"), (1, 0, 8, "den_bai")])
    agrees_with_the_simulator(g)


def test_den_bai_is_not_owed_when_nobody_ends_chay():
    """§5 đền bài applies only if a player ends cháy: a pass holding a beating play costs nothing otherwise."""
    g = table("co-dien", "3s 8c Qc", "5s Jd Ah", "4h 6d")
    play(g, "3s")
    play(g, "5s")
    play(g, "6d")
    play(g, "8c")
    g.pass_turn()  # seat 1
    g.pass_turn()  # seat 2: seat 0 leads again
    play(g, "Qc")  # seat 0 is out, in a round of its own; everyone has played a card
    assert g.cong == []
    g.pass_turn()  # seat 1 passes holding A♥, which beats the Q♣
    events = g.pass_turn()  # seat 2
    assert RoundWon(0, 1) in events and g.current_player == 1  # hưởng sái
    play(g, "Jd")
    g.pass_turn()
    play(g, "Ah")
    assert g.result.order == (0, 1, 2)
    assert transfers(g) == [(2, 0, 1, "last_place")]
    agrees_with_the_simulator(g)


@pytest.mark.parametrize(("passer_card", "expected"), [
    ("7d", [(3, 0, 2, "cong")]),      # 7♦ cannot beat the 9♠ on top when seat 1 passes: no đền bài
    ("10d", [(1, 0, 2, "den_bai")]),  # 10♦ beats the 9♠: seat 1 pays the cháy charge for seat 3
])  # fmt: skip
def test_den_bai_is_judged_against_the_top_of_the_table_at_the_moment_of_the_pass(passer_card, expected):
    """§6: đền bài is judged at the moment of the pass, in the winner's final round, not in earlier rounds."""
    g = table("co-dien", "4s 9s 2h", "5c " + passer_card, "3s 6c 8s Js Qd", "Kc Kd", leader=2)
    play(g, "3s")
    g.pass_turn()  # seat 3 never plays: it will be cháy
    play(g, "4s")
    play(g, "5c")
    play(g, "6c")
    g.pass_turn()  # seat 0
    g.pass_turn()  # seat 1 passes holding a card that beats the 6♣, in a round before the winner's last
    play(g, "8s")  # seat 2 leads the winner's final round
    g.pass_turn()  # seat 3 (cháy: it cannot be the one who pays)
    play(g, "9s")
    g.pass_turn()  # seat 1
    play(g, "Js")
    play(g, "2h")  # seat 0 is out
    assert g.cong == [3]
    g.pass_turn()  # seat 2; nobody beat the 2♥: seat 1 leads (hưởng sái)
    play(g, passer_card)  # seat 1 is out second
    assert g.is_over and g.result.order == (0, 1, 2, 3)
    assert transfers(g) == expected
    agrees_with_the_simulator(g)


def test_den_bai_does_not_read_a_pass_made_after_the_winner_went_out():
    """§5 đền bài "in the winner's final round"; a pass after the winner is out could not have stopped it, so the
    engine does not read it (RULES.md is silent; docs/engine-api.md): the cháy seat pays its own penalty."""
    g = table("co-dien", "3s Jh", "4s Qd 9c", "6s 7d 8h", "4c 5c 5d")
    for cards in ("3s", "4s", "6s"):
        play(g, cards)
    g.pass_turn()  # seat 3 cannot beat the 6♠ and has played nothing
    play(g, "Jh")  # seat 0 goes out: seat 3 is cháy
    assert g.finished == [0] and list(g.cong) == [3]
    g.pass_turn()  # seat 1 holds the Q♦, which beats the J♥, and passes
    g.pass_turn()
    play(g, "9c")  # seat 1 leads (hưởng sái)
    g.pass_turn()
    play(g, "Qd")
    assert g.is_over and transfers(g) == [(3, 0, 2.0, "cong")]
    agrees_with_the_simulator(g)


def test_xep_hang_two_players_winner_out_on_three_of_spades_against_a_cong_opponent():
    """§5 xep-hang: a final play holding 3♠ pays +3; a cóng seat gets −4 and pays its thối to the winner."""
    g = table("xep-hang", "3s 4s 5s", "2h 9c 10c")
    play(g, "3s 4s 5s")
    assert g.is_over and g.result.cong == (1,)
    assert g.result.place_payouts == (3, -4)
    assert transfers(g) == [(1, 0, 2, "thoi")]
    assert g.result.payments == (5, -6)
    agrees_with_the_simulator(g)


@pytest.mark.parametrize(("variant", "charge"), [("dem-la", 26), ("xep-hang", 4), ("co-dien-diem", 8)])
def test_quitting_at_a_two_player_table(variant, charge):
    """§6 quitting: the quitter pays each other seat the quit charge; no other payments; the quitter last."""
    g = table(variant, "3s 2h 9c", "4s 2s Kc")
    play(g, "3s")
    g.resign(0)
    assert g.result.order == (1, 0) and g.result.resigned == 0
    assert transfers(g) == [(0, 1, charge, "quit")]
    assert g.result.payments == (-charge, charge)


# --- §5 match-level accounting -----------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3])
def test_match_totals_are_place_payouts_plus_received_minus_paid_over_every_game(variant, players):
    """§5: a seat's net = place payout + received − paid, summed over a match; §4: the previous winner leads."""
    m = Match(load_rules(variant), players, seed=31)
    expected = [0.0] * players
    for number in range(4):
        g = m.start_game()
        if number:
            assert g.start_leader == m.results[-1].winner and not g.first_game
        play_out(g, seed=number)
        result = m.finish_game(g)
        for seat in range(players):
            expected[seat] += result.place_payouts[seat]
        for t in result.transfers:
            expected[t.payer] -= t.amount
            expected[t.payee] += t.amount
        if not load_rules(variant).place_payouts:
            assert sum(result.payments) == pytest.approx(0)
    assert m.totals == pytest.approx(expected)


def test_an_instant_win_in_a_match_counts_in_the_totals_and_its_winner_leads_the_next_game():
    """§4 instant win and later games: the previous game's winner leads; §5 mien-nam: each opponent pays 26."""
    m = Match(load_rules("mien-nam"), 4, seed=2026)  # seat 3 is dealt four 2s
    g = m.start_game()
    assert g.is_over and g.result.instant_win == 3
    m.finish_game(g)
    assert m.totals == [-26, -26, -26, 78]
    assert m.start_game().start_leader == 3


# --- §5 and §6: an independent reading of the settlement, checked over random games ------------------------------

#: RULES.md §5 prices, copied from the table (not read from rules.yaml): 2s by suit ♠ ♣ ♦ ♥, 3-pair run, quad,
#: 4-pair run (runs of 5 or 6 pairs price as 4), each plain card.
TABLE_PRICES = {
    "mien-nam": ((3, 3, 6, 6), 6, 8, 12, 1),
    "dem-la": ((3, 3, 6, 6), 12, 16, 24, 1),
    "xep-hang": ((1, 1, 2, 2), 2, 2, 3, 0),
    "co-dien": ((0.5, 0.5, 1, 1), 1.5, 2, 2.5, 0),
    "co-dien-diem": ((1, 2, 3, 4), 4, 4, 4, 0),
}


def table_hand_value(variant, hand):
    """§5 thối: each 2 at its price, the bombs read the way that prices highest, plain cards where they count."""
    twos, run3, quad, run4, plain = TABLE_PRICES[variant]
    counts = [0] * 12
    total = 0.0
    for c in hand:
        if c.rank == 12:
            total += twos[c.suit]
        else:
            counts[c.rank] += 1
    bombs = [(quad, {r: 4}) for r in range(12) if counts[r] == 4]
    bombs += [(price, {r + i: 2 for i in range(size)}) for size, price in ((3, run3), (4, run4))
              for r in range(12 - size + 1) if all(counts[r + i] >= 2 for i in range(size))]  # fmt: skip

    def best(left, start):
        value = plain * sum(left)
        for i in range(start, len(bombs)):
            price, uses = bombs[i]
            if all(left[r] >= k for r, k in uses.items()):
                rest = list(left)
                for r, k in uses.items():
                    rest[r] -= k
                value = max(value, price + best(rest, i))
        return value

    return total + best(counts, 0)


def table_play_price(variant, combo):
    twos, run3, quad, run4, _ = TABLE_PRICES[variant]
    if combo.cards[0].rank == 12:
        return sum(twos[c.suit] for c in combo.cards)
    if combo.kind == "quad":
        return quad
    return run3 if combo.length == 3 else run4


def expected_settlement(g):
    """The order, place payouts and transfers RULES.md §5–§6 give for the finished game ``g``, read from its
    history alone."""
    variant, n = g.rules.id, g.players
    hands = [list(h) for h in g.initial_hands]
    played, finished, cong = [False] * n, [], []
    first_out_hands = None
    rounds: dict[int, list] = {}
    den_bai_candidates: dict[int, list[int]] = {}
    passed_in_round: dict[int, set[int]] = {}
    last_play = [None] * n
    emptied = set()  # (seat, round, index in round) of plays that emptied their owner's hand
    for action in g.history:
        r = action.round_index
        plays = rounds.setdefault(r, [])
        if action.combo is None:
            locked = action.seat in passed_in_round.setdefault(r, set())
            table_combo = action.table_before
            if locked:
                twos_pair = table_combo.kind == "pair" and table_combo.is_twos
                could = twos_pair and g.rules.pair_run4_ignores_pass and any(
                    c.length >= 4 for c in generate(hands[action.seat], ("pair_run",)))
            else:
                could = any(g.rules.can_beat(c, table_combo) for c in generate(hands[action.seat]))
            if could and not finished:  # only passes before the winner went out: cháy is settled then (§4)
                den_bai_candidates.setdefault(r, []).append(action.seat)
            passed_in_round[r].add(action.seat)
            continue
        for card in action.combo.cards:
            hands[action.seat].remove(card)
        played[action.seat] = True
        last_play[action.seat] = action.combo
        plays.append((action.seat, action.combo))
        if not hands[action.seat]:
            emptied.add((action.seat, r, len(plays) - 1))
            finished.append(action.seat)
            if len(finished) == 1:
                first_out_hands = [list(h) for h in hands]
                cong = [s for s in range(n) if not played[s]]
                winner_round = r
    winner = finished[0]

    def from_winner(s):
        return (s - winner) % n

    cong_order = sorted(cong, key=from_winner)
    if variant in ("mien-nam", "dem-la"):
        rest = sorted((s for s in range(n) if s != winner and s not in cong),
                      key=lambda s: (len(hands[s]), from_winner(s)))
        order = (winner, *rest, *cong_order)
    else:
        rest = [s for s in range(n) if s not in finished and s not in cong]
        assert len(rest) <= 1
        order = (*finished, *rest, *cong_order)
    last = order[-1]

    transfers = []
    for r, plays in rounds.items():
        chain = []
        for i, (seat, combo) in enumerate(plays):
            chain = [*chain, (seat, combo, i)] if combo.is_twos or combo.is_bomb else []
        if len(chain) >= 2 and chain[-1][1].is_bomb:
            payer, _, index = chain[-2]
            if variant.startswith("co-dien") and (payer, r, index) in emptied:
                continue
            transfers.append((payer, chain[-1][0], sum(table_play_price(variant, c) for _, c, _ in chain[:-1]),
                              "chop"))

    place = [0.0] * n
    if variant in ("mien-nam", "dem-la"):
        for s in order[1:]:
            value = table_hand_value(variant, hands[s]) * (2 if variant == "dem-la" and s in cong else 1)
            if value:
                transfers.append((s, winner, value, "thoi"))
    elif variant == "xep-hang":
        for i, s in enumerate(order):
            place[s] = {2: (2, -2), 3: (3, 0, -2), 4: (2, 1, -1, -2)}[n][i]
        if any(c.rank == 0 and c.suit == 0 for c in last_play[winner].cards):
            place[winner] = 3
        if last not in cong and hands[last] == [THREE_OF_SPADES]:
            place[last] = -3
        for s in cong:
            place[s] = -4
        payers = cong_order if cong else [last]
        for s in payers:
            payee = winner if s in cong else (order[2] if n == 4 else winner)
            value = table_hand_value(variant, hands[s])
            if value:
                transfers.append((s, payee, value, "thoi"))
    else:
        points = variant == "co-dien-diem"
        charge, last_charge = (8, 4) if points else (2, 1)
        payer = None
        if cong:
            candidates = [s for s in den_bai_candidates.get(winner_round, []) if s != winner and s not in cong]
            payer = candidates[-1] if candidates else None
        for s in order[1:]:
            value = table_hand_value(variant, first_out_hands[s])
            if value:
                transfers.append((payer, winner, value, "den_bai") if s in cong and payer is not None
                                 else (s, winner, value, "thoi"))
        for s in cong:
            transfers.append((payer, winner, charge, "den_bai") if payer is not None else (s, winner, charge, "cong"))
        if not cong and last != winner:
            transfers.append((last, winner, last_charge, "last_place"))
    return order, tuple(place), sorted(transfers)


def check_turns(g):
    """§4 turn flow, replayed from the game's history: each action is taken by the seat RULES.md says moves next,
    and rounds end where it says (lock-out after a pass, four pairs after a pass, seats out or cóng skipped,
    hưởng sái)."""
    n, rules = g.players, g.rules
    size = [len(h) for h in g.initial_hands]
    played, out, cong = [False] * n, [], []
    passed, passed_on_top = set(), set()
    top_seat, top, current, round_no = None, None, g.start_leader, 0

    def in_play(s):
        return s not in out and s not in cong

    for action in g.history:
        assert (action.seat, action.round_index) == (current, round_no), action
        seat = action.seat
        if action.combo is None:
            passed.add(seat)
            passed_on_top.add(seat)
        else:
            size[seat] -= len(action.combo.cards)
            played[seat] = True
            passed.discard(seat)
            passed_on_top = set()
            top_seat, top = seat, action.combo
            if size[seat] == 0:
                out.append(seat)
                if len(out) == 1:
                    cong = [s for s in range(n) if not played[s]]
                if rules.ends_at_first_out or sum(map(in_play, range(n))) <= 1:
                    assert action is g.history[-1]
                    return
        four_pairs_open = rules.pair_run4_ignores_pass and top.kind == "pair" and top.is_twos
        for k in range(1, n + 1):
            s = (seat + k) % n
            if s == top_seat:
                if in_play(s):
                    current, round_no, passed, top_seat = s, round_no + 1, set(), None
                    break
            elif in_play(s) and (s not in passed or (four_pairs_open and s not in passed_on_top)):
                current = s
                break
        else:  # the last play emptied its owner's hand and nobody beat it: hưởng sái
            current = next((top_seat + k) % n for k in range(1, n + 1) if in_play((top_seat + k) % n))
            round_no, passed, top_seat = round_no + 1, set(), None
    pytest.fail("the game ended without a player going out")


def random_game(variant, players, seed):
    """A random game in which some seats pass far more often than others (so some end cóng) and bombs are
    played whenever they may be (so chains form)."""
    rng = random.Random(seed)
    g = new_game(load_rules(variant), players, seed=seed)
    shyness = [rng.choice((0.1, 0.4, 0.97)) for _ in range(players)]
    while not g.is_over:
        moves = g.legal_moves()
        bombs = [m for m in moves if classify(m).is_bomb]
        if g.table is not None and (not moves or rng.random() < shyness[g.current_player]) and not (
                bombs and rng.random() < 0.8):
            g.pass_turn()
        elif bombs and g.table is not None:
            g.play(rng.choice(bombs))
        else:
            g.play(moves[0] if rng.random() < 0.6 else rng.choice(moves))
    return g


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_settle_as_the_rules_tables_say(variant, players):
    """§4 turn flow and §5–§6 settlement, read from the RULES.md tables, over random games of every variant."""
    checked = 0
    for seed in range(60):
        g = random_game(variant, players, seed)
        if g.result.instant_win is not None:
            continue
        check_turns(g)
        order, place, expected = expected_settlement(g)
        assert g.result.order == order, seed
        assert g.result.place_payouts == pytest.approx(place), seed
        assert [(p, q, pytest.approx(a), why) for p, q, a, why in expected] == settled(g), seed
        checked += 1
    assert checked >= 40
