"""What every bot shares: the ``choose(view)`` interface and a random stream fixed by seed and position."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.engine.cards import Card
from game.engine.view import SeatView

Move = tuple[Card, ...]


class Bot:
    """A computer player. ``choose`` sees only a ``SeatView`` and returns the cards to play, or ``None`` to pass.

    The choice is a pure function of the seed and the view: each decision draws from a random stream
    seeded by both, so replaying a game, or asking twice, gives the same answer.
    """

    level = "bot"
    #: Whether ``deal_over`` learns anything: a resumed match shows its finished deals again only to a bot
    #: that does.
    remembers = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def rng_for(self, view: SeatView) -> random.Random:
        """A random stream for this decision, from the seed and what the seat can see (ints hash stably)."""
        key = (self.seed, view.seat, len(view.history), tuple(c.index for c in view.hand))
        return random.Random(hash(key) & 0xFFFFFFFFFFFF)

    def choose(self, view: SeatView) -> Move | None:
        raise NotImplementedError

    def deal_over(self, view: SeatView, shown: Sequence[Sequence[Card]]) -> None:
        """A deal of the match has ended: ``view`` is this seat's last view of it and ``shown`` every seat's
        cards left, turned face up for all to see. A bot that learns its opponents over a match reads them
        here; by default it remembers nothing."""

    def meet(self, levels: Sequence[str | None]) -> None:
        """Who sits at the table, by seat, as New match shows it: each computer player's level, ``None`` for a
        person (whose strength nobody knows). A bot that pictures its opponents uses it; by default it does not."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


def can_pass(view: SeatView) -> bool:
    """A seat may pass whenever it is not leading."""
    return view.table is not None


def lowest_key(move: Sequence[Card]) -> tuple[int, int]:
    """The greedy order: the play whose top card is lowest, then the one with fewer cards."""
    return (max(c.index for c in move), len(move))


def opponents(view: SeatView) -> list[int]:
    """Seats still playing other than this one."""
    gone = set(view.finished) | set(view.cong)
    return [s for s in range(view.players) if s != view.seat and s not in gone and view.counts[s] > 0]
