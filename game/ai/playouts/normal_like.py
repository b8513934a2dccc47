"""A playout player that decides like the tuned normal bot, on the compact simulator's bitmasks.

The hard bot's playouts stand in for the table: a candidate that wins against players weaker than the
real ones may lose at the table. ``NormalLike`` follows ``game.ai.normal.NormalBot``'s decision with the
tuned weights (``game/ai/params.json``):

- going out now; running out (a play that holds and leaves at most one play that may not);
- chặt: a 2 or a bomb on the table is bombed whenever it can be;
- leading its weakest planned play (bigger plays preferred a little), avoiding the size of a hand on
  ``danger`` cards unless the play holds, a combination when someone is on one card, the stronger of its
  last two plays (the lower of two singles);
- following: a player on one card is blocked with the lowest single that holds, else the highest;
  otherwise each distinct play that beats the table is scored against an urgency level, with cóng and
  đền bài never risked (``game.ai.playouts.follow``).

Where it simplifies (the shapes on bitmasks are in ``game.ai.playouts.shapes``): the plan's control values are
those of the cards unseen when the player was made (normal recomputes them each turn), and "holds" means
no unseen combination of the same shape, small enough for a hand that may answer, beats the play (normal
uses a chance below ``sure``; bombs on 2s are feared when the unseen cards make one and a hand that may
answer is big enough to hold it). ``tests/ai/test_fastnormal.py`` compares its choices with
``NormalBot``'s on positions from real games.
"""

from __future__ import annotations

import random

from game.ai.judge.weights import Weights, tuned
from game.ai.playouts.control import Control
from game.ai.playouts.follow import follow, levels
from game.ai.playouts.plan import Memo, group_costs, plan_cost, plays_of
from game.ai.playouts.plays import ALL_CARDS, PAIR_RUN, QUAD, SINGLE, Play
from game.ai.playouts.shapes import beaters, bombs, combos, holds, may_bomb, run_out
from game.ai.playouts.sim import Sim

RUN_OUT_CARDS = 8  # following, it looks for a run-out only with this many cards or fewer (normal: rarely earlier)


#: Players made for a (hand, unseen, largest opponent hand, density, undealt, weights).
_PLAYERS: dict[tuple[int, int, int, float, int, Weights], NormalLike] = {}
#: ``_OTHERS[n][seat]``: the other seats at a table of ``n``.
_OTHERS = tuple(tuple(tuple(o for o in range(n) if o != s) for s in range(n)) for n in range(5))
#: ``beaters(hand, table)`` by ``hand << 52 | the table's cards``: the paired playouts of one deal meet the same
#: positions often.
_BEATERS: dict[int, tuple[Play, ...]] = {}


