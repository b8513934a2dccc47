"""A seat's view and its candidate moves as fixed arrays, the learned opponent's input.

Built from a ``SeatView`` alone, so the network sees exactly what the seat may see. Seats are counted from
the viewer (0 is the viewer, 1 the next to play after it, ...), so one network plays every seat. A move is
encoded like a hand (a 52-card plane) with its kind and size, DouZero-style, so every size of play — a
12-card straight, a run of pairs, a bomb — and the pass share one network that scores (view, move) pairs.

Beside the cards, each decision carries normal's judgement of it (``Judgement``): the planner's cost of the hand
before and after each move, the chance a play is beaten now and later, and which move normal would make. The
network starts from what the heuristic knows of hands and learns, from whole games, where to depart from it.

``ENCODING`` is the version of this layout: a weights file records the version it was trained on and is
refused by any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.ai.judge.context import Context
from game.ai.normal import NormalBot
from game.engine.cards import Card
from game.engine.combos import KINDS, PAIR_RUN, QUAD, classify
from game.engine.view import SeatView

ENCODING = 2
SEATS = 4
CARDS = 52
KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}

# The view's layout, block by block (offsets follow in this order).
_VIEW_BLOCKS = (
    ("hand", CARDS),
    ("played", SEATS * CARDS),  # cards seen played, by seat from the viewer
    ("unseen", CARDS),  # in another hand or never dealt
    ("table", CARDS),  # the combination to beat
    ("table_kind", len(KINDS)),
    ("table_size", 1),
    ("table_seat", SEATS),  # who played it (none when leading)
    ("leading", 1),
    ("counts", SEATS * 14),  # cards left per seat, one-hot 0..13
    ("passed", SEATS),  # passed this round (locked out)
    ("out", SEATS),  # gone out, or cóng at the end
    ("present", SEATS),  # seats at this table
    ("must_contain", 1),  # the first lead must hold the 3 of spades
    ("variant", 6),
    ("last_plays", 3 * (CARDS + 1)),  # the last three actions of the round, newest first (cards, pass bit)
    ("plan", 2),  # the planner's cost of the hand and its number of plays
)
_MOVE_BLOCKS = (
    ("cards", CARDS),
    ("pass", 1),
    ("kind", len(KINDS)),
    ("size", 1),
    ("bomb", 1),
    ("twos", 1),
    ("left", CARDS),  # the hand after the move
    ("left_count", 14),
    ("goes_out", 1),
    ("left_ranks", 13),  # cards of each rank left after the move, in quarters
    ("judge", 5),  # normal's choice; plan cost and plays after the move; beaten later, beaten this round
)


def _offsets(blocks: Sequence[tuple[str, int]]) -> tuple[dict[str, int], int]:
    where: dict[str, int] = {}
    at = 0
    for name, size in blocks:
        where[name] = at
        at += size
    return where, at


VIEW_AT, VIEW_SIZE = _offsets(_VIEW_BLOCKS)
MOVE_AT, MOVE_SIZE = _offsets(_MOVE_BLOCKS)
INPUT_SIZE = VIEW_SIZE + MOVE_SIZE

Floats = npt.NDArray[np.float32]
Move = tuple[Card, ...]


@dataclass(frozen=True)
class Judgement:
    """Normal's judgement of one decision: its context (plans and odds, from the view alone) and its choice."""

    ctx: Context
    choice: Move | None


def _variant_bits(view: SeatView) -> tuple[float, ...]:
    rules = view.rules
    return (
        1.0 if rules.game_ends == "one_left" else 0.0,
        1.0 if rules.den_bai else 0.0,
        1.0 if rules.quad_beats_pair_of_twos else 0.0,
        1.0 if rules.longer_pair_run_beats_shorter else 0.0,
        1.0 if rules.thoi.when == "game_end" else 0.0,
        1.0 if view.first_game else 0.0,
    )


def judged(bot: NormalBot, view: SeatView) -> Judgement:
    """``bot``'s judgement of ``view`` (its weights and its reading of the table): the context and its choice."""
    ctx = bot.context(view)
    return Judgement(ctx, bot.decide(ctx, list(view.legal_moves)) if view.legal_moves else None)


