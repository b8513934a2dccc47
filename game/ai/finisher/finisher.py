"""The searching bots' finisher: exact play when hands are short, in every variant and with 2 to 4 seats.

Two steps, both aiming at going out first (the whole game where it ends at the first player out, the
best place where play goes on):

1. **A sure win** (``game.ai.finisher.surewin``): a play after which this seat goes out first whatever the others
   hold and however they answer, together. Sound: it is claimed only when it is one.
2. **The deals won** (``game.ai.finisher.endgame``): when few cards are left in play and the unseen cards can be
   dealt to the others in few ways, every deal is solved exactly with every hand known, the others again
   answering together, each weighted by how well it explains their plays and passes (``game.ai.reading.inference``).
   The play that wins the most deals replaces the normal bot's choice if it wins clearly more of them; a
   bomb is feared only in the deals that hold one. (Deals drawn from that weighting are used only with
   ``trust_drawn``: they are looser than real hands.)

Both count their work in nodes, so a decision depends only on the seed and the view; the deadline is a
safety net. ``Finisher.choose`` returns ``(move,)`` or ``None`` when it has nothing to say.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator, Sequence

from game.ai.base import Move, opponents
from game.ai.finisher.endgame import EndgameSolver, OutOfWork
from game.ai.finisher.surewin import SureWin
from game.ai.playouts.plays import Flags, Play, mask_of, play_of
from game.ai.reading.inference import Inference
from game.engine.combos import classify
from game.engine.view import SeatView


def _play(move: Move) -> Play:
    combo = classify(move)
    assert combo is not None
    return play_of(combo)


class Finisher:
    """One decision's finisher; see the module docstring.

    ``sure_cards``: the largest own hand the sure-win search tries, with ``sure_nodes`` nodes; ``deal_cards``:
    the most cards in play (all hands) for solving deals, with ``deal_nodes`` nodes in all; every deal is
    solved when there are at most ``enumerate_limit``, else ``samples`` are drawn.
    """

    def __init__(self, view: SeatView, flags: Flags, *, deadline: float, sure_cards: int = 6,
                 sure_nodes: int = 4000, deal_cards: int = 14, deal_nodes: int = 20_000,
                 enumerate_limit: int = 120, samples: int = 40, inference_tries: int = 8,
                 margin: float = 0.1, trust_drawn: bool = False) -> None:  # fmt: skip
        self.view = view
        self.flags = flags
        self.deadline = deadline
        self.sure_cards, self.sure_nodes = sure_cards, sure_nodes
        self.deal_cards, self.deal_nodes = deal_cards, deal_nodes
        self.enumerate_limit, self.samples, self.inference_tries = enumerate_limit, samples, inference_tries
        self.margin, self.trust_drawn = margin, trust_drawn
        self.opps = opponents(view)
        self.sure = False  # whether the last answer was a sure win
        self.deals = 0  # deals solved for the last answer
        # Whether every deal is solved. Drawn deals are looser than real hands (fewer pairs and runs), and a deal
        # solved with every hand known flatters plays that need the hidden cards guessed later: replayed with the
        # real hands, switches made on drawn deals went out first less often than the normal bot
        # (lab/checks/finisher_check.py), so unless ``trust_drawn`` the search decides there.
        self.enumerated = False
        self.shares = (0.0, 0.0)  # the weighted share of deals won by the best play and by the preferred one

    def choose(self, options: Sequence[Move | None], preferred: Move | None,
               rng: random.Random) -> tuple[Move | None] | None:  # fmt: skip
        """The play to make (from ``options``, ``None`` for a pass), or ``None`` when it cannot tell."""
        view = self.view
        self.sure, self.deals = False, 0
        if not self.opps or view.must_contain is not None or view.seat in view.passed:
            return None
        ordered = sorted(options, key=lambda m: m != preferred)  # the normal bot's choice is tried first
        plays = [None if m is None else _play(m) for m in ordered]
        if len(view.hand) <= self.sure_cards:
            found = self._sure(plays)
            if found is not None:
                self.sure = True
                return (ordered[plays.index(found[0])],)
        if len(view.hand) + sum(view.counts[s] for s in self.opps) <= self.deal_cards:
            self.enumerated = self._count_deals() <= self.enumerate_limit
            if self.enumerated or self.trust_drawn:
                return self._by_deals(ordered, plays, rng)
        return None

    # -- sure wins -----------------------------------------------------------------------------------
    def _sure(self, plays: list[Play | None]) -> tuple[Play | None] | None:
        view = self.view
        pool = (1 << 52) - 1 & ~mask_of(view.hand) & ~mask_of(view.played_cards)
        counts = [view.counts[s] for s in self.opps]
        live = [view.table is None or s not in view.passed for s in self.opps]
        table = play_of(view.table) if view.table is not None else None
        search = SureWin(self.flags, self.sure_nodes, self.deadline)
        try:
            found = search.find(mask_of(view.hand), pool, counts, live, table, plays)
        except OutOfWork:
            return None
        return None if found == () else (found,)  # type: ignore[return-value]

    # -- deals solved exactly ------------------------------------------------------------------------
    def _deals(self, rng: random.Random) -> Iterator[tuple[list[int], float]]:
        """Every deal of the unseen cards to the others, weighted, when few; else drawn deals (weight 1)."""
        view = self.view
        inference = Inference(view, self.inference_tries)
        counts = [view.counts[s] for s in self.opps]
        unseen = inference.unseen_cards
        if self.enumerated:
            weights: dict[tuple[int, int], float] = {}
            for hands in _every_deal(unseen, counts):
                deal = [0] * view.players
                deal[view.seat] = mask_of(view.hand)
                weight = 1.0
                for s, m in zip(self.opps, hands, strict=True):
                    deal[s] = m
                    w = weights.get((s, m))
                    if w is None:
                        w = weights[(s, m)] = inference.weight(s, m)
                    weight *= w
                yield deal, weight
        else:
            for _ in range(self.samples):
                yield inference.sample(rng)

    def _count_deals(self) -> int:
        """How many deals of the unseen cards the others' card counts allow."""
        view = self.view
        counts = [view.counts[s] for s in self.opps]
        unseen = 52 - len(view.hand) - len(view.played_cards)
        ways = math.factorial(unseen) // math.factorial(unseen - sum(counts))
        for n in counts:
            ways //= math.factorial(n)
        return ways

    def _by_deals(self, ordered: list[Move | None], plays: list[Play | None],
                  rng: random.Random) -> tuple[Move | None] | None:  # fmt: skip
        view = self.view
        gone = sum(1 << s for s in range(view.players) if s != view.seat and s not in self.opps)
        solver = EndgameSolver(self.flags, view.seat, view.players, gone, node_limit=self.deal_nodes,
                               deadline=self.deadline)  # fmt: skip
        table = play_of(view.table) if view.table is not None else None
        top = view.table_seat if view.table is not None and view.table_seat is not None else -1
        passed = sum(1 << s for s in view.passed) if view.table is not None else 0
        on_top = 0
        if view.table is not None:
            for action in reversed(view.history):
                if action.combo is not None:
                    break
                on_top |= 1 << action.seat
        rows: list[tuple[float, list[bool]]] = []
        try:
            for hands, weight in self._deals(rng):
                solver.reset()
                rows.append((weight, solver.winning(hands, table, top, passed, on_top, plays)))
                self.deals += 1
        except OutOfWork:
            if self.deals < 8:
                return None  # too big to solve: the playouts decide
        return self._pick(ordered, rows)

    def _pick(self, ordered: list[Move | None], rows: list[tuple[float, list[bool]]]) -> tuple[Move | None] | None:
        """The play that wins the most deals if it wins clearly more than the normal bot's choice (first in
        ``ordered``); that choice if not; ``None`` if no play wins any deal."""
        total = sum(w for w, _ in rows)
        if total <= 0:
            return None
        score = [sum(w for w, won in rows if won[i]) for i in range(len(ordered))]
        best = max(range(len(ordered)), key=lambda i: (score[i], -i))
        self.shares = (score[best] / total, score[0] / total)
        if score[best] <= 0:
            return None
        # The deals where only one of the two wins, in deals (weights scaled to a mean of 1): the switch must
        # be worth a tenth of the deals and pass a sign test (a perfect-information solution flatters plays
        # that need the hidden cards guessed later).
        scale = len(rows) / total
        gain = scale * sum(w for w, won in rows if won[best] and not won[0])
        loss = scale * sum(w for w, won in rows if won[0] and not won[best])
        if best and gain - loss >= max(self.margin * len(rows), 2.0 * math.sqrt(gain + loss)):
            return (ordered[best],)
        return (ordered[0],)


def _every_deal(cards: list[int], counts: Sequence[int]) -> Iterator[list[int]]:
    """Every way to give ``counts[i]`` of ``cards`` to each seat i (the rest stay undealt), as masks."""
    if not counts:
        yield []
        return
    n = counts[0]
    for pick in itertools.combinations(cards, n):
        m = 0
        for c in pick:
            m |= 1 << c
        rest = [c for c in cards if not m >> c & 1]
        for tail in _every_deal(rest, counts[1:]):
            yield [m, *tail]