class NormalLike:
    """One seat's playout player: its plan's control values fixed when it is made; see the module docstring."""

    __slots__ = ("w", "ctl", "memo", "undealt", "_plays", "_bombs", "_groups", "gains", "levels")

    def __init__(self, hand: int, unseen: int, max_opp: int, density: float, undealt: int,
                 weights: Weights | None = None) -> None:  # fmt: skip
        self.w = weights or tuned()
        self.ctl = Control(unseen, max_opp, density, self.w.alpha, self.w.bomb_bonus)
        self.memo: Memo = {}
        self.undealt = undealt  # cards no hand was dealt (fewer than 4 players): unseen to everyone
        self._plays: dict[int, tuple[tuple[float, int, Play], ...]] = {}
        self._bombs: dict[int, tuple[Play, ...]] = {}
        self._groups: dict[int, dict[int, float]] = {}
        self.gains: dict[int, dict[int, float]] = {}  # ``follow.plan_gain`` by hand, then by the play's cards
        self.levels = levels(self.w)  # ``follow.urgency_level`` by ``min_live << 4 | the owner's cards``

    @classmethod
    def for_seat(cls, sim: Sim, seat: int, played: int, weights: Weights | None = None) -> NormalLike:
        """A player with ``weights`` (default: the tuned normal ones) for ``seat``'s hand in ``sim``
        (``played``: the cards played so far). Players are shared by every deal where the seat holds the
        same hand against the same unseen cards with the same weights (the searching seat's own hand after
        each candidate, mostly), so their plans are reused."""
        hand = sim.hands[seat]
        held = 0
        for h in sim.hands:
            held |= h
        others = [h.bit_count() for o, h in enumerate(sim.hands) if o != seat and h] or [0]
        unseen = ALL_CARDS & ~hand & ~played
        n_unseen = unseen.bit_count()
        density = min(1.0, sum(others) / n_unseen) if n_unseen else 0.0
        undealt = ALL_CARDS & ~held & ~played
        w = weights or tuned()
        key = (hand, unseen, max(others), density, undealt, w)
        found = _PLAYERS.get(key)
        if found is None:
            if len(_PLAYERS) > 2048:
                _PLAYERS.clear()
            found = _PLAYERS[key] = cls(hand, unseen, max(others), density, undealt, w)
        return found

    # -- the plan ------------------------------------------------------------------------------------
    def cost(self, hand: int) -> float:
        return plan_cost(hand, self.ctl, self.memo)

    def plays(self, hand: int) -> tuple[tuple[float, int, Play], ...]:
        """The planned plays of ``hand``, weakest lead first."""
        found = self._plays.get(hand)
        if found is None:
            if len(self._plays) > 4096:
                self._plays.clear()
            found = self._plays[hand] = tuple(plays_of(hand, self.ctl, self.w.size_weight, self.memo))
        return found

    def group_costs(self, hand: int) -> dict[int, float]:
        """The cost of each planned play of ``hand`` (one less its control), by its ``rank_key``, as its planned
        plays give it (``tests/ai/test_fastplan.py``)."""
        found = self._groups.get(hand)
        if found is None:
            if len(self._groups) > 4096:
                self._groups.clear()
            found = self._groups[hand] = group_costs(hand, self.ctl, self.w.size_weight, self.memo)
        return found

    # -- the decision --------------------------------------------------------------------------------
    def move(self, sim: Sim, seat: int, rng: random.Random) -> Play | None:
        """What the normal bot would do for ``seat``, the seat to move in ``sim``."""
        hands, table = sim.hands, sim.table
        hand = hands[seat]
        if table is None:
            return self._lead(sim, seat, hand)
        if table[0] == SINGLE and table[2] < 48 and not hand >> (table[2] + 1):
            return None  # no higher card, and a bomb beats only a 2: nothing beats the table
        known = self._bombs.get(hand)
        if known is None:
            known = self._bombs[hand] = tuple(bombs(hand)) if may_bomb(hand) else ()
        held = known
        known = _BEATERS.get(hand << 52 | table[3])  # a play's cards tell its shape
        if known is None:
            if len(_BEATERS) > 65_536:
                _BEATERS.clear()
            known = _BEATERS[hand << 52 | table[3]] = tuple(beaters(hand, table))
        options = known
        found: tuple[Play, ...] = ()  # the bombs that beat the table
        if held:
            found = tuple(b for b in held if sim.f.can_beat(b, table))
            options = (*options, *[b for b in found if b[0] != table[0] or b[1] != table[1]])
        if not options:
            return None
        for p in options:
            if p[3] == hand:
                return p  # out now
        passed = sim.passed
        others = room = room_now = n_opp = 0  # the largest opponent hand, and the largest not passed this round
        least = min_live = 99  # the smallest of the same
        for o in _OTHERS[sim.n][seat]:
            h = hands[o]
            if h:
                others |= h
                c = h.bit_count()
                n_opp += 1
                if c > room:
                    room = c
                if c < least:
                    least = c
                if not passed >> o & 1:
                    if c > room_now:
                        room_now = c
                    if c < min_live:
                        min_live = c
        unseen = others | self.undealt
        if hand.bit_count() <= RUN_OUT_CARDS:
            out = run_out(self.plays(hand), unseen, room_now, room, options)
            if out is not None:
                return out
        if found and (table[2] >= 48 or table[0] in (QUAD, PAIR_RUN)):
            return min(found, key=lambda b: (b[3].bit_count(), b[2]))  # chặt: it pays, and it takes the lead
        if table[0] == SINGLE and min_live == 1:
            singles = [p for p in options if p[0] == SINGLE]
            sure = [p for p in singles if holds(p, unseen, room_now)]
            if sure:
                return min(sure, key=lambda p: p[2])
            if singles:
                return max(singles, key=lambda p: p[2])
        return follow(self, sim, seat, hand, held, n_opp, least, min_live, room_now, unseen, options)

    def _lead(self, sim: Sim, seat: int, hand: int) -> Play:
        plays = self.plays(hand)
        if len(plays) == 1:
            return plays[0][2]
        w = self.w
        others = room = danger = 0  # the largest opponent hand; a bit for each size on ``w.danger`` cards or fewer
        for o in _OTHERS[sim.n][seat]:
            h = sim.hands[o]
            if h:
                others |= h
                c = h.bit_count()
                if c > room:
                    room = c
                if c <= w.danger:
                    danger |= 1 << c
        unseen = others | self.undealt
        out = run_out(plays, unseen, room, room, None)
        if out is not None:
            return out
        if sim.must >= 0:
            for _, _, p in plays:
                if p[3] >> sim.must & 1:
                    return p
            return (SINGLE, 1, sim.must, 1 << sim.must)
        options = [p for _, _, p in plays]
        if danger:
            safe = [p for p in options if not danger >> p[3].bit_count() & 1 or holds(p, unseen, room)]
            if not safe and danger & 2:
                shaped = [b for b in combos(hand) if not danger >> b[3].bit_count() & 1]
                if shaped:
                    return min(shaped, key=lambda b: (self.cost(hand & ~b[3]), b[2]))
            if not safe:
                return options[-1]
            options = safe
        if len(plays) == 2 and len(options) == 2:
            if options[0][0] == options[1][0] == SINGLE:
                return min(options, key=lambda p: p[2])  # two singles: the lower, the higher kept to go out on
            return options[1]
        return options[0]
