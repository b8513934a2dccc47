"""What happened: each state-changing call returns a list of these for a UI to animate."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.engine.cards import Card
from game.engine.combos import Combo

if TYPE_CHECKING:
    from game.engine.scoring import GameResult


@dataclass(frozen=True)
class Event:
    @property
    def kind(self) -> str:
        return _KIND_NAMES[type(self).__name__]


@dataclass(frozen=True)
class InstantWin(Event):
    """A player won on the deal (tới trắng) with ``pattern``; ``cards`` are the hand shown."""

    seat: int
    pattern: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class CardsPlayed(Event):
    """``seat`` played ``combo``; ``chop`` is true when it bombed a 2 or a bomb (chặt)."""

    seat: int
    combo: Combo
    chop: bool = False
    cards_left: int = 0


@dataclass(frozen=True)
class Passed(Event):
    seat: int


@dataclass(frozen=True)
class RoundWon(Event):
    """The round closed: ``seat`` played last; ``leader`` leads the next round (differs under hưởng sái)."""

    seat: int
    leader: int


@dataclass(frozen=True)
class Chopped(Event):
    """A chặt chain was settled when its round closed: ``payer`` pays ``payee`` ``amount`` table bets."""

    payer: int
    payee: int
    amount: float
    chain: tuple[Combo, ...] = ()


@dataclass(frozen=True)
class PlayerOut(Event):
    """``seat`` emptied its hand and finished in ``place`` (1 = first)."""

    seat: int
    place: int


@dataclass(frozen=True)
class Cong(Event):
    """These seats had played no card when the first player went out (cóng / cháy)."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Resigned(Event):
    seat: int


@dataclass(frozen=True)
class GameOver(Event):
    result: GameResult = field(repr=False)


_KIND_NAMES = {
    "InstantWin": "instant_win",
    "CardsPlayed": "played",
    "Passed": "passed",
    "RoundWon": "round_won",
    "Chopped": "chopped",
    "PlayerOut": "player_out",
    "Cong": "cong",
    "Resigned": "resigned",
    "GameOver": "game_over",
}
