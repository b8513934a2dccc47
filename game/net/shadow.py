"""A client's copy of a game it does not own: the position of a seat's view, rebuilt as an engine ``Game``.

A client knows its own hand, the others' card counts, the table and the history, never the others' cards.
``shadow_game`` fills each other hand with stand-ins (distinct cards the seat has not seen, to the right
count) so that the engine answers every question the table asks of the seat's position — its legal moves,
why a play is refused, the hint — exactly as the server's game would. The stand-ins are never shown: the
table keeps them face down and the game's end brings the true game (``Game.from_dict`` of the record).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.cards import Card
from game.engine.events import Chopped, Event
from game.engine.game import Game
from game.engine.scoring import Transfer
from game.engine.view import SeatView


def stand_in_hands(view: SeatView) -> list[list[Card]]:
    """The seat's own hand, and for every other seat as many cards as it holds, none of them seen by the seat
    (in the others' hands or never dealt), none twice."""
    unseen = sorted(view.unseen_cards)
    hands: list[list[Card]] = []
    taken = 0
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        count = view.counts[seat]
        if taken + count > len(unseen):
            raise ValueError(f"seat {seat} holds {count} cards but only {len(unseen) - taken} are unseen")
        hands.append(unseen[taken : taken + count])
        taken += count
    return hands


def shadow_game(view: SeatView, log: Iterable[Event] = ()) -> Game:
    """The position of ``view`` as a ``Game`` (the others' hands are stand-ins). ``log`` is every event of the
    game so far as the server sent them: the table counts turns by it and shows the chặt paid from it."""
    game = Game.from_view(view, stand_in_hands(view))
    game.log = list(log)
    game.chops = [Transfer(e.payer, e.payee, e.amount, "chop") for e in game.log if isinstance(e, Chopped)]
    game.actions = [["play", a.seat, " ".join(c.ascii for c in a.combo.cards)] if a.combo else ["pass", a.seat]
                    for a in view.history]  # fmt: skip
    return game
