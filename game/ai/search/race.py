"""The searching bots' comparison of candidate plays: paired playouts on the same sampled deals, raced.

Every candidate is played out on the same sampled deal with the same luck, so what differs between
two candidates' scores in one deal is the candidates themselves; comparing those paired differences
(weighted by how well each deal explains what the opponents did) needs far fewer deals than
comparing two separate means. After a few deals, every few deals:

- a candidate clearly worse than the current best, or than the normal bot's own choice, is dropped;
- the search stops as soon as the normal bot's choice is the only one left, or one alternative is
  left and clearly better than it;
- when the work budget is spent and an alternative is ahead but not clearly, it goes on up to
  ``extend`` times the budget (twice by default: close decisions get more deals), then stops; it goes on
  only while that alternative's lead over the normal bot's choice stays at least ``futility`` standard
  errors above the smallest gain worth a switch: a lead smaller than that almost never becomes a switch
  (among 74 close decisions of hard against 3 normal, none under 1.5 standard errors did), so its deals
  would be spent for nothing.

It switches from the normal bot's choice only when the paired difference is significant. The work
budget counts simulated moves (and plans), so a decision is the same for a seed on any machine; the
clock is only a safety net.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from statistics import NormalDist

from game.ai.playouts.players import Player, playout
from game.ai.playouts.plays import Play
from game.ai.playouts.sim import Sim

PLAN_WORK = 6  # an opponent's plan costs about as much as six simulated moves
PLAYOUT_WORK = 3  # settling a playout and copying the position
#: A sampled deal: every seat's hand as a bitmask, and its weight (how likely it makes the history).
Sampler = Callable[[random.Random], tuple[list[int], float]]


def switch_z(z: float, alternatives: int) -> float:
    """The standard errors a switch must clear when ``alternatives`` plays are each compared with normal's
    choice: ``z``'s one-sided tail shared among them (Bonferroni)."""
    tail = NormalDist().cdf(-z)
    if alternatives <= 1 or not 1e-12 < tail < 0.5:
        return z  # one alternative, or a z too large (or small) to share out
    return NormalDist().inv_cdf(1.0 - tail / alternatives)


def paired(rows: Sequence[Sequence[float | None]], weights: Sequence[float], i: int, j: int) -> tuple[float, float]:
    """The weighted mean of ``score[i] - score[j]`` over the deals where both were played out, and its
    standard error (from the effective number of deals)."""
    ds: list[float] = []
    ws: list[float] = []
    for row, w in zip(rows, weights, strict=True):
        a, b = row[i], row[j]
        if a is not None and b is not None and w > 0:
            ds.append(a - b)
            ws.append(w)
    total = sum(ws)
    if total <= 0 or len(ds) < 2:
        return 0.0, math.inf
    mean = sum(w * d for w, d in zip(ws, ds, strict=True)) / total
    var = sum(w * (d - mean) ** 2 for w, d in zip(ws, ds, strict=True)) / total
    n_eff = total * total / sum(w * w for w in ws)
    return mean, math.sqrt(var / max(1.0, n_eff - 1.0)) if n_eff > 1.0 else math.inf


