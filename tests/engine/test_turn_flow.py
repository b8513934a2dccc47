"""RULES.md §4: leaders, rounds, lock-out, hưởng sái, cóng, four pairs after a pass, refusals."""

import random

import pytest

from game import IllegalMove, load_rules, new_game, parse_cards
from game.engine.events import Cong, Passed, PlayerOut, RoundWon
from tests.engine.helpers import play, table


def test_turn_order_is_seat_order():
    g = table("mien-nam", "3s 9s", "4s 9c", "5s 9d", "6s 9h")
    for seat in (0, 1, 2, 3):
        assert g.current_player == seat
        play(g, g.hands[seat][0].ascii)


def test_passing_locks_the_player_out_until_the_round_ends():
    g = table("mien-nam", "3s Ks Ah", "4s Kc", "5s Kd")
    play(g, "3s")
    g.pass_turn()  # seat 1 passes
    play(g, "5s")  # seat 2
    assert g.current_player == 0  # seat 1 is skipped
    play(g, "Ks")
    assert g.current_player == 2
    with pytest.raises(IllegalMove, match="you passed this round"):
        g.play(parse_cards("Kc"), seat=1)


def test_round_ends_when_all_others_pass_and_last_player_leads():
    g = table("mien-nam", "3s Ks", "4s Kc", "5s Kd")
    play(g, "3s")
    play(g, "4s")
    g.pass_turn()
    events = g.pass_turn()
    assert RoundWon(1, 1) in events
    assert g.table is None and g.current_player == 1 and not g.passed


def test_a_refused_play_says_why_and_changes_nothing():
    g = table("mien-nam", "3s 4s 5s 6s 9h", "7c 8c 9c Jd")
    play(g, "3s 4s 5s 6s")
    before = g.to_dict(), [list(h) for h in g.hands], g.current_player, g.table
    with pytest.raises(IllegalMove, match="a 3-card straight cannot beat a 4-card straight"):
        play(g, "7c 8c 9c")
    assert before == (g.to_dict(), [list(h) for h in g.hands], g.current_player, g.table)


@pytest.mark.parametrize(("cards", "reason"), [("3h", "you do not hold 3♥"), ("7c 9c", "no combination"),
                                                ("7c", "is not higher")])
def test_refusals_in_plain_words(cards, reason):
    g = table("mien-nam", "Js Qs", "7c 8c 9c")
    play(g, "Js")
    with pytest.raises(IllegalMove, match=reason):
        play(g, cards)


def test_leader_cannot_pass_and_others_cannot_act_out_of_turn():
    g = table("mien-nam", "3s 4s", "5s 6s")
    with pytest.raises(IllegalMove, match="cannot pass"):
        g.pass_turn()
    with pytest.raises(IllegalMove, match="not your turn"):
        g.play(parse_cards("5s"), seat=1)


def test_first_game_random_leader_is_seeded():
    rules = load_rules("mien-nam")
    leaders = {new_game(rules, 4, seed=s).current_player for s in range(40)}
    assert leaders == {0, 1, 2, 3}
    assert new_game(rules, 4, seed=9).current_player == new_game(rules, 4, seed=9).current_player


def test_xep_hang_host_leads_the_first_game():
    rules = load_rules("xep-hang")
    assert {new_game(rules, 4, seed=s).current_player for s in range(20)} == {0}


def test_three_of_spades_holder_leads_and_must_play_it():
    rules = load_rules("mien-nam", {"first_lead": "three_of_spades"})
    g = new_game(rules, hands=[parse_cards("5s 6s"), parse_cards("3s 9h"), parse_cards("4s Ah")])
    assert g.current_player == 1
    with pytest.raises(IllegalMove, match="must contain 3♠"):
        play(g, "9h")
    assert all(parse_cards("3s")[0] in m for m in g.legal_moves())
    play(g, "3s")
    assert g.must_contain is None


def test_lowest_dealt_card_leads_when_nobody_has_three_of_spades():
    rules = load_rules("mien-nam", {"first_lead": "three_of_spades"})
    g = new_game(rules, hands=[parse_cards("5s 6s"), parse_cards("3h 9h"), parse_cards("4s Ah")])
    assert g.current_player == 1 and str(g.must_contain) == "3♥"


def test_previous_winner_leads_later_games():
    from game import Match

    m = Match(load_rules("mien-nam"), 4, seed=3)
    g = m.start_game()
    rng = random.Random(1)
    while not g.is_over:
        moves = g.legal_moves()
        g.play(moves[0]) if moves and (g.table is None or rng.random() < 0.7) else g.pass_turn()
    m.finish_game(g)
    g2 = m.start_game()
    assert not g2.first_game
    assert g2.current_player == g.result.winner or g2.is_over
    assert m.totals == list(g.result.payments)


