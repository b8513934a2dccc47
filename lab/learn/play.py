"""Games for training: whole deals on the engine, each decision of the seats being learned kept as rows.

Two kinds of sample come out of a deal:
- ``Decision``: every candidate's input row and the index of the move made (imitation of a teacher bot);
- with either, the deal's return for the seat that decided (``target``): its payment under the variant's
  scoring in units of ``SCALE`` (about the spread of one deal's payments there), plus ``WIN_BONUS`` for
  going out first.
The learner's own seats choose with the numpy network (``game.ai.learned.network``), trying a random
candidate with chance ``epsilon`` (Deep Monte-Carlo's exploration).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from game.ai.base import Bot
from game.ai.learned.encoding import Judgement, candidates, encode, encode_moves, encode_view, judged
from game.ai.learned.network import Network
from game.ai.normal import NormalBot
from game.engine.cards import Card
from game.engine.game import new_game
from game.engine.view import SeatView
from game.rules import Rules

#: About the standard deviation of one seat's payment a deal among normal bots at four players (150 deals each).
SCALE = {"mien-nam": 16.0, "dem-la": 15.0, "xep-hang": 2.2, "co-dien": 1.4, "co-dien-diem": 5.3}
WIN_BONUS = 0.5
#: Candidates kept per decision for imitation: the move made and at most this many others, drawn at random.
KEEP = 15


@dataclass
class Batch:
    """Rows for the learner: ``rows`` (float32, n × INPUT_SIZE), ``target`` per row; for imitation, ``group``
    (the decision each row belongs to) and ``chosen`` (1 for the move the teacher made)."""

    rows: list[np.ndarray] = field(default_factory=list)
    target: list[float] = field(default_factory=list)
    group: list[int] = field(default_factory=list)
    chosen: list[float] = field(default_factory=list)
    decisions: int = 0

    def extend(self, other: Batch) -> None:
        base = self.decisions
        self.rows += other.rows
        self.target += other.target
        self.group += [g + base for g in other.group]
        self.chosen += other.chosen
        self.decisions += other.decisions


def _index(moves: Sequence[tuple[Card, ...] | None], move: Sequence[Card] | None) -> int:
    """Where the bot's ``move`` is among the candidates (a bot may give a play's cards in another order)."""
    if move is None:
        return moves.index(None)
    want = frozenset(move)
    return next(i for i, m in enumerate(moves) if m is not None and frozenset(m) == want)


def value(rules: Rules, payment: float, won: bool) -> float:
    scale = SCALE.get(rules.id, 10.0)
    return max(-4.0, min(4.0, payment / scale)) + (WIN_BONUS if won else 0.0)


def net_choice(net: Network, view: SeatView, judgement: Judgement, rng: random.Random,
               epsilon: float) -> tuple[int, list[tuple[Card, ...] | None], np.ndarray]:
    moves = candidates(view)
    state, parts = encode_view(view, judgement), encode_moves(view, moves, judgement)
    rows = np.concatenate([np.broadcast_to(state, (len(moves), len(state))), parts], axis=1)
    if len(moves) == 1:
        return 0, moves, rows
    if rng.random() < epsilon:
        return rng.randrange(len(moves)), moves, rows
    scores = net.score_moves(state, parts)
    return int(np.argmax(scores)), moves, rows


def play_deal(rules: Rules, players: int, seed: int, seats: Sequence[Bot | None], net: Network | None,
              epsilon: float, imitate: Sequence[bool]) -> Batch:
    """One deal: seat ``s`` is played by ``seats[s]`` (``None``: the network, with normal's judgement beside
    it). Seats with ``imitate[s]`` (normal bots) give imitation samples; network seats give their chosen
    rows. Returns the rows, targets filled."""
    rng = random.Random(seed)
    judges = [bot if isinstance(bot, NormalBot) else NormalBot(seed + s) for s, bot in enumerate(seats)]
    game = new_game(rules, players=players, seed=seed)
    pending: list[tuple[int, int, int]] = []  # (seat, first row, row count)
    out = Batch()
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        bot = seats[seat]
        if bot is None:
            assert net is not None
            index, moves, rows = net_choice(net, view, judged(judges[seat], view), rng, epsilon)
            move: tuple[Card, ...] | None = moves[index]
            pending.append((seat, len(out.rows), 1))
            out.rows.append(rows[index])
            out.group.append(out.decisions)
            out.chosen.append(1.0)
            out.decisions += 1
        elif imitate[seat]:
            judgement = judged(judges[seat], view)
            move = judgement.choice
            moves = candidates(view)
            made = _index(moves, move)
            others = [i for i in range(len(moves)) if i != made]
            rng.shuffle(others)
            keep = [made, *others[:KEEP]]
            rows = encode(view, [moves[i] for i in keep], judgement)
            pending.append((seat, len(out.rows), len(keep)))
            for k in range(len(keep)):
                out.rows.append(rows[k])
                out.group.append(out.decisions)
                out.chosen.append(1.0 if k == 0 else 0.0)
            out.decisions += 1
        else:
            move = bot.choose(view)
        if move is None:
            game.pass_turn(seat)
        else:
            game.play(move, seat)
    result = game.result
    assert result is not None
    returns = [value(rules, result.payments[s], result.order[0] == s) for s in range(players)]
    out.target = [0.0] * len(out.rows)
    for seat, first, count in pending:
        for r in range(first, first + count):
            out.target[r] = returns[seat]
    return out
