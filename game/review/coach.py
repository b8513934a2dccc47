"""The coach: grade every decision one seat took in a recorded game, name the costliest, and play the deal again
with the strongest bot in that seat. See ``grade`` for how one decision is graded."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai.base import Bot
from game.review.duplicate import Duplicate, play_duplicate
from game.review.grade import WORK, Cancelled, Grade, grade
from game.review.judge import judge_bot, strongest_level
from game.review.reasons import caught_holding, explain
from game.review.replay import Replay
from game.rules import Rules

#: How many findings a review names at most.
TOP = 3

Progress = Callable[[float], None]


@dataclass(frozen=True)
class Decision:
    """One of the seat's decisions: the replay step it was taken at (0-based action number) and its grade."""

    step: int
    grade: Grade


@dataclass(frozen=True)
class Finding:
    """A costly decision: where (``step``), why (``code`` and ``fields``, see ``reasons``) and its cost in bets."""

    step: int
    code: str
    cost: float
    fields: Mapping[str, Any] = field(default_factory=dict)
    grade: Grade | None = None


@dataclass(frozen=True)
class Review:
    seat: int
    level: str
    variant: str
    decisions: tuple[Decision, ...]
    findings: tuple[Finding, ...]
    duplicate: Duplicate | None
    seconds: float


def review(record: Mapping[str, Any], seat: int = 0, *, rules: Rules | None = None,
           bots: Sequence[tuple[str, int] | None] = (), level: str | None = None, work: int = WORK,
           duplicate: bool = True, progress: Progress | None = None, cancel: Callable[[], bool] | None = None,
           bot_options: Mapping[str, Any] | None = None) -> Review:  # fmt: skip
    """Review ``seat``'s play in the recorded game ``record`` (``Game.to_dict()``).

    ``bots`` are the opponents as recorded (level and seed per seat) for the duplicate game; ``progress`` is
    called with the fraction done, ``cancel`` is polled often and a true answer raises ``Cancelled``.
    """
    started = time.perf_counter()
    replay = Replay(record, rules)
    if not 0 <= seat < replay.players:
        raise ValueError(f"no seat {seat} in a game of {replay.players}")
    level = level or strongest_level()
    options = dict(bot_options or {})
    strongest: Bot = judge_bot(level, **options)  # the judge the hints use (game/review/judge.py)
    steps = replay.decisions(seat)
    dup_moves = len(replay.steps) if duplicate else 0
    total = max(1, len(steps) * 4 + dup_moves)
    done = 0

    def tick(amount: int) -> None:
        nonlocal done
        if cancel is not None and cancel():
            raise Cancelled
        done += amount
        if progress is not None:
            progress(min(1.0, done / total))

    levels = [spec[0].strip().lower() if spec else None for spec in bots]
    decisions: list[Decision] = []
    for step in steps:
        view = replay.game_at(step.index).view(seat)
        chosen = step.cards if step.kind == "play" else None
        decisions.append(Decision(step.index, grade(view, chosen, strongest, work, cancel, levels)))
        tick(4)
    findings = _findings(replay, seat, decisions)
    dup = None
    if duplicate and steps and replay.final.is_over:  # a game cut short: what was played is graded, no rematch
        dup = play_duplicate(record, replay.rules, seat, judge_bot(level, **options), level, bots,
                             lambda: tick(1))  # fmt: skip
    if progress is not None:
        progress(1.0)
    return Review(seat, level, replay.rules.id, tuple(decisions), findings, dup, time.perf_counter() - started)


def _findings(replay: Replay, seat: int, decisions: list[Decision]) -> tuple[Finding, ...]:
    """The costliest decisions (clearly worse than the best option), and 2s caught in the hand at the end."""
    found: list[Finding] = []
    for d in decisions:
        g = d.grade
        if g.forced or not g.significant:
            continue
        view = replay.game_at(d.step).view(seat)
        code, fields = explain(view, g.chosen, g.best)
        found.append(Finding(d.step, code, g.loss, fields, g))
    result = replay.final.result
    if result is not None and replay.final.resigned is None:
        twos, cost = caught_holding(replay.rules, result, seat, replay.final.hands[seat])
        step = last_chance(replay, seat, twos)
        if twos and cost > 0 and step is not None and all(f.step != step for f in found):
            found.append(Finding(step, "kept_to_end", cost, {"cards": twos, "amount": cost}))
    found.sort(key=lambda f: -f.cost)
    return tuple(found[:TOP])


def last_chance(replay: Replay, seat: int, cards: Sequence[Any]) -> int | None:
    """The last decision at which ``seat`` could have played one of ``cards``."""
    wanted = set(cards)
    for step in reversed(replay.decisions(seat)):
        legal = replay.game_at(step.index).legal_moves(seat)
        if any(wanted & set(m) for m in legal):
            return step.index
    return None
