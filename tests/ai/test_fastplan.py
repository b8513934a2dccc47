"""The fast planner's memoised search (``game.ai.playouts.plan``) makes exactly the plans, with exactly the costs,
of its first version (``tests/ai/plan_reference.py``), whose plans ``test_fastsim`` checks against the normal
bot's planner: on random hands, unseen cards and weights, one hand's parts planned with a shared memo."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.playouts.plan import Control, Memo, group_costs, plan_cost, plan_groups, plays_of, rank_key
from tests.ai import plan_reference as reference

ALL = (1 << 52) - 1
hands = st.lists(st.integers(0, 51), max_size=16).map(lambda xs: sum(1 << x for x in set(xs)))


@settings(max_examples=200, deadline=None)
@given(hands, hands, st.integers(0, 13), st.floats(0.0, 1.0), st.floats(0.5, 1.0), st.floats(0.0, 0.6),
       st.lists(st.integers(0, (1 << 52) - 1), max_size=6))  # fmt: skip
def test_plans_and_costs_are_the_reference_ones(hand: int, played: int, max_opp: int, density: float,
                                                alpha: float, bomb_bonus: float, cuts: list[int]) -> None:  # fmt: skip
    unseen = ALL & ~hand & ~played
    ctl, ref_ctl = (Control(unseen, max_opp, density, alpha, bomb_bonus) for _ in range(2))
    memo: Memo = {}
    ref_memo: reference.Memo = {}
    assert plan_groups(hand, ctl, memo) == reference.plan_groups(hand, ref_ctl, ref_memo)
    for cut in cuts:  # the hand after some play: planned with the memo of the whole hand
        part = hand & ~cut
        assert plan_cost(part, ctl, memo) == reference.plan_cost(part, ref_ctl, ref_memo)
        assert plan_groups(part, ctl, memo) == reference.plan_groups(part, ref_ctl, ref_memo)
    assert plays_of(hand, ctl, memo=memo) == plays_of(hand, Control(unseen, max_opp, density, alpha, bomb_bonus))


@settings(max_examples=200, deadline=None)
@given(hands, hands, st.integers(0, 13), st.floats(0.0, 1.0), st.floats(0.0, 0.1))
def test_group_costs_are_those_of_the_planned_plays(hand: int, played: int, max_opp: int, density: float,
                                                    size: float) -> None:  # fmt: skip
    ctl = Control(ALL & ~hand & ~played, max_opp, density)
    plays = plays_of(hand, ctl, size)
    expected = {rank_key(p[3]): 1.0 - ctl.alpha * (value + size * p[3].bit_count()) for value, _, p in plays}
    assert group_costs(hand, ctl, size, {}) == expected
