"""A hint that says why: the bot's choice for a seat, with reasons read from the bot's own reasoning.

The normal bot decides from a plan of the hand (``game.ai.judge.planner``): the cheapest split of the hand into
plays, each play's chance of winning its round ("control"), and what a move does to that plan. The reasons
here come from the same objects: which branch of the decision chose the move, which planned plays a move
would break, which 2s and bombs it keeps. The hard bot searches on top of that; when its search overrules
the normal choice, the advice says so and still explains the move it chose.

Reasons are data (``code`` and ``fields``, like refusals), so the interface can word them in any language.
Fields hold ``Combo`` values, card counts and seat numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import make_bot
from game.ai.base import Move
from game.ai.judge.counting import TWO
from game.ai.judge.planner import Group, Plan, signature
from game.ai.normal import Context, NormalBot, breaks_bomb, combo_of, is_control
from game.engine.cards import Card
from game.engine.combos import Combo, classify
from game.engine.view import SeatView


@dataclass(frozen=True)
class Reason:
    """One reason, as a stable ``code`` and the values its sentence names."""

    code: str
    fields: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Advice:
    """What to do (``move`` is ``None`` for a pass) and why, most important reason first."""

    move: Move | None
    reasons: tuple[Reason, ...]
    level: str = "normal"

    @property
    def combo(self) -> Combo | None:
        return classify(self.move) if self.move else None


def advise(view: SeatView, level: str = "normal", seed: int = 0, bot: NormalBot | None = None) -> Advice:
    """The ``level`` bot's choice for the seat of ``view`` (or ``bot``'s, given one), with its reasons.

    Sees only the view."""
    moves = list(view.legal_moves)
    if not view.my_turn or not moves:
        return _no_choice(view, level)
    bot = bot or _advisor(level, seed)
    searcher = bot
    searches = type(bot) is not NormalBot
    return _reasoned(bot, view, moves, lambda planned: searcher.choose(view) if searches else planned)


def explain(view: SeatView, chosen: Move | None, level: str, seed: int = 0, deals: int | None = None) -> Advice:
    """The advice ``advise(view, level, seed)`` gives, for the ``chosen`` move its bot already made elsewhere
    (the worker process: the search is the slow part, the reasons are quick to read off the plan); ``deals``:
    how many deals the search that chose it played out (else the level's own playout budget is named)."""
    moves = list(view.legal_moves)
    if not view.my_turn or not moves:
        return _no_choice(view, level)
    if chosen is not None and tuple(chosen) not in {tuple(m) for m in moves}:
        raise ValueError(f"{' '.join(map(str, chosen))} is not a legal move here")
    move = tuple(chosen) if chosen else None
    return _reasoned(_advisor(level, seed), view, moves, lambda planned: move, deals)


def _no_choice(view: SeatView, level: str) -> Advice:
    if not view.my_turn:
        return Advice(None, (Reason("not_your_turn"),), level)
    return Advice(None, (Reason("nothing_beats", {"table": view.table}),), level)


def _advisor(level: str, seed: int) -> NormalBot:
    made = make_bot(level, seed=seed)
    # easy and the reference bots have no plan to explain: the normal bot advises instead
    return made if isinstance(made, NormalBot) else NormalBot(seed)


Chooser = Callable[[Move | None], Move | None]


def _reasoned(bot: NormalBot, view: SeatView, moves: list[Move], choose: Chooser, deals: int | None = None) -> Advice:
    """The move ``choose(planned)`` gives, with its reasons: the normal plan's (``planned`` is the plan's own
    choice), and a word on the search when it overruled the plan (over ``deals`` deals, else the bot's own)."""
    ctx = bot.context(view)
    planned = bot.decide(ctx, moves)
    chosen = choose(planned)
    reasons: list[Reason] = []
    if chosen != planned:
        played_out = getattr(bot, "playouts", 0) if deals is None else deals
        reasons.append(Reason("search", {"deals": played_out, "other": _combo_or_none(planned)}))
    reasons += Explainer(bot, ctx, moves).why(chosen)
    return Advice(chosen, tuple(reasons), bot.level)


def _combo_or_none(move: Move | None) -> Combo | None:
    return combo_of(move) if move else None


class Explainer:
    """Reads the reasons for one move out of the normal bot's decision steps for one position."""

    def __init__(self, bot: NormalBot, ctx: Context, moves: Sequence[Move]) -> None:
        self.bot, self.ctx, self.moves = bot, ctx, list(moves)
        self.plan: Plan = ctx.planner.plan(ctx.hand)

    def why(self, move: Move | None) -> list[Reason]:
        ctx, table = self.ctx, self.ctx.view.table
        if move is None:
            return self.why_pass()
        combo = combo_of(move)
        if len(move) == len(ctx.hand):
            return [Reason("go_out", {"play": combo})]
        if move == self.bot.forced_win(ctx, self.moves):
            return [Reason("unstoppable", {"play": combo})]
        if table is not None and (table.is_twos or table.is_bomb) and combo.is_bomb:
            return [Reason("chop", {"play": combo, "table": table})]
        if table is None:
            return self.why_lead(move, combo)
        return self.why_follow(move, combo)

    # -- leading -------------------------------------------------------------------------------------
    def why_lead(self, move: Move, combo: Combo) -> list[Reason]:
        ctx = self.ctx
        view = ctx.view
        out: list[Reason] = []
        planned = self.group_of(move)
        danger = [n for n in ctx.opp_counts if n <= ctx.weights.danger]
        if planned is None and view.must_contain is not None:
            out.append(Reason("must_contain", {"play": combo, "card": view.must_contain}))
        elif danger:
            seat = self.seat_with(min(danger))
            if planned is None and len(move) > 1:
                out.append(Reason("lead_combination", {"play": combo, "seat": seat}))
            elif len(move) not in danger:
                out.append(Reason("lead_other_size", {"play": combo, "seat": seat, "n": min(danger)}))
            else:
                out.append(Reason("lead_hardest", {"play": combo, "seat": seat, "n": min(danger)}))
        elif len(self.plan.groups) == 2:
            rest = ctx.rest(move)
            out.append(Reason("lead_stronger", {"play": combo, "keep": classify(rest)}))
        else:
            out.append(Reason("lead_weakest", {"play": combo, "plays": len(self.plan.groups)}))
        kept = self.kept_control(move)
        if kept is not None:
            out.append(Reason("keeps_control", {"keep": kept}))
        return out

    # -- following -----------------------------------------------------------------------------------
    def why_follow(self, move: Move, combo: Combo) -> list[Reason]:
        ctx = self.ctx
        table = ctx.view.table
        assert table is not None
        near = ctx.min_live <= ctx.weights.danger
        seat = self.seat_with(ctx.min_live)
        if table.kind == combo.kind == "single" and ctx.min_live == 1:
            sure = ctx.sure(move, now=True)
            return [Reason("block_last_card_sure" if sure else "block_last_card", {"play": combo, "seat": seat})]
        out: list[Reason] = []
        if is_control(move) and (near or ctx.thoi_risk):
            out.append(Reason("block_near" if near else "shed_before_counted", {"play": combo, "seat": seat,
                                                                               "n": ctx.min_live}))
        if ctx.escapes_cong():
            out.append(Reason("escape_cong", {"play": combo, "seat": self.seat_with(ctx.min_opp),
                                              "n": ctx.min_opp}))
        elif ctx.den_bai_risk():
            out.append(Reason("den_bai", {"play": combo}))
        broken = self.broken_by(move)
        if broken:
            out.append(Reason("breaks_but_worth", {"play": combo, "broken": broken[0]}))
        else:
            out.append(Reason("fits_plan", {"play": combo}))
        if ctx.sure(move, now=True):
            out.append(Reason("wins_round", {"play": combo}))
        kept = self.kept_control(move)
        if kept is not None and not is_control(move):
            out.append(Reason("keeps_control", {"keep": kept}))
        return out

    def why_pass(self) -> list[Reason]:
        """Why the bot passes although it could play: what the best answer would have cost."""
        table = self.ctx.view.table
        scored = self.bot.follow_scores(self.ctx, self.moves)
        best = scored[0][1]
        combo = combo_of(best)
        if is_control(best):
            return [Reason("pass_keep_control", {"play": combo, "table": table})]
        if breaks_bomb(self.plan.groups, self.ctx.hand, best):
            return [Reason("pass_keeps_bomb", {"play": combo, "table": table})]
        broken = self.broken_by(best)
        if broken:
            return [Reason("pass_breaks", {"play": combo, "broken": broken[0], "table": table})]
        return [Reason("pass_not_worth", {"play": combo, "table": table})]

    # -- reading the plan ----------------------------------------------------------------------------
    def group_of(self, move: Move) -> Group | None:
        """The planned play these cards are, if they are one."""
        hand, shape = self.ctx.hand, _shape(move)
        for g in self.plan.groups:
            if _shape(g.cards_from(hand)) == shape:
                return g
        return None

    def broken_by(self, move: Move) -> list[Combo]:
        """Planned plays that ``move`` breaks up: in the hand's plan, using its cards, and gone from the plan of
        what is left (the biggest first)."""
        hand, ctx = self.ctx.hand, self.ctx
        if self.group_of(move) is not None:
            return []
        after = set(ctx.planner.plan(ctx.rest(move)).groups)
        used = set(move)
        out: list[Combo] = []
        for g in self.plan.groups:
            cards = g.cards_from(hand)
            if g in after or len(cards) < 2:
                continue
            if _shares_rank(cards, used):
                combo = classify(cards)
                if combo is not None:
                    out.append(combo)
        return sorted(out, key=lambda c: -len(c.cards))

    def kept_control(self, move: Move) -> Combo | None:
        """The strongest 2s or bomb the move keeps in hand (the plays that win rounds back)."""
        used = set(move)
        twos = [c for c in self.ctx.hand if c.rank == TWO and c not in used]
        if len(twos) >= 2:
            return classify(twos[-2:]) if len(twos) != 3 else classify(twos)
        bombs = [g for g in self.plan.groups if g.is_bomb and not used & set(g.cards_from(self.ctx.hand))]
        if bombs:
            return classify(bombs[-1].cards_from(self.ctx.hand))
        if twos:
            return classify(twos)
        return None

    def seat_with(self, count: int) -> int:
        view = self.ctx.view
        return next((s for s in range(view.players) if s != view.seat and view.counts[s] == count
                     and s not in view.finished), -1)


def _shape(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """What the planner sees of some cards: ranks below 2 (suits aside), the exact 2s, and how many."""
    return signature(cards), tuple(sorted(c.index for c in cards if c.rank == TWO)), len(cards)


def _shares_rank(cards: Sequence[Card], used: set[Card]) -> bool:
    ranks = {c.rank for c in used}
    return any(c.rank in ranks for c in cards)
