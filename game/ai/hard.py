"""The hard bot (khó): normal's judgement plus search over the hands it cannot see.

For each decision it takes the normal bot's choice and the few alternatives normal liked next, deals
the unseen cards to the opponents many times over (consistently with their card counts, and leaning
towards hands that explain their passes), and plays each candidate out in every sampled deal with a
fast playout policy. It keeps normal's choice unless another play scores clearly better. With only
two hands left in play and few cards, it solves the position exactly instead. The work is bounded
by a number of playouts and a time limit, so it never stalls the table.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Iterable, Sequence

from game.ai.base import Move, opponents
from game.ai.endgame import EndgameSolver
from game.ai.fastplay import Planned, playout
from game.ai.fastsim import Flags, Sim, mask_of, play_of
from game.ai.normal import Context, NormalBot
from game.cards import Card
from game.combos import PAIR, SINGLE, Combo, classify
from game.rules import Rules
from game.view import SeatView

_FLAGS: dict[str, tuple[Rules, Flags]] = {}


def flags_for(rules: Rules) -> Flags:
    """The simulator's reading of ``rules``, made once per variant."""
    found = _FLAGS.get(rules.id)
    if found is None or found[0] != rules:
        found = _FLAGS[rules.id] = (rules, Flags(rules))
    return found[1]


def _classify(move: Sequence[Card]) -> Combo:
    combo = classify(move)
    assert combo is not None
    return combo


