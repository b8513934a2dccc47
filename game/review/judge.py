"""The one judge of a position, shared by the coach and every hint: the strongest level's bot, seeded and
thinking to its work budget (``duplicate.steady_bot``), and the coach's grade (``grade.grade``) of that bot's
choice against normal's next favourites, at the coach's work.

The hint's move is the coach's best option for the position (``best``). The coach, grading the hinted move
later, races the same candidates (the hint's move is one of them, the strongest bot's choice another, normal's
next favourites the rest) on the same sampled deals (seeded from the view alone), so it finds no better move
beyond its own noise: the hint and the review agree. Everything is seeded from the view and ``SEED``, so the
same position always gets the same hint.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.ai import LEVELS
from game.ai.base import Bot, Move
from game.engine.view import SeatView
from game.review.duplicate import SEED, steady_bot
from game.review.grade import WORK, Cancelled, Grade, grade_found


def strongest_level() -> str:
    """The strongest bot level this version has (``expert`` where it exists, else ``hard``)."""
    return "expert" if "expert" in LEVELS else "hard"


def judge_bot(level: str | None = None, **options: Any) -> Bot:
    """The judge's bot: the strongest level (or ``level``), seeded with ``SEED``, stopping on its work alone."""
    return steady_bot(level or strongest_level(), SEED, **options)


def judge(view: SeatView, levels: Sequence[str | None] = (), work: int = WORK,
          cancel: Callable[[], bool] | None = None) -> Grade:  # fmt: skip
    """The coach's grade of the judge bot's own choice in ``view`` (``levels``: the seats' bot levels, as the
    coach gets them from the record); its ``best`` is the best move the coach knows here."""
    bot = judge_bot()
    found = bot.choose(view)
    if cancel is not None and cancel():
        raise Cancelled
    move = tuple(found) if found else None
    return grade_found(view, move, move, getattr(bot, "inference_tries", 8), work, cancel, levels)


class Judge:
    """A chooser for ``game.table.bots.BotRunner`` (picklable, for the worker process): the coach's best move.

    It can stop part-way (``stoppable``: the runner hands it a ``stop`` check, true once nobody wants the
    answer, and its grade gives up at the next deal); ``report`` holds how many deals the grade played out."""

    stoppable = True

    def __init__(self, levels: Sequence[str | None] = (), work: int = WORK) -> None:
        self.levels = tuple(levels)
        self.work = work
        self.report: dict[str, int] | None = None

    def choose(self, view: SeatView, stop: Callable[[], bool] | None = None) -> Move | None:
        try:
            grade = judge(view, self.levels, self.work, stop)
        except Cancelled:
            return None  # nobody waits for this answer
        self.report = {"deals": grade.deals}
        return grade.best