def encode_view(view: SeatView, judgement: Judgement) -> Floats:
    """The view as one vector of ``VIEW_SIZE`` floats (0/1 but for the table's size)."""
    x = np.zeros(VIEW_SIZE, dtype=np.float32)
    n, me = view.players, view.seat
    for c in view.hand:
        x[c.index] = 1.0
    played = VIEW_AT["played"]
    for action in view.history:
        if action.combo is not None:
            base = played + ((action.seat - me) % n) * CARDS
            for c in action.combo.cards:
                x[base + c.index] = 1.0
    unseen = VIEW_AT["unseen"]
    for c in view.unseen_cards:
        x[unseen + c.index] = 1.0
    if view.table is not None:
        table = VIEW_AT["table"]
        for c in view.table.cards:
            x[table + c.index] = 1.0
        x[VIEW_AT["table_kind"] + KIND_INDEX[view.table.kind]] = 1.0
        x[VIEW_AT["table_size"]] = len(view.table.cards) / 13.0
        if view.table_seat is not None:
            x[VIEW_AT["table_seat"] + (view.table_seat - me) % n] = 1.0
    else:
        x[VIEW_AT["leading"]] = 1.0
    for s in range(n):
        r = (s - me) % n
        x[VIEW_AT["counts"] + r * 14 + min(view.counts[s], 13)] = 1.0
        x[VIEW_AT["present"] + r] = 1.0
        if s in view.passed:
            x[VIEW_AT["passed"] + r] = 1.0
        if s in view.finished or s in view.cong:
            x[VIEW_AT["out"] + r] = 1.0
    if view.must_contain is not None:
        x[VIEW_AT["must_contain"]] = 1.0
    x[VIEW_AT["variant"]:VIEW_AT["variant"] + 6] = _variant_bits(view)
    last = VIEW_AT["last_plays"]
    recent = [a for a in view.history[-3:] if a.round_index == view.round_index][::-1]
    for k, action in enumerate(recent):
        base = last + k * (CARDS + 1)
        if action.combo is None:
            x[base + CARDS] = 1.0
        else:
            for c in action.combo.cards:
                x[base + c.index] = 1.0
    plan = judgement.ctx.planner.plan(view.hand)
    x[VIEW_AT["plan"]] = min(plan.cost, 13.0) / 10.0
    x[VIEW_AT["plan"] + 1] = len(plan.groups) / 13.0
    return x


def encode_moves(view: SeatView, moves: Sequence[Sequence[Card] | None], judgement: Judgement) -> Floats:
    """One row of ``MOVE_SIZE`` floats per move (``None`` is the pass)."""
    out = np.zeros((len(moves), MOVE_SIZE), dtype=np.float32)
    hand = [c.index for c in view.hand]
    ctx, chosen = judgement.ctx, judgement.choice
    chosen_set = frozenset(chosen) if chosen is not None else None
    ranks, judge = MOVE_AT["left_ranks"], MOVE_AT["judge"]
    for i, move in enumerate(moves):
        row = out[i]
        rest = ctx.rest(move) if move is not None else ctx.hand
        plan = ctx.planner.plan(rest)
        row[judge + 1] = min(plan.cost, 13.0) / 10.0
        row[judge + 2] = len(plan.groups) / 13.0
        for c in rest:
            row[ranks + c.rank] += 0.25
        if move is None:
            row[MOVE_AT["pass"]] = 1.0
            row[judge] = 1.0 if chosen is None else 0.0
            left = hand
        else:
            row[judge] = 1.0 if chosen_set is not None and frozenset(move) == chosen_set else 0.0
            row[judge + 3] = ctx.beat_chance(move)
            row[judge + 4] = ctx.beat_chance(move, now=True) if view.table is not None else 0.0
            taken = {c.index for c in move}
            for j in taken:
                row[j] = 1.0
            combo = classify(move)
            if combo is not None:
                row[MOVE_AT["kind"] + KIND_INDEX[combo.kind]] = 1.0
                row[MOVE_AT["bomb"]] = 1.0 if combo.kind in (QUAD, PAIR_RUN) else 0.0
                row[MOVE_AT["twos"]] = 1.0 if combo.is_twos else 0.0
            row[MOVE_AT["size"]] = len(move) / 13.0
            left = [j for j in hand if j not in taken]
        for j in left:
            row[MOVE_AT["left"] + j] = 1.0
        row[MOVE_AT["left_count"] + min(len(left), 13)] = 1.0
        row[MOVE_AT["goes_out"]] = 1.0 if not left else 0.0
    return out


def candidates(view: SeatView) -> list[tuple[Card, ...] | None]:
    """What the seat may do: every legal play, and the pass when it is not leading."""
    moves: list[tuple[Card, ...] | None] = list(view.legal_moves)
    if view.table is not None:
        moves.append(None)
    return moves


def encode(view: SeatView, moves: Sequence[Sequence[Card] | None], judgement: Judgement) -> Floats:
    """The network's input for each move: the view's vector beside the move's, one row per move."""
    state = encode_view(view, judgement)
    rows = encode_moves(view, moves, judgement)
    return np.concatenate([np.broadcast_to(state, (len(moves), VIEW_SIZE)), rows], axis=1)
