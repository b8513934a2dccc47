"""What one seat may know about a game, and the history entries it is made of."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.engine.cards import DECK, Card
from game.engine.combos import Combo
from game.rules.variant import Rules


@dataclass(frozen=True)
class Action:
    """One step of the game's history: ``combo`` is ``None`` for a pass."""

    seat: int
    combo: Combo | None
    table_before: Combo | None
    round_index: int


@dataclass(frozen=True)
class SeatView:
    """What one seat may know. It holds no reference to the game or to other hands."""

    seat: int
    players: int
    rules: Rules
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    table: Combo | None
    table_seat: int | None
    current_player: int
    leader: int
    round_index: int
    passed: frozenset[int]
    finished: tuple[int, ...]
    cong: tuple[int, ...]
    round_plays: tuple[tuple[int, Combo], ...]
    history: tuple[Action, ...]
    played_cards: frozenset[Card]
    first_game: bool
    must_contain: Card | None
    is_over: bool
    legal_moves: tuple[tuple[Card, ...], ...]

    @property
    def my_turn(self) -> bool:
        return not self.is_over and self.current_player == self.seat

    @property
    def unseen_cards(self) -> frozenset[Card]:
        """Cards this seat has not seen: in other hands or never dealt."""
        return frozenset(DECK) - self.played_cards - frozenset(self.hand)


class Game(Protocol):
    """What a seat's view is made from (``game.engine.game.Game`` is one)."""

    rules: Rules
    players: int
    hands: list[list[Card]]
    table: Combo | None
    table_seat: int | None
    current_player: int
    round_leader: int
    round_index: int
    passed: set[int]
    finished: list[int]
    cong: list[int]
    round_plays: list[tuple[int, Combo]]
    history: list[Action]
    first_game: bool
    must_contain: Card | None
    is_over: bool

    def legal_moves(self, seat: int | None = None) -> list[tuple[Card, ...]]: ...


def seat_view(game: Game, seat: int) -> SeatView:
    """What ``seat`` may know of ``game``: its own hand, the others' card counts, the table and the history."""
    played = frozenset(c for a in game.history if a.combo for c in a.combo.cards)
    return SeatView(
        seat=seat,
        players=game.players,
        rules=game.rules,
        hand=tuple(game.hands[seat]),
        counts=tuple(len(h) for h in game.hands),
        table=game.table,
        table_seat=game.table_seat,
        current_player=game.current_player,
        leader=game.round_leader,
        round_index=game.round_index,
        passed=frozenset(game.passed),
        finished=tuple(game.finished),
        cong=tuple(game.cong),
        round_plays=tuple(game.round_plays),
        history=tuple(game.history),
        played_cards=played,
        first_game=game.first_game,
        must_contain=game.must_contain,
        is_over=game.is_over,
        legal_moves=tuple(game.legal_moves(seat)),
    )
