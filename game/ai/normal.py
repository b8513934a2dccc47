"""The normal bot (thường): plans its hand, counts cards, keeps its 2s and bombs as control.

Every decision starts from the plan of its hand (``Planner``) against the cards it has not seen, and
from the chance that an opponent can beat a play (``Odds``: a bomb that is merely possible is not
feared like one that is likely). Leading, it plays its weakest planned play, or runs its nearly
unbeatable plays and goes out when it can; with someone on one card it leads a combination. Following,
it scores each legal play by how much cheaper the rest of its hand becomes, pays a price for spending
2s and bombs early or breaking a bomb, and passes when no play is worth it — less readily the closer
an opponent who can still answer is to going out. It plays to the variant's scoring: where every card
left costs it sheds cards near the end, it escapes cóng / cháy, it never passes a play that đền bài
would make it pay for, and it sheds 2s and bombs before they are counted against it (thối). Its
weights (``Weights``) are tuned by self-play and loaded from ``game/ai/params.json``, a set of its own for a
variant whose scoring differs where one ships (``weights.for_variant``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.base import Bot, Move, opponents
from game.ai.judge.context import CLOSE_TO_OUT, Context, breaks_bomb, combo_of, distinct, is_control
from game.ai.judge.counting import TWO
from game.ai.judge.planner import Group
from game.ai.judge.weights import Weights, for_variant, from_dict, tuned
from game.ai.reading.field import PLAYERS, Field, against
from game.engine.cards import Card
from game.engine.combos import SINGLE
from game.engine.view import SeatView

__all__ = ["CLOSE_TO_OUT", "Context", "NormalBot", "breaks_bomb", "combo_of", "distinct", "is_control"]


class NormalBot(Bot):
    """Plans, counts and keeps control; see the module docstring.

    ``weights`` default to the tuned set of ``weight_set``, for the normal set the one tuned for the variant
    played where one ships (``own_weights``); a name (``weights="hard"``) picks another tuned set for every
    variant; keyword overrides change single fields (``threshold=-0.3``). Over a match it follows more patiently
    against opponents who play loosely, ``adapt`` times as far as the reading says (``table_weights``).
    """

    level = "normal"
    remembers = True  # how loosely its opponents play (``game.ai.reading.field``)
    weight_set = "normal"  # the tuned weight set (game/ai/params.json) this level plays by default

    def __init__(self, seed: int = 0, *, weights: Weights | str | None = None, adapt: float = 1.0,
                 **overrides: float) -> None:  # fmt: skip
        super().__init__(seed)
        self.adapt = adapt  # how far it follows the table's reading (0: never; ``table_weights``)
        base = tuned(weights or self.weight_set) if weights is None or isinstance(weights, str) else weights
        self.overrides = dict(overrides)
        self.weights = from_dict(self.overrides, base)
        self.field = Field()
        #: Where it plays the default set: the weights by variant id (``own_weights``); None: ``weights`` always.
        self.by_variant: dict[str, Weights] | None = {} if weights is None and self.weight_set == "normal" else None

    def context(self, view: SeatView) -> Context:
        return Context.build(view, self.table_weights(view))

    def table_weights(self, view: SeatView) -> Weights:
        """``weights`` for this table: at four players, following more patiently the more loosely the opponents
        still playing have played over the match's last deals (``game.ai.reading.field``)."""
        own = self.own_weights(view)
        if not self.adapt or view.players != PLAYERS:
            return own
        return against(own, self.adapt * self.field.looseness(opponents(view)), tuned("loose"))

    def own_weights(self, view: SeatView) -> Weights:
        """``weights``, or where this bot plays the default set, the set tuned for the view's variant (the normal
        set where none ships) with the same overrides."""
        if self.by_variant is None:
            return self.weights
        variant = view.rules.id
        found = self.by_variant.get(variant)
        if found is None:
            found = self.by_variant[variant] = from_dict(self.overrides, for_variant(variant))
        return found

    def meet(self, levels: Sequence[str | None]) -> None:
        """The table's levels: a beginner's seat is read as loose from the first deal (``game.ai.reading.field``)."""
        self.field.meet(levels)

    def deal_over(self, view: SeatView, shown: Sequence[Sequence[Card]]) -> None:
        """Keep the finished deal: the opponents' shown hands say how they played (``game.ai.reading.field``)."""
        self.field.deal_over(view, shown)

    def choose(self, view: SeatView) -> Move | None:
        moves = list(view.legal_moves)
        if not moves:
            return None
        return self.decide(self.context(view), moves)

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
        """A play after which this seat almost surely goes out: it holds now, and every later play but the
        last holds too (the last play empties the hand, so it need not hold)."""
        best: Move | None = None
        best_key = (1.0 - ctx.weights.sure, -1)
        hand = ctx.hand
        weak = sum(1 for g in ctx.planner.plan(hand).groups if not ctx.sure(g.cards_from(hand)))
        if weak > 3:
            return None  # one play cannot leave at most one weak play behind: no need to look
        for m in distinct(moves):
            chance = 1.0 - ctx.beat_chance(m, now=True)
            if chance < best_key[0]:
                continue
            key = (round(chance * self.run_out_chance(ctx, ctx.rest(m)), 9), max(m).index)
            if key >= best_key:  # on a tie the stronger play first, the weaker kept to go out on
                best, best_key = m, key
        return best

    def run_out_chance(self, ctx: Context, hand: list[Card]) -> float:
        """The chance of leading ``hand``'s planned plays one by one to the last without losing the lead."""
        holds = sorted(1.0 - ctx.beat_chance(g.cards_from(hand)) for g in ctx.planner.plan(hand).groups)
        chance = 1.0
        for p in holds[1:]:  # the weakest play goes last
            chance *= p
        return chance

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
        danger_sizes = {n for n in ctx.opp_counts if n <= ctx.weights.danger}
        if danger_sizes:
            safe = [(g, m) for g, m in options if len(m) not in danger_sizes or ctx.sure(m)]
            if not safe and 1 in danger_sizes:
                # Someone is on one card: any combination keeps them waiting, even one outside the plan.
                combos = [m for m in moves if len(m) > 1 and len(m) not in danger_sizes]
                if combos:
                    return min(combos, key=lambda m: (ctx.planner.cost(ctx.rest(m)), max(m)))
            if not safe:  # every play could let someone out: lead the hardest to beat
                return max(options, key=lambda o: (control(o[0]), max(o[1])))[1]
            options = safe
        if len(plan.groups) == 2 and len(options) == 2:
            if len(options[0][1]) == len(options[1][1]) == 1:
                # Two singles, neither sure to hold: led first and beaten, the higher would strand the lower;
                # kept, it goes out on the first lower single that comes round.
                return min(options, key=lambda o: o[1])[1]
            # The last play needs no control: lead the stronger now and keep the weaker to go out on.
            return max(options, key=lambda o: control(o[0]))[1]
        size = ctx.weights.size_weight
        return min(options, key=lambda o: (control(o[0]) - size * len(o[1]), max(o[1])))[1]

    def urgency(self, ctx: Context) -> float:
        """How far below the usual threshold a play may score and still be played rather than a pass.

        The closer an opponent who may still answer is to going out, the lower; lower still when that
        opponent owns the table, since it leads again if everyone passes.
        """
        w = ctx.weights
        view = ctx.view
        reach = w.danger + 3
        level = w.threshold - w.chase * max(0.0, reach - ctx.min_live)
        owner = view.table_seat
        if owner is not None and owner != view.seat and view.counts[owner] > 0:
            level -= w.chase * w.owner_weight * max(0.0, reach - view.counts[owner])
        if ctx.min_live <= w.danger:
            level = min(level, w.near_threshold)
        return level

    def follow_scores(self, ctx: Context, moves: list[Move]) -> list[tuple[float, Move]]:
        """Each distinct legal play with how much it improves the hand, best first."""
        table = ctx.view.table
        assert table is not None
        w = ctx.weights
        planner = ctx.planner
        near = ctx.min_live <= w.danger
        plan = planner.plan(ctx.hand)
        base = plan.cost
        stage = len(ctx.hand) / 13.0
        shed_cards = ctx.cards_cost and ctx.min_opp <= w.danger + 1
        scored: list[tuple[float, Move]] = []
        for m in distinct(moves):
            gain = base - planner.cost(ctx.rest(m))
            if is_control(m):
                if near or ctx.thoi_risk:
                    gain += w.shed_bonus  # block with it, or shed it before it is counted against us
                else:
                    units = 2 if combo_of(m).is_bomb else sum(1 for c in m if c.rank == TWO)  # a pair of 2s is two
                    gain -= w.spend_penalty * units * stage * (w.high_table if table.top.rank >= 10 else 1.0)
            elif breaks_bomb(plan.groups, ctx.hand, m):
                gain -= w.spend_penalty  # a bomb is worth more whole than any card it could spare
            if ctx.sure(m, now=True):
                gain += w.round_bonus  # it wins the round: the lead comes back
            if shed_cards:
                gain += w.card_weight * len(m)  # each card left will cost when someone goes out
            scored.append((gain, m))
        scored.sort(key=lambda gm: -gm[0])
        return scored

    def follow(self, ctx: Context, moves: list[Move]) -> Move | None:
        table = ctx.view.table
        assert table is not None
        if table.kind == SINGLE and ctx.min_live == 1:
            # Block a player on one card: the lowest single that surely holds, else the highest.
            sure = [m for m in moves if len(m) == 1 and ctx.sure(m, now=True)]
            singles = [m for m in moves if len(m) == 1]
            if sure:
                return min(sure)
            if singles:
                return max(singles)
        scored = self.follow_scores(ctx, moves)
        if not scored:
            return None
        if ctx.escapes_cong() or ctx.den_bai_risk():
            return scored[0][1]
        if scored[0][0] >= self.urgency(ctx):
            return scored[0][1]
        return None

    def lead_options(self, ctx: Context, moves: list[Move]) -> list[Move]:
        """The planned plays that may be led, weakest first."""
        legal = set(moves)
        plan = ctx.planner.plan(ctx.hand)
        control = ctx.planner.control
        size = ctx.weights.size_weight
        groups = sorted(plan.groups, key=lambda g: (control(g) - size * g.size, g.top_rank))
        out = []
        for g in groups:
            cards = g.cards_from(ctx.hand)
            if cards in legal and cards not in out:
                out.append(cards)
        return out

    def candidates(self, ctx: Context, moves: list[Move], limit: int) -> list[Move | None]:
        """This bot's choice first, then the alternatives it liked next (for a searching bot to compare)."""
        out: list[Move | None] = [self.decide(ctx, moves)]
        if ctx.view.table is None:
            alternatives: list[Move | None] = list(self.lead_options(ctx, moves))
            alternatives.append(min(moves, key=lambda m: (max(m), len(m))))
        else:
            alternatives = [m for _, m in self.follow_scores(ctx, moves)]
            alternatives.insert(min(2, len(alternatives)), None)
        for m in alternatives:
            if len(out) >= limit:
                break
            if m not in out:
                out.append(m)
        return out
