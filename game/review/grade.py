"""Grading one decision from what the seat could see: the chosen move against the best alternative.

The candidates are the move chosen, the strongest bot's choice and the alternatives the normal bot liked
next (a pass among them when following). Each candidate is played out in the same sampled deals of the
hidden cards (the hard bot's sampler, leaning towards hands that explain the opponents' passes) with the
AI's planned playouts on its compact simulator, so the comparison is paired: the same luck for every
candidate. A candidate's value is the seat's mean net payment in table bets; its win chance is how often
the seat went out first. Everything is seeded from the view alone, so the same view always gets the same
grade, whatever the hidden hands really were.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from game.ai.base import Bot, Move
from game.ai.fastplay import Planned, playout
from game.ai.fastsim import Sim, mask_of, play_of
from game.ai.hard import HardBot, flags_for
from game.ai.normal import NormalBot
from game.combos import classify
from game.view import SeatView

#: Moves simulated per decision (shared out over the candidates' playouts): the review's main cost. Counting
#: moves rather than seconds keeps a review the same on any machine; short playouts late in a game buy more deals.
WORK = 12_000
MIN_DEALS, MAX_DEALS = 24, 240
CANDIDATES = 5


class Cancelled(Exception):
    """The review was cancelled through its ``cancel`` callback."""


@dataclass(frozen=True)
class Option:
    """One candidate's worth: mean net payment (table bets) and win chance over the sampled deals."""

    move: Move | None
    chips: float
    win: float


@dataclass(frozen=True)
class Grade:
    """A decision's grade: the best option, what the chosen move lost against it, and how sure that is.

    ``loss`` and ``win_loss`` are in table bets and in chance of winning; ``noise`` is the standard error of
    the chips difference (paired over the same deals). ``forced``: there was no real choice.
    """

    chosen: Move | None
    best: Move | None
    strongest: Move | None
    options: tuple[Option, ...]
    loss: float
    win_loss: float
    noise: float
    deals: int
    forced: bool = False

    @property
    def significant(self) -> bool:
        """A loss worth naming: at least a third of a bet, and clearly more than the sampling noise."""
        return self.best != self.chosen and self.loss >= max(0.34, 2.0 * self.noise)


def view_rng(view: SeatView, salt: str = "") -> random.Random:
    """A random stream fixed by what the seat could see (string seeds hash the same in every run)."""
    hand = " ".join(c.ascii for c in view.hand)
    return random.Random(f"review{salt}:{view.seat}:{len(view.history)}:{view.round_index}:{hand}")


def is_forced(view: SeatView) -> bool:
    """No real choice: nothing can be played, or the lead has a single legal play."""
    moves = view.legal_moves
    return not moves or (view.table is None and len(moves) == 1)


def candidates(view: SeatView, chosen: Move | None, strongest: Move | None,
               limit: int = CANDIDATES) -> list[Move | None]:  # fmt: skip
    """The chosen move, the strongest bot's, then the normal bot's own ranking of the alternatives."""
    out: list[Move | None] = [chosen]
    if strongest not in out:
        out.append(strongest)
    normal = NormalBot(0)
    ranked = normal.candidates(normal.context(view), list(view.legal_moves), limit + 2)
    for m in ranked:
        if len(out) >= limit:
            break
        if m not in out:
            out.append(m)
    return out


def playout_value(sim: Sim, seat: int) -> tuple[float, float]:
    """(net payment, won) for ``seat`` in a finished playout."""
    if sim.result is None:
        return 0.0, 0.0
    order, payments = sim.result
    return float(payments[seat]), 1.0 if order[0] == seat else 0.0


def grade(view: SeatView, chosen: Move | None, strongest_bot: Bot, work: int = WORK,
          cancel: Callable[[], bool] | None = None) -> Grade:  # fmt: skip
    """Grade ``chosen`` (``None`` for a pass) in ``view``, the seat's own view of that moment."""
    chosen = tuple(chosen) if chosen else None
    if is_forced(view):
        return Grade(chosen, chosen, chosen, (), 0.0, 0.0, 0.0, 0, forced=True)
    found = strongest_bot.choose(view)
    strongest = tuple(found) if found else None
    options = candidates(view, chosen, strongest)
    sampler = strongest_bot if isinstance(strongest_bot, HardBot) else HardBot(0)
    rng = view_rng(view)
    chips: list[list[float]] = [[] for _ in options]
    wins = [0.0] * len(options)
    base = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
    played = mask_of(view.played_cards)
    plays = [play_of(c) if (c := classify(m) if m else None) is not None else None for m in options]
    spent = deals = 0
    while deals < MAX_DEALS and (deals < MIN_DEALS or spent < work):
        deals += 1
        if cancel is not None and cancel():
            raise Cancelled
        hands = sampler.sample_hands(view, rng)
        luck = rng.random()
        deal = base.copy()
        deal.hands = [mask_of(h) for h in hands]
        known = [None if s == view.seat else Planned.for_seat(deal, s, played) for s in range(view.players)]
        for i, move in enumerate(plays):
            sim = deal.copy()
            sim.step(view.seat, move)
            gone = played if move is None else played | move[3]
            spent += playout(sim, known, random.Random(luck), gone) + 1  # the same luck for every candidate
            value, won = playout_value(sim, view.seat)
            chips[i].append(value)
            wins[i] += won
    means = [sum(c) / deals for c in chips]
    best_i = max(range(len(options)), key=lambda i: (means[i], -i))
    diffs = [b - c for b, c in zip(chips[best_i], chips[0], strict=True)]
    mean_diff = sum(diffs) / deals
    var = sum((x - mean_diff) ** 2 for x in diffs) / max(1, deals - 1)
    table = tuple(Option(m, means[i], wins[i] / deals) for i, m in enumerate(options))
    return Grade(
        chosen=chosen, best=options[best_i], strongest=strongest, options=table, loss=means[best_i] - means[0],
        win_loss=(wins[best_i] - wins[0]) / deals, noise=math.sqrt(var / deals), deals=deals,
    )  # fmt: skip
