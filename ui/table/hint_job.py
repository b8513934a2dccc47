"""The hint (the table's H and Shift+H, practice's too): the coach's best move for the position
(``game.review.judge``, the one judge the coach grades with), thought out in the worker process
(``game.table.bots.BotRunner``, a thread when there is none) so the window never waits, then explained from the
hand's plan (``game.review.advice.explain``), which is quick. A hint dropped before it is ready (the player
moved, or took a move back) is stopped in the worker, so it never holds up the opponents' next choice.

The judge stops on its work, never on the clock, and is seeded from the position, so a hint is the same on a
busy machine and the same every time it is asked (docs/ai.md, "The hint and the coach use the same judge").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.game import Game
from game.review.advice import Advice, advise, explain
from game.review.judge import Judge, strongest_level
from game.table.bots import BotRunner, Chooser

HINT_LEVEL = strongest_level()  # whose plan explains the hint: the judge's level
HINT_SEED = 0


class HintJob:
    """One hint at a time: ``ask`` starts it, ``answer`` gives it once ready, ``cancel`` forgets it.

    A hint answers only the position it was asked for: the very game object, its action count and the seat
    (a take-back rebuilds the game as a new object, so a hint asked before it is never shown after it)."""

    def __init__(self, runner: BotRunner | None = None,
                 bot: Callable[[Sequence[str | None]], Chooser] | None = None) -> None:  # fmt: skip
        self.level = HINT_LEVEL
        self.runner = runner or BotRunner()
        self.bot = bot or Judge  # made from the seats' levels, as the coach gets them from the record
        self.asked: tuple[Game, int, int] | None = None  # the game, its action count and the seat asked for

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def ask(self, game: Game, seat: int, levels: Sequence[str | None] = ()) -> None:
        """Start thinking about ``seat``'s move in ``game`` as it stands now; ``levels``: each seat's bot level
        (``None`` for a person), so the judge pictures the table as the coach will."""
        self.asked = (game, len(game.actions), seat)
        self.runner.start(self.bot(levels), game.view(seat))

    def cancel(self) -> None:
        if self.asked is not None:
            self.runner.cancel()
            self.asked = None

    def answers(self, game: Game) -> bool:
        """Whether the hint being thought out is for ``game`` as it stands now."""
        return self.asked is not None and self.asked[0] is game and self.asked[1] == len(game.actions)

    def answer(self, game: Game) -> Advice | None:
        """The advice once the search has answered, if it is for ``game`` as it stands now; ``None`` while it
        thinks. A hint for another position (the game moved on, or was taken back) is dropped."""
        if self.asked is None:
            return None
        if not self.answers(game):
            self.cancel()
            return None
        if not self.runner.done:
            return None
        seat = self.asked[2]
        self.asked = None
        view = game.view(seat)
        if not view.my_turn:
            return None
        move = self.runner.result
        if self.runner.error is not None or (move is None and view.table is None):
            return advise(view, "normal")  # the search failed (or would not lead): the plan still gives a hint
        deals = (self.runner.report or {}).get("deals")
        try:
            return explain(view, move, self.level, HINT_SEED, deals if isinstance(deals, int) else None)
        except ValueError:
            return advise(view, "normal")
