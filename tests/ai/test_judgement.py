"""What the levels must see: a forced win, a 2 to bomb; and the planner (exact endgames: test_finisher.py)."""

from __future__ import annotations

from game import load_rules, new_game, parse_cards
from game.ai.judge.counting import Unseen
from game.ai.judge.planner import Planner
from game.engine.cards import Card
from lab.bots import make_bot


def cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def game(*hands: str, leader: int = 0):  # noqa: ANN201
    return new_game(load_rules("mien-nam"), hands=[parse_cards(h) for h in hands], leader=leader, first_game=False)


def test_normal_takes_a_forced_win_by_spending_its_top_two_first() -> None:
    # Seat 0 leads K♠. Seat 1's A♦ is the lowest answer, but only 2♥ wins for sure: nothing beats it, then
    # the straight (longer than the opponent's hand) and A♦ last.
    g = game("K♠ 4♥ 9♦", "A♦ 2♥ 5♠ 6♦ 7♣")
    g.play(parse_cards("K♠"))
    assert make_bot("normal").choose(g.view(1)) == cards("2♥")


def test_normal_leads_its_unbeatable_plays_before_its_last_one() -> None:
    g = game("2♥ 3♠ 3♣", "9♦")
    assert make_bot("normal").choose(g.view(0)) == cards("2♥")


def test_normal_bombs_a_two_when_it_can() -> None:
    g = game("2♠ 4♥ 9♦ J♣", "5♠ 5♣ 5♦ 5♥ 8♣ 9♠ K♦", leader=0)
    g.play(parse_cards("2♠"))
    assert make_bot("normal").choose(g.view(1)) == cards("5♠ 5♣ 5♦ 5♥")


def test_normal_chops_a_two_with_a_run_of_pairs() -> None:
    g = game("2♦ 4♥ 9♦ J♣ K♣", "6♠ 6♣ 7♦ 7♥ 8♠ 8♦ 10♣ Q♦ A♠", "3♣ 4♣ 5♣", leader=0)
    g.play(parse_cards("2♦"))
    assert make_bot("normal").choose(g.view(1)) == cards("6♠ 6♣ 7♦ 7♥ 8♠ 8♦")


def test_planner_keeps_a_straight_whole_instead_of_singles() -> None:
    hand = parse_cards("3♠ 4♦ 5♣ 6♥ 7♠ 9♦")
    plan = Planner(Unseen.build(hand, [], [13, 13, 13])).plan(hand)
    kinds = sorted(g.kind for g in plan.groups)
    assert kinds == ["single", "straight"]


def test_planner_keeps_a_bomb_whole() -> None:
    hand = parse_cards("8♠ 8♣ 8♦ 8♥ 4♠ K♦")
    plan = Planner(Unseen.build(hand, [], [13, 13, 13])).plan(hand)
    assert any(g.kind == "quad" for g in plan.groups)


def test_counting_knows_a_two_of_hearts_cannot_be_beaten_by_small_hands() -> None:
    unseen = Unseen.build(parse_cards("2♥"), [], [3])
    from game import classify

    combo = classify(parse_cards("2♥"))
    assert combo is not None
    assert not unseen.can_be_beaten(combo)
    assert Unseen.build(parse_cards("2♥"), [], [13]).can_be_beaten(combo)  # a quad or a pair run could chop it
