"""The practice hint, thought out the way an opponent's move is: the strongest level searches in the worker
process (``game.table.bots.BotRunner``, a thread when there is none) so the window never waits, and the move
it picks is then explained from the hand's plan (``game.review.advice.explain``), which is quick.

The expert is the level the coach reviews with, so a hint and a later review agree. Its search stops on its
work budget; its time limit (3 s) is only a safety net, so a hint is the same on a busy machine (docs/ai.md,
"Work, not the clock").
"""

from __future__ import annotations

from collections.abc import Callable

from game.ai import make_bot
from game.engine.game import Game
from game.review.advice import Advice, advise, explain
from game.table.bots import BotRunner, Chooser

HINT_LEVEL = "expert"
HINT_SEED = 0  # a hint repeats for the same position


class HintJob:
    """One hint at a time: ``ask`` starts it, ``answer`` gives it once ready, ``cancel`` forgets it."""

    def __init__(self, level: str = HINT_LEVEL, runner: BotRunner | None = None,
                 bot: Callable[[], Chooser] | None = None) -> None:  # fmt: skip
        self.level = level
        self.runner = runner or BotRunner()
        self.bot = bot or (lambda: make_bot(level, seed=HINT_SEED))
        self.asked: tuple[Game, int, int] | None = None  # the game, its action count and the seat asked for

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def ask(self, game: Game, seat: int) -> None:
        """Start thinking about ``seat``'s move in ``game`` as it stands now."""
        self.asked = (game, len(game.actions), seat)
        self.runner.start(self.bot(), game.view(seat))

    def cancel(self) -> None:
        if self.asked is not None:
            self.runner.cancel()
            self.asked = None

    def answer(self) -> Advice | None:
        """The advice once the search has answered; ``None`` while it thinks, or when the game has moved on
        since it was asked (a hint is for the position it was asked in)."""
        if self.asked is None or not self.runner.done:
            return None
        game, moves, seat = self.asked
        self.asked = None
        view = game.view(seat)
        if len(game.actions) != moves or not view.my_turn:
            return None
        if self.runner.error is not None:  # the search failed: the plan still gives a hint, and says why
            return advise(view, "normal")
        try:
            return explain(view, self.runner.result, self.level, HINT_SEED)
        except ValueError:
            return advise(view, "normal")