def test_huong_sai_next_seat_in_play_leads_after_an_unbeaten_last_play():
    g = table("xep-hang", "3s 2h", "4s 5s 6s", "7s 8s 9s")
    play(g, "3s")
    play(g, "4s")
    play(g, "7s")
    assert PlayerOut(0, 1) in play(g, "2h")
    g.pass_turn()
    events = g.pass_turn()
    assert RoundWon(0, 1) in events
    assert g.current_player == 1 and not g.is_over


def test_game_ends_at_first_player_out_in_mien_nam():
    g = table("mien-nam", "3s 2h", "4s 5s 6s", "7s 8s 9s")
    for text in ("3s", "4s", "7s", "2h"):
        play(g, text)
    assert g.is_over and g.result.order == (0, 1, 2)


def test_cong_players_are_settled_at_first_out_and_take_last_places():
    g = table("xep-hang", "3s 4s", "5s Kh", "9s 9c", "Js Qs")
    play(g, "3s")
    play(g, "5s")
    g.pass_turn()
    g.pass_turn()
    g.pass_turn()  # seat 0 cannot beat 5s
    events = play(g, "Kh")
    assert Cong((2, 3)) in events
    assert g.is_over and g.result.order == (1, 0, 2, 3) and g.result.cong == (2, 3)


def test_losers_rank_by_fewest_cards_when_the_game_ends_at_first_out():
    g = table("mien-nam", "3s 2h", "4s 5s 6s 7s", "8s 10s", "Js Qs Ks")
    for text in ("3s", "4s", "8s", "Js", "2h"):
        play(g, text)
    assert g.result.order == (0, 2, 3, 1)


FOUR_PAIRS_HANDS = ("5s 5c Ah", "6s 6c 7s 7c 8s 8c 9s 9c Kd", "2s 2c 3h")


def test_four_pairs_may_answer_a_pair_of_twos_after_passing_in_co_dien():
    g = table("co-dien", *FOUR_PAIRS_HANDS)
    play(g, "5s 5c")
    g.pass_turn()  # seat 1
    play(g, "2s 2c")
    g.pass_turn()  # seat 0
    assert g.current_player == 1
    assert g.legal_moves() == [tuple(parse_cards("6s 6c 7s 7c 8s 8c 9s 9c"))]
    play(g, "6s 6c 7s 7c 8s 8c 9s 9c")
    assert 1 not in g.passed
    events = g.pass_turn()  # seat 2
    assert RoundWon(1, 1) in events
    assert [(t.payer, t.payee, t.amount) for t in g.chops] == [(2, 1, 1.0)]


def test_passed_player_is_skipped_under_a_pair_of_twos_without_the_flag():
    g = table("mien-nam", *FOUR_PAIRS_HANDS)
    play(g, "5s 5c")
    g.pass_turn()
    play(g, "2s 2c")
    events = g.pass_turn()
    assert Passed(0) in events and RoundWon(2, 2) in events


def test_refusals_carry_a_stable_code_and_fields_for_translation():
    g = table("mien-nam", "3s 4s 5s 6s 9h", "7c 8c 9c Jd")
    play(g, "3s 4s 5s 6s")
    reason = g.check_play(parse_cards("7c 8c 9c"))
    assert reason.code == "cannot_beat" and reason.fields == {"mine": "a 3-card straight",
                                                              "table": "a 4-card straight"}
    with pytest.raises(IllegalMove) as err:
        play(g, "Jd")
    assert err.value.code == "cannot_beat"
    with pytest.raises(IllegalMove) as err:
        g.pass_turn(seat=0)
    assert err.value.code == "not_your_turn"


def test_a_game_built_from_a_view_is_in_the_same_position():
    from game import Game

    g = table("co-dien", "3s 9h Kc", "4s 10h Kd", "5s Jh Ks")
    play(g, "3s")
    g.pass_turn()
    play(g, "5s")
    g.pass_turn()  # round closes: seat 2 leads
    play(g, "Jh")
    g.pass_turn()
    view = g.view(1)
    copy = Game.from_view(view, g.hands)
    assert (copy.round_index, copy.current_player, copy.table, copy.passed, copy.round_plays) == (
        g.round_index, g.current_player, g.table, g.passed, g.round_plays)
    assert copy.legal_moves() == g.legal_moves()