class HardBot(NormalBot):
    """Searches over sampled hidden hands; see the module docstring.

    ``playouts`` is the number of sampled deals per decision (each plays out every candidate), scaled up
    as the hands empty; ``work`` caps the moves simulated per decision, which keeps the bot deterministic
    for its seed; ``time_limit`` (seconds) is a safety net that cuts the search short on a slow machine;
    ``candidates`` is how many plays it compares; ``margin`` is how much better than the normal bot's
    choice an alternative must score to be preferred.
    """

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 60,
        candidates: int = 6,
        time_limit: float = 0.3,
        work: int | None = None,
        margin: float = 0.08,
        endgame_cards: int = 14,
        inference_tries: int = 20,
        enumerate_limit: int = 120,
        **normal: float,
    ) -> None:
        super().__init__(seed, **normal)  # type: ignore[arg-type]
        self.playouts = playouts
        self.n_candidates = candidates
        self.time_limit = time_limit
        self.work = work if work is not None else 125 * playouts  # 7,500 moves at the default 60
        self._deadline = 0.0
        self.margin = margin
        self.endgame_cards = endgame_cards
        self.inference_tries = inference_tries
        self.enumerate_limit = enumerate_limit

    def choose(self, view: SeatView) -> Move | None:
        moves = list(view.legal_moves)
        if not moves:
            return None
        ctx = self.context(view)
        if view.table is None and len(moves) == 1:
            return moves[0]
        for m in moves:
            if len(m) == len(ctx.hand):
                return m
        rng = self.rng_for(view)
        self._deadline = time.perf_counter() + self.time_limit  # shared by the endgame solver and the search
        exact = self.solve_endgame(view, ctx, moves, rng)
        if exact is not None:
            return exact[0]
        if self.forced_win(ctx, moves) is not None:
            return super().decide(ctx, moves)
        options = self.candidates(ctx, moves, self.n_candidates)
        if len(options) == 1:
            return options[0]
        return self.search(view, options, rng)

    # -- sampling ------------------------------------------------------------------------------------
    def sample_hands(self, view: SeatView, rng: random.Random) -> list[list[Card]]:
        """Hands for every seat: this seat's own, and the unseen cards dealt to the others by count.

        Among a few draws it keeps the one that best explains the opponents' passes (a seat that passed
        on a single or a pair more likely held nothing to beat it).
        """
        unseen = sorted(view.unseen_cards)
        opps = opponents(view)
        best: list[list[Card]] = []
        best_score = -(10**9)
        for _ in range(max(1, self.inference_tries)):
            rng.shuffle(unseen)
            hands: list[list[Card]] = [[] for _ in range(view.players)]
            hands[view.seat] = list(view.hand)
            i = 0
            for s in opps:
                n = view.counts[s]
                hands[s] = unseen[i : i + n]
                i += n
            score = self._consistency(view, hands, opps)
            if score > best_score:
                best, best_score = hands, score
            if score == 0:
                break
        return best

    @staticmethod
    def _consistency(view: SeatView, hands: list[list[Card]], opps: Sequence[int]) -> int:
        """Minus the number of passes the sampled hands would not explain (0: all explained)."""
        later: dict[int, set[Card]] = {s: set() for s in opps}
        misses = 0
        for action in reversed(view.history[-24:]):
            s = action.seat
            if s not in later:
                continue
            if action.combo is not None:
                later[s].update(action.combo.cards)
                continue
            table = action.table_before
            if table is None or table.is_twos or table.kind not in (SINGLE, PAIR):
                continue
            held = set(hands[s]) | later[s]
            if _beats_with(held, table):
                misses += 1
        return -misses

    # -- search --------------------------------------------------------------------------------------
    def search(self, view: SeatView, options: list[Move | None], rng: random.Random) -> Move | None:
        """Play every candidate out in the same sampled deals; halfway, drop all but the best two and the
        normal bot's own choice, and spend the rest of the budget on those."""
        deadline = self._deadline
        totals = [0.0] * len(options)
        counts = [0] * len(options)
        work = 0
        alive = list(range(len(options)))
        # Late decisions matter most and their playouts are short: spend more of them there.
        in_play = sum(view.counts)
        base = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
        played = mask_of(view.played_cards)
        plays = [play_of(_classify(m)) if m is not None else None for m in options]
        budget = max(4, round(self.playouts * min(3.0, max(0.5, 40.0 / max(1, in_play)))))
        for k in range(budget):
            if k == budget // 2 and len(alive) > 3:
                ranked = sorted(alive, key=lambda i: -totals[i] / max(1, counts[i]))
                alive = sorted({0, *ranked[:2]})
            hands = self.sample_hands(view, rng)
            seed = rng.random()
            deal = base.copy()
            deal.hands = [mask_of(h) for h in hands]
            known = [None if s == view.seat else Planned.for_seat(deal, s, played) for s in range(view.players)]
            for i in alive:
                sim = deal.copy()
                move = plays[i]
                sim.step(view.seat, move)
                gone = played if move is None else played | move[3]
                steps = playout(sim, known, random.Random(seed), gone)  # the same luck for every candidate
                totals[i] += self.score(sim, view.seat)
                counts[i] += 1
                work += steps + 8  # moves simulated, and the plans made
            if work >= self.work or time.perf_counter() > deadline:
                break
        means = {i: totals[i] / counts[i] for i in alive if counts[i]}
        best = max(means, key=lambda i: means[i])
        if means[best] > means[0] + self.margin:
            return options[best]
        return options[0]

    @staticmethod
    def score(sim: Sim, seat: int) -> float:
        """A playout's worth to ``seat``: winning (or its place, where play goes on), plus a little of its money."""
        if sim.result is None:
            return 0.0
        order, payments = sim.result
        n = len(order)
        place = order.index(seat)
        money = 0.005 * payments[seat]
        if sim.f.first_out:
            return (1.0 if place == 0 else 0.0) + money  # only going out first wins; the rest is money
        return (n - 1 - place) / (n - 1) + money

    # -- exact endgames ------------------------------------------------------------------------------
    def solve_endgame(
        self, view: SeatView, ctx: Context, moves: list[Move], rng: random.Random
    ) -> tuple[Move | None] | None:
        """With one opponent left and few cards, the play that wins in most sampled deals, solved exactly."""
        opps = opponents(view)
        if len(opps) != 1 or opps[0] in view.passed:
            return None
        opp = opps[0]
        if len(view.hand) + view.counts[opp] > self.endgame_cards:
            return None
        options: list[Move | None] = list(moves)
        if view.table is not None:
            options.append(None)
        wins = [0] * len(options)
        # At most half the time: if the position is too big to solve, the playouts still get the rest.
        solver = EndgameSolver(view.rules, deadline=time.perf_counter() + self.time_limit / 2)
        unseen = sorted(view.unseen_cards)
        n = view.counts[opp]
        deals: Iterable[Sequence[Card]]
        if math.comb(len(unseen), n) <= self.enumerate_limit:
            deals = itertools.combinations(unseen, n)  # every hand the opponent may hold: exact
        else:
            deals = (self.sample_hands(view, rng)[opp] for _ in range(max(1, self.playouts)))
        solved = 0
        try:
            for theirs in deals:
                good = solver.winning_moves(view.hand, theirs, view.table, options)
                for i, m in enumerate(options):
                    if m in good:
                        wins[i] += 1
                solved += 1
        except TimeoutError:
            if solved < 8:
                return None  # too big to solve in time: fall back to playouts
        top = max(wins)
        if top == 0:
            return None
        preferred = self.decide(ctx, moves)
        if wins[options.index(preferred)] == top:
            return (preferred,)
        return (options[wins.index(top)],)


def _beats_with(held: set[Card], table: Combo) -> bool:
    if table.kind == SINGLE:
        return any(c > table.top for c in held)
    if table.kind == PAIR:
        by_rank: dict[int, list[Card]] = {}
        for c in held:
            by_rank.setdefault(c.rank, []).append(c)
        return any(len(g) >= 2 and max(g) > table.top for g in by_rank.values())
    return False
