"""What one decision of the normal bot knows: the plan, the odds, who may still answer, the variant's risks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.base import Move, opponents
from game.ai.judge.counting import TWO, Unseen
from game.ai.judge.odds import Odds
from game.ai.judge.planner import Group, Planner, signature
from game.ai.judge.weights import Weights
from game.engine.cards import Card
from game.engine.combos import Combo, classify
from game.engine.view import SeatView

# An opponent this close to going out triggers the variants' own penalties (cóng / cháy, đền bài). The
# tuner plays mien-nam, where they never apply, so this is a fixed judgement rather than a tuned weight.
CLOSE_TO_OUT = 3


@dataclass
class Context:
    """What a decision needs, computed once from the view."""

    view: SeatView
    weights: Weights
    hand: list[Card]
    unseen: Unseen
    planner: Planner
    opp_counts: list[int]
    live_counts: list[int]  # the opponents who may still answer the table this round
    odds: Odds  # against every opponent (later rounds)
    round_odds: Odds  # against those who may still answer this round

    @classmethod
    def build(cls, view: SeatView, weights: Weights) -> Context:
        opps = opponents(view)
        counts = [view.counts[s] for s in opps] or [0]
        live = [view.counts[s] for s in opps if s not in view.passed] if view.table is not None else counts
        unseen = Unseen.build(view.hand, view.played_cards, counts)
        planner = Planner(unseen, weights.alpha, weights.bomb_bonus)
        odds = Odds(unseen, counts, view.rules)
        round_odds = odds if live == counts else Odds(unseen, live, view.rules)
        return cls(view, weights, list(view.hand), unseen, planner, counts, live or [0], odds, round_odds)

    @property
    def min_opp(self) -> int:
        return min(self.opp_counts)

    @property
    def min_live(self) -> int:
        """The smallest hand among the opponents who may still answer; 99 when all of them passed."""
        return min((n for n in self.live_counts if n > 0), default=99)

    @property
    def thoi_risk(self) -> bool:
        """Whether 2s and bombs kept now may be counted against this seat (thối) before its next chance to
        shed them: an opponent who may still answer this round is about to go out."""
        if self.min_live > self.weights.thoi_cards:
            return False
        if self.view.rules.thoi.when == "first_out":
            return True  # hands are priced the moment someone goes out
        return len(self.opp_counts) == 1  # priced at the end, and only the last place pays

    @property
    def cards_cost(self) -> bool:
        """Whether every plain card left costs money when someone goes out (mien-nam, dem-la)."""
        rules = self.view.rules
        return rules.prices.plain_card > 0 and rules.ends_at_first_out

    @property
    def unplayed(self) -> bool:
        """This seat has played no card yet: it would end cóng / cháy if someone went out now."""
        return not any(a.seat == self.view.seat and a.combo is not None for a in self.view.history)

    def cong_costs(self) -> bool:
        cong = self.view.rules.cong
        return cong.multiplier > 1 or cong.charge > 0 or cong.place_payout is not None

    def escapes_cong(self) -> bool:
        """This seat has played nothing, someone is close to going out, and cóng / cháy costs extra here."""
        return self.unplayed and self.cong_costs() and self.min_opp <= CLOSE_TO_OUT

    def den_bai_risk(self) -> bool:
        """Passing with a play in hand could make this seat pay for another's cháy (co-dien's đền bài)."""
        view = self.view
        if not view.rules.den_bai or self.min_live > CLOSE_TO_OUT:
            return False
        played = {a.seat for a in view.history if a.combo is not None}
        return any(s not in played and s != view.seat for s in opponents(view))

    def rest(self, move: Sequence[Card]) -> list[Card]:
        gone = set(move)
        return [c for c in self.hand if c not in gone]

    def beat_chance(self, move: Sequence[Card], now: bool = False) -> float:
        """The chance ``move`` is beaten: this round by those still in it (``now``), or when led later."""
        combo = classify(move)
        if combo is None:
            return 1.0
        return (self.round_odds if now else self.odds).beat_chance(combo)

    def sure(self, move: Sequence[Card], now: bool = False) -> bool:
        return self.beat_chance(move, now) <= self.weights.sure

    def beatable(self, move: Sequence[Card]) -> bool:
        return not self.sure(move)


def combo_of(move: Sequence[Card]) -> Combo:
    combo = classify(move)
    assert combo is not None, move
    return combo


def is_control(move: Sequence[Card]) -> bool:
    """A 2-play or a bomb: what a player keeps to win rounds back (and pays for if caught holding it)."""
    combo = combo_of(move)
    return combo.is_twos or combo.is_bomb


def distinct(moves: Sequence[Move]) -> list[Move]:
    """One move per (ranks used, 2s used): the lowest of each, since the rest of the hand plans the same."""
    best: dict[tuple[tuple[int, ...], tuple[int, ...], int], Move] = {}
    for m in moves:
        key = (signature(m), tuple(c.index for c in m if c.rank == TWO), len(m))
        old = best.get(key)
        if old is None or max(m) < max(old):
            best[key] = m
    return list(best.values())


def breaks_bomb(plan_groups: Sequence[Group], hand: Sequence[Card], move: Sequence[Card]) -> bool:
    """Whether ``move`` takes some but not all of the cards of a bomb in the plan."""
    used = set(move)
    for g in plan_groups:
        if g.is_bomb:
            cards = set(g.cards_from(hand))
            mine = {c for c in used if c.rank in {x.rank for x in cards}}
            if mine and not cards <= used:
                return True
    return False
