"""The baseline bot: the normal bot as it was before self-play tuning, frozen as a fixed yardstick.

Do not improve this file. It, ``planner.py`` and ``counting.py`` beside it are copies that must never
move, so that every measurement against ``baseline`` means the same thing; tests/lab/test_baseline.py
checks its plays against a record of the old normal bot's games. What follows is the old description.


Every decision starts from the plan of its hand (``Planner``) against the cards it has not seen. Leading,
it plays its weakest planned play, or runs its unbeatable plays and goes out when it can. Following, it
scores each legal play by how much cheaper the rest of its hand becomes, pays a price for spending 2s
and bombs early, and passes when no play is worth it. When an opponent is about to go out it stops
saving: it blocks, and it sheds the 2s and bombs that would cost it money (thối).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.base import Bot, Move
from game.engine.cards import Card
from game.engine.combos import SINGLE, Combo, classify
from game.engine.view import SeatView
from lab.bots.baseline.counting import TWO, Unseen
from lab.bots.baseline.planner import Group, Planner, signature


@dataclass
class Context:
    """What a decision needs, computed once from the view."""

    view: SeatView
    hand: list[Card]
    unseen: Unseen
    planner: Planner
    opp_counts: list[int]

    @classmethod
    def build(cls, view: SeatView, alpha: float = 0.9) -> Context:
        opps = opponents(view)
        counts = [view.counts[s] for s in opps] or [0]
        unseen = Unseen.build(view.hand, view.played_cards, counts)
        return cls(view, list(view.hand), unseen, Planner(unseen, alpha), counts)

    @property
    def min_opp(self) -> int:
        return min(self.opp_counts)

    @property
    def thoi_risk(self) -> bool:
        """Whether 2s and bombs kept now may soon be counted against this seat (thối) under the variant."""
        if self.min_opp > 3:
            return False
        if self.view.rules.thoi.when == "first_out":
            return True  # hands are priced the moment someone goes out
        return len(self.opp_counts) == 1  # priced at the end, and only the last place pays

    def rest(self, move: Sequence[Card]) -> list[Card]:
        gone = set(move)
        return [c for c in self.hand if c not in gone]

    def beatable(self, move: Sequence[Card]) -> bool:
        combo = classify(move)
        return combo is None or self.unseen.can_be_beaten(combo)


def opponents(view: SeatView) -> list[int]:
    """Seats still playing other than this one."""
    gone = set(view.finished) | set(view.cong)
    return [s for s in range(view.players) if s != view.seat and s not in gone and view.counts[s] > 0]


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


class BaselineBot(Bot):
    """The frozen yardstick; its weights are constants, not options."""

    level = "baseline"
    alpha = 0.9
    threshold = 0.25
    spend_penalty = 0.55
    danger = 2
    size_weight = 0.03

    def choose(self, view: SeatView) -> Move | None:
        moves = list(view.legal_moves)
        if not moves:
            return None
        ctx = Context.build(view, self.alpha)
        return self.decide(ctx, moves)

    # -- the decision --------------------------------------------------------------------------------
    def decide(self, ctx: Context, moves: list[Move]) -> Move | None:
        hand = ctx.hand
        for m in moves:
            if len(m) == len(hand):
                return m  # out now
        win = self.forced_win(ctx, moves)
        if win is not None:
            return win
        table = ctx.view.table
        if table is not None and (table.is_twos or table.is_bomb):
            bombs = [m for m in moves if combo_of(m).is_bomb]
            if bombs:
                return min(bombs, key=lambda m: (len(m), max(m)))  # chặt: it pays, and it takes the lead
        if table is None:
            return self.lead(ctx, moves)
        return self.follow(ctx, moves)

    def forced_win(self, ctx: Context, moves: list[Move]) -> Move | None:
        """A play after which nobody can stop this seat going out, if there is one."""
        for m in distinct(moves):
            if ctx.beatable(m):
                continue
            if self.all_but_one_unbeatable(ctx, ctx.rest(m)):
                return m
        return None

    def all_but_one_unbeatable(self, ctx: Context, hand: list[Card]) -> bool:
        plan = ctx.planner.plan(hand)
        weak = 0
        for g in plan.groups:
            if ctx.beatable(g.cards_from(hand)):
                weak += 1
                if weak > 1:
                    return False
        return True

    def lead(self, ctx: Context, moves: list[Move]) -> Move:
        legal = set(moves)
        plan = ctx.planner.plan(ctx.hand)
        options: list[tuple[Group, Move]] = []
        for g in plan.groups:
            cards = g.cards_from(ctx.hand)
            if cards in legal:
                options.append((g, cards))
        if not options:  # a first play that must hold a given card: the play that leaves the best plan
            return min(moves, key=lambda m: (ctx.planner.cost(ctx.rest(m)), max(m)))
        control = ctx.planner.control
        danger_sizes = {n for n in ctx.opp_counts if n <= self.danger}
        if danger_sizes:
            safe = [(g, m) for g, m in options if len(m) not in danger_sizes or not ctx.beatable(m)]
            if not safe:  # every play could let someone out: lead the hardest to beat
                return max(options, key=lambda o: (control(o[0]), max(o[1])))[1]
            options = safe
        if len(plan.groups) == 2 and len(options) == 2:
            # The last play needs no control: lead the stronger now and keep the weaker to go out on.
            return max(options, key=lambda o: control(o[0]))[1]
        return min(options, key=lambda o: (control(o[0]) - self.size_weight * len(o[1]), max(o[1])))[1]

    def follow_scores(self, ctx: Context, moves: list[Move]) -> list[tuple[float, Move]]:
        """Each distinct legal play with how much it improves the hand, best first."""
        table = ctx.view.table
        assert table is not None
        planner = ctx.planner
        near = ctx.min_opp <= self.danger
        base = planner.cost(ctx.hand)
        stage = len(ctx.hand) / 13.0
        scored: list[tuple[float, Move]] = []
        for m in distinct(moves):
            gain = base - planner.cost(ctx.rest(m))
            if is_control(m):
                if near or ctx.thoi_risk:
                    gain += 0.3  # block with it, or shed it before it is counted against us
                else:
                    high_table = table.top.rank >= 10
                    gain -= self.spend_penalty * stage * (0.5 if high_table else 1.0)
            if not ctx.beatable(m):
                gain += 0.15  # it wins the round: the lead comes back
            scored.append((gain, m))
        scored.sort(key=lambda gm: -gm[0])
        return scored

    def follow(self, ctx: Context, moves: list[Move]) -> Move | None:
        table = ctx.view.table
        assert table is not None
        near = ctx.min_opp <= self.danger
        if near and table.kind == SINGLE and ctx.min_opp == 1:
            return max(moves, key=lambda m: max(m))  # block a player on one card with the highest single
        scored = self.follow_scores(ctx, moves)
        threshold = -1e9 if near else self.threshold
        if scored and scored[0][0] >= threshold:
            return scored[0][1]
        return None