class Race:
    """One decision's search; ``run`` returns the index of the chosen candidate (0 is the normal bot's)."""

    def __init__(self, base: Sim, seat: int, plays: Sequence[Play | None], played: int,
                 score: Callable[[Sim, int], tuple[float, float]], *, work: int, deadline: float,
                 make: Callable[[Sim, int, int], Player], z: float = 2.0, min_gain: float = 0.02,
                 min_deals: int = 8, switch_deals: int = 24, max_deals: int = 600,
                 move_work: float = 1.0, extend: float = 2.0, futility: float = 0.0) -> None:  # fmt: skip
        self.base, self.seat, self.plays, self.played = base, seat, list(plays), played
        self.make = make  # the playout player for a seat: make(sim, seat, cards played)
        self.move_work = move_work  # what one simulated move counts for (a slower player's moves count more)
        self.score = score
        self.work_budget, self.deadline = work, deadline
        self.extend = extend  # a close decision may go on to this many times the budget
        self.futility = futility  # ... while its best alternative leads by this many standard errors over min_gain
        self.z, self.min_gain, self.min_deals, self.max_deals = z, min_gain, min_deals, max_deals
        self.switch_deals = switch_deals  # paired deals before any switch
        self.z_switch = switch_z(z, len(plays) - 1)  # the test a switch must pass: ``z`` shared among the alternatives
        self.rows: list[list[float | None]] = []
        self.wins: list[list[float | None]] = []
        self.weights: list[float] = []
        self.alive = list(range(len(plays)))
        self._sums: dict[tuple[int, int], list[float]] = {}  # (i, j): deals, Σw, Σw², Σw·d, Σw·d² of d = s_i - s_j
        self.work = 0.0
        self.prediction: float | None = None  # the chosen play's estimated chance of going out first

    def run(self, sample: Sampler, rng: random.Random) -> int:
        while len(self.rows) < self.max_deals:
            hands, weight = sample(rng)
            self._deal(hands, weight, rng.random())
            k = len(self.rows)
            if k >= self.min_deals and k % 4 == 0 and self._prune():
                break
            if self.work >= self.work_budget and (self.work >= self.extend * self.work_budget or not self._close()):
                break
            if time.perf_counter() > self.deadline:
                break
        choice = self._pick()
        self.prediction = self._mean_win(choice)
        return choice

    def _deal(self, hands: list[int], weight: float, seed: float) -> None:
        deal = self.base.copy()
        deal.hands = hands
        seat, played = self.seat, self.played
        known: list[Player | None] = [
            None if s == seat or not hands[s] else self.make(deal, s, played) for s in range(deal.n)
        ]
        self.work += PLAN_WORK * sum(1 for p in known if p is not None)
        row: list[float | None] = [None] * len(self.plays)
        won: list[float | None] = [None] * len(self.plays)
        for i in self.alive:
            if time.perf_counter() > self.deadline:
                return  # out of time mid-deal: the deal is dropped, so every kept deal is paired
            sim = deal.copy()
            move = self.plays[i]
            sim.step(seat, move)
            gone = played if move is None else played | move[3]
            steps = playout(sim, known, random.Random(seed), gone, make=self.make)  # the same luck for all
            self.work += PLAYOUT_WORK + self.move_work * steps
            row[i], won[i] = self.score(sim, seat)
        self.record(row, won, weight)

    def record(self, row: list[float | None], won: list[float | None], weight: float) -> None:
        """Keep one deal's scores (``None`` for candidates no longer played) and update the paired sums."""
        self.rows.append(row)
        self.wins.append(won)
        self.weights.append(weight)
        if weight > 0:
            for i in self.alive:
                for j in self.alive:
                    if i != j:
                        d = row[i] - row[j]  # type: ignore[operator]
                        acc = self._sums.setdefault((i, j), [0.0, 0.0, 0.0, 0.0, 0.0])
                        acc[0] += 1
                        acc[1] += weight
                        acc[2] += weight * weight
                        acc[3] += weight * d
                        acc[4] += weight * d * d

    def _paired(self, i: int, j: int) -> tuple[float, float]:
        """``paired(self.rows, self.weights, i, j)`` from running sums (the search asks it often)."""
        acc = self._sums.get((i, j))
        if acc is None or acc[0] < 2 or acc[1] <= 0:
            return 0.0, math.inf
        n, total, total2, wd, wd2 = acc
        mean = wd / total
        var = max(0.0, wd2 / total - mean * mean)
        n_eff = total * total / total2
        return mean, math.sqrt(var / max(1.0, n_eff - 1.0)) if n_eff > 1.0 else math.inf

    def _means(self) -> dict[int, float]:
        """Each live candidate's advantage over the normal bot's choice, on the same deals."""
        return {i: (self._paired(i, 0)[0] if i else 0.0) for i in self.alive}

    def _prune(self) -> bool:
        """Drop the clearly worse; True when the decision is made."""
        means = self._means()
        best = max(self.alive, key=lambda i: means[i])
        keep = []
        for i in self.alive:
            if i == 0 or i == best:
                keep.append(i)
                continue
            worse_than_best, se_b = self._paired(best, i)
            gain, se_0 = self._paired(i, 0)
            if worse_than_best - self.z * se_b > 0 or gain + self.z * se_0 < self.min_gain:
                continue
            keep.append(i)
        self.alive = keep
        if keep == [0]:
            return True
        if len(keep) == 2 and best != 0:
            gain, se = self._paired(best, 0)
            if len(self.rows) >= self.switch_deals and gain - self.z_switch * se > self.min_gain:
                return True  # one alternative left, clearly better
            if gain + self.z * se < self.min_gain:
                self.alive = [0]
                return True
        return False

    def _close(self) -> bool:
        """Whether an alternative is ahead of the normal bot's choice without being clearly better, by at
        least ``futility`` standard errors over the smallest gain worth a switch."""
        for i in self.alive:
            if i:
                gain, se = self._paired(i, 0)
                if gain > self.min_gain + self.futility * se and gain - self.z_switch * se <= self.min_gain:
                    return True
        return False

    def _pick(self) -> int:
        best, best_low = 0, self.min_gain
        for i in self.alive:
            if i and self._deals(i, 0) >= self.switch_deals:
                gain, se = self._paired(i, 0)
                if gain - self.z_switch * se > best_low:
                    best, best_low = i, gain - self.z_switch * se
        return best

    def _deals(self, i: int, j: int) -> int:
        acc = self._sums.get((i, j))
        return int(acc[0]) if acc is not None else 0

    def _mean_win(self, i: int) -> float | None:
        num = den = 0.0
        for won, w in zip(self.wins, self.weights, strict=True):
            if won[i] is not None:
                num += w * won[i]  # type: ignore[operator]
                den += w
        return num / den if den > 0 else None
