"""The table as the player sees it: every seat's cards, the round's pile and who played each part of it,
the "passed" tags, the finishing places and the human's hand. Pure data; no pygame.

The model follows the engine one event at a time, as the choreographer shows each one, so while a move is
animated it lags the game by design. ``TableModel.from_game`` builds it from a game at any point: a resumed
match looks exactly as it was left, and a replay steps backward by building it from an earlier game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.cards import Card
from game.engine.combos import Combo
from game.engine.events import (
    CardsPlayed,
    Chopped,
    Cong,
    Event,
    GameOver,
    InstantWin,
    Passed,
    PlayerOut,
    Resigned,
    RoundWon,
)  # fmt: skip
from game.engine.game import Game
from ui.table.hand import HandModel


@dataclass(frozen=True)
class Turn:
    """One turn of a round as the table shows it: ``seat`` played ``combo``, or passed (``combo`` is None)."""

    seat: int
    combo: Combo | None

    @property
    def passed(self) -> bool:
        return self.combo is None


@dataclass
class TableModel:
    """What the table shows. ``hands`` holds every seat's cards; which of them are face up is ``face_up``."""

    hands: list[list[Card]]
    human: int | None = None
    pile: list[Turn] = field(default_factory=list)         # the round's plays, oldest first
    round_log: list[Turn] = field(default_factory=list)    # the round's plays and passes, oldest first
    passed: set[int] = field(default_factory=set)          # seats locked out of this round
    places: list[int] = field(default_factory=list)        # seats that went out, in order
    revealed: bool = False                                 # the game ended: every hand face up
    all_face_up: bool = False                              # a replay or a demo shows every hand
    is_over: bool = False
    dealt: list[int] | None = None                         # during the deal: cards each seat has so far
    hand: HandModel = field(default_factory=HandModel)
    chop_net: list[float] = field(default_factory=list)    # each seat's chặt payments settled this game
    #: seats whose cards this table has never seen (a network table): their fans hold stand-ins, distinct cards
    #: nobody has shown, which stay face down until the game shows the real ones (see ``_stand_in_played``)
    unseen: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.chop_net:
            self.chop_net = [0.0] * len(self.hands)
        self._handlers: dict[type[Event], Callable[[Any], None]] = {
            CardsPlayed: self._played,
            Passed: self._passed,
            RoundWon: self._round_won,
            Chopped: self._chopped,
            PlayerOut: self._out,
            Cong: self._nothing,
            InstantWin: self._reveal,
            Resigned: self._nothing,
            GameOver: self._over,
        }

    # -- building ------------------------------------------------------------------------------------
    @classmethod
    def deal(cls, hands: Sequence[Sequence[Card]], human: int | None, all_face_up: bool = False) -> TableModel:
        """A fresh deal, before any card reached a seat (the deal animation counts them in)."""
        model = cls([list(h) for h in hands], human, all_face_up=all_face_up, dealt=[0] * len(hands))
        model.hand = HandModel(hands[human] if human is not None else ())
        return model

    @classmethod
    def from_game(cls, game: Game, human: int | None, all_face_up: bool = False) -> TableModel:
        """The table exactly as ``game`` stands: the round's pile, the passes, the places, the hands. A finished
        game shows its last round as it was left (the engine closes it, but the table, as the game was played,
        never sweeps it: the winning play stays in the centre)."""
        plays = [Turn(seat, combo) for seat, combo in game.round_plays]
        log = [Turn(a.seat, a.combo) for a in game.history if a.round_index == game.round_index]
        passed = set(game.passed)
        if game.is_over and game.resigned is None and game.round_index > 0:
            log = [Turn(a.seat, a.combo) for a in game.history if a.round_index == game.round_index - 1]
            plays = [turn for turn in log if not turn.passed]
            last = {turn.seat: turn for turn in log}  # a pass locks a seat out unless it played again after
            passed = {seat for seat, turn in last.items() if turn.passed}
        model = cls([list(h) for h in game.hands], human, pile=plays, round_log=log, passed=passed,
                    places=list(game.finished), revealed=game.is_over, all_face_up=all_face_up,
                    is_over=game.is_over)  # fmt: skip
        model.hand = HandModel(game.hands[human] if human is not None else ())
        for paid in game.chops:
            model.chop_net[paid.payer] -= paid.amount
            model.chop_net[paid.payee] += paid.amount
        return model

    # -- following the engine ------------------------------------------------------------------------
    def apply(self, event: Event) -> None:
        """Show one engine event; an event the table does not know is an error, never silently skipped."""
        handler = self._handlers.get(type(event))
        if handler is None:
            raise LookupError(f"the table model has no handler for {type(event).__name__}")
        handler(event)

    def _played(self, e: CardsPlayed) -> None:
        held = self.hands[e.seat]
        for card in e.combo.cards:
            if card in held:
                held.remove(card)
            else:
                self._stand_in_played(e.seat, card, e.combo.cards)
        self.pile.append(Turn(e.seat, e.combo))
        self.round_log.append(Turn(e.seat, e.combo))
        self.passed.discard(e.seat)  # a run of four pairs after a pass brings the seat back into the round
        if e.seat == self.human:
            self.hand.set_cards(held)

    def _stand_in_played(self, seat: int, card: Card, played: Sequence[Card]) -> None:
        """``seat`` played ``card`` that its fan does not hold as such: one of its stand-ins becomes that card
        and leaves the fan. Should ``card`` stand in another unseen fan, that fan takes the stand-in instead,
        so no card is ever shown twice."""
        held = self.hands[seat]
        stand_in = next((c for c in reversed(held) if c not in played), None)
        if stand_in is None:
            return
        held.remove(stand_in)
        for other, cards in enumerate(self.hands):
            if other not in (seat, self.human) and card in cards:
                cards[cards.index(card)] = stand_in

    def _show_hands(self, hands: Sequence[Sequence[Card]]) -> None:
        """The game shows ``hands`` face up: a fan of stand-ins turns into the real cards."""
        for seat, hand in enumerate(hands[: self.players]):
            self._show_hand(seat, hand)

    def _show_hand(self, seat: int, cards: Sequence[Card]) -> None:
        """``seat``'s fan becomes ``cards``; a stand-in in another unseen fan that is one of them takes the
        place of one this fan gives up."""
        if seat == self.human or sorted(cards) == sorted(self.hands[seat]):
            self.unseen.discard(seat)
            return
        given = [c for c in self.hands[seat] if c not in cards]
        for card, spare in zip([c for c in cards if c not in self.hands[seat]], given, strict=False):
            for other, held in enumerate(self.hands):
                if other not in (seat, self.human) and card in held:
                    held[held.index(card)] = spare
        self.hands[seat] = list(cards)
        self.unseen.discard(seat)

    def _passed(self, e: Passed) -> None:
        self.passed.add(e.seat)
        self.round_log.append(Turn(e.seat, None))

    def _round_won(self, e: RoundWon) -> None:
        self.pile.clear()
        self.round_log.clear()
        self.passed.clear()

    def _chopped(self, e: Chopped) -> None:
        self.chop_net[e.payer] -= e.amount
        self.chop_net[e.payee] += e.amount

    def _out(self, e: PlayerOut) -> None:
        if e.seat not in self.places:
            self.places.append(e.seat)

    def _reveal(self, e: InstantWin) -> None:
        self.revealed = True
        self._show_hand(e.seat, e.cards)

    def _over(self, e: GameOver) -> None:
        self.revealed = True
        self.is_over = True
        if e.result.hands:
            self._show_hands(e.result.hands)
        self.unseen.clear()

    def _nothing(self, e: Event) -> None:
        """Events that change what is shown only through effects (payments, banners)."""

    # -- questions the painter and the controls ask --------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def top(self) -> Turn | None:
        """The combination to beat and who played it (None when the round is open)."""
        return self.pile[-1] if self.pile else None

    def count(self, seat: int) -> int:
        """Cards shown at ``seat``: during the deal, those dealt so far."""
        return self.dealt[seat] if self.dealt is not None else len(self.hands[seat])

    def face_up(self, seat: int) -> bool:
        return (self.revealed and seat not in self.unseen) or self.all_face_up or seat == self.human

    def shown_faces(self, seat: int) -> list[Card] | None:
        """The cards ``seat``'s fan shows face up, or None while it shows their backs (always during the deal)."""
        return list(self.hands[seat]) if self.face_up(seat) and self.dealt is None else None

    def place(self, seat: int) -> int | None:
        return self.places.index(seat) + 1 if seat in self.places else None
