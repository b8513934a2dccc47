"""The follow score of the normal-like playout player (``normal_like``): which play that beats the table it
answers with, if any, as ``game.ai.normal.NormalBot`` scores its follows with the tuned weights.

Each distinct play that beats the table is scored by how much cheaper the rest of the hand plans, less the price
of spending 2s and bombs (or plus ``shed_bonus`` when blocking a nearly-out player or before thối), less the
price of breaking a bomb, plus ``round_bonus`` when it holds and ``card_weight`` per card near the end where
cards left cost. The best is played if its score reaches the urgency level (lower the closer an opponent still
in the round is to going out, counted again for the table's owner), or if passing is not to be risked: an
unplayed seat escapes cóng, and đền bài is never risked.
"""

from __future__ import annotations

from typing import Protocol

from game.ai.judge.weights import Weights
from game.ai.playouts.control import Control
from game.ai.playouts.plan import Memo, plan_cost, plan_key, rank_key
from game.ai.playouts.plays import PAIR_RUN, SINGLE, Play
from game.ai.playouts.shapes import TWOS, holds
from game.ai.playouts.sim import Sim


class Follower(Protocol):
    """What the follow score reads of its player (``normal_like.NormalLike``): its weights, its plan's controls and
    memo, and the caches it fills."""

    w: Weights
    ctl: Control
    memo: Memo
    gains: dict[int, dict[int, float]]  # ``plan_gain`` by hand, then by the play's cards
    levels: dict[int, float]  # ``urgency_level`` by ``min_live << 4 | the owner's cards``

    def group_costs(self, hand: int) -> dict[int, float]: ...

#: The urgency level by ``min_live << 4 | the table's owner's cards``, for each weights.
_LEVELS: dict[Weights, dict[int, float]] = {}
#: Each play's ``rank_key`` and ``plan_key``, by its cards.
_KEYS: dict[int, tuple[int, int]] = {}


def levels(w: Weights) -> dict[int, float]:
    """The urgency levels worked out so far for ``w`` (shared by every player with those weights), to fill."""
    if len(_LEVELS) > 64:
        _LEVELS.clear()
    return _LEVELS.setdefault(w, {})


def _keys(mask: int) -> tuple[int, int]:
    found = _KEYS.get(mask)
    if found is None:
        if len(_KEYS) > 65_536:
            _KEYS.clear()
        found = _KEYS[mask] = (rank_key(mask), plan_key(mask))
    return found


def follow(player: Follower, sim: Sim, seat: int, hand: int, held: tuple[Play, ...], n_opp: int, min_opp: int,
           min_live: int, room_now: int, unseen: int, options: tuple[Play, ...]) -> Play | None:  # fmt: skip
    """The best-scored of ``options`` (the plays of ``hand`` that beat the table; ``held``: its bombs) if it is
    worth playing, else None (pass). ``n_opp``: opponents with cards; ``min_opp``, ``min_live``: the fewest cards
    among them and among those still in the round; ``room_now``: the most among those still in the round."""
    w, f, table = player.w, sim.f, sim.table
    assert table is not None
    shed = min_live <= w.danger or min_live <= w.thoi_cards and (f.thoi_first_out or n_opp == 1)  # 2s, bombs
    shed_cards = f.first_out and min_opp <= w.danger + 1 and f.rules.prices.plain_card > 0
    stage = hand.bit_count() / 13.0
    high = w.high_table if table[2] >> 2 >= 10 else 1.0
    round_bonus = w.round_bonus
    gains = player.gains.get(hand)
    if gains is None:
        if len(player.gains) > 4096:
            player.gains.clear()
        gains = player.gains[hand] = {}
    highest = unseen.bit_length() - 1 if room_now >= 1 else -1  # a plain single above it holds
    best: Play | None = None
    best_gain = -1e9
    for p in options:
        kind, _, top, mask = p
        gain = gains.get(mask)
        if gain is None:
            gain = gains[mask] = plan_gain(player, hand, p, held)
        if top >= 48 or kind >= PAIR_RUN:
            if shed:  # blocking a nearly-out player, or before thối
                gain += w.shed_bonus
            else:
                units = 2 if kind >= PAIR_RUN else (mask & TWOS).bit_count()
                gain -= w.spend_penalty * units * stage * high
            if holds(p, unseen, room_now):
                gain += round_bonus
        elif kind == SINGLE:
            if top >= highest:  # a plain single: no higher card may answer
                gain += round_bonus
        elif holds(p, unseen, room_now):
            gain += round_bonus
        if shed_cards:
            gain += w.card_weight * mask.bit_count()
        if gain > best_gain:
            best, best_gain = p, gain
    owner = sim.top_seat
    n = sim.hands[owner].bit_count() if 0 <= owner != seat else 0  # the table's owner's cards, if another's
    level = player.levels.get(min_live << 4 | n)
    if level is None:
        level = player.levels[min_live << 4 | n] = urgency_level(w, min_live, n)
    if best_gain >= level or must_play(sim, seat, min_opp, min_live):
        return best
    return None


def plan_gain(player: Follower, hand: int, p: Play, held: tuple[Play, ...]) -> float:
    """``follow``'s score of ``p`` from ``hand`` alone: how much cheaper the rest of the hand plans (a planned play
    leaves the rest of the plan as it was), less the price of breaking a bomb (bombs plan whole)."""
    mask = p[3]
    found = _KEYS.get(mask)
    if found is None:
        found = _keys(mask)
    gain = player.group_costs(hand).get(found[0])
    if gain is None:
        key = plan_key(hand)
        gain = plan_cost(hand, player.ctl, player.memo, key) - plan_cost(hand & ~mask, player.ctl, player.memo,
                                                                          key - found[1])  # fmt: skip
    if held and p[2] < 48 and p[0] < PAIR_RUN and any(b[3] & mask and b[3] & mask != b[3] for b in held):
        gain -= player.w.spend_penalty
    return gain


def must_play(sim: Sim, seat: int, min_opp: int, min_live: int) -> bool:
    """Escaping cóng / cháy, or never passing while đền bài could make this seat pay."""
    f = sim.f
    if not sim.played_any[seat] and min_opp <= 3 and (f.cong_multiplier > 1 or f.cong_charge > 0
                                                      or f.cong_place is not None):  # fmt: skip
        return True
    if sim.f.den_bai and min_live <= 3:
        return any(not sim.played_any[o] for o in range(sim.n) if o != seat and sim.hands[o])
    return False


def urgency_level(w: Weights, min_live: int, owner: int) -> float:
    """The score a play needs to be played: lower the closer the nearest opponent still in the round is to going
    out (``min_live`` cards), and the table's owner (``owner`` cards, 0: none or this seat)."""
    reach = w.danger + 3
    level = w.threshold - w.chase * max(0.0, reach - min_live)
    if owner:
        level -= w.chase * w.owner_weight * max(0.0, reach - owner)
    if min_live <= w.danger:
        level = min(level, w.near_threshold)
    return level
