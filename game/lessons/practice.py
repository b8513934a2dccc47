"""Practice games: take back any number of the player's own moves.

Undo never patches the live game. It rebuilds the game from the deal and the actions before the move
taken back (``Game.to_dict`` / ``Game.from_dict``), so the state after an undo is exactly the state that
was there before: hands, table, passes, the history every seat's view is made of, and the chặt already
paid. Bots choose from their view and their seed only, so a bot deciding after an undo sees, and chooses,
exactly what it did the first time.
"""

from __future__ import annotations

from game.engine.game import Game

#: Actions a seat takes itself (a resign is one too: in practice it may be taken back like a move).
OWN_ACTIONS = ("play", "pass", "resign")


def replay_prefix(game: Game, actions: int) -> Game:
    """A new game in the position after the first ``actions`` actions of ``game``, with its rules."""
    if not 0 <= actions <= len(game.actions):
        raise ValueError(f"the game has {len(game.actions)} actions, not {actions}")
    data = game.to_dict()
    data["actions"] = data["actions"][:actions]
    return Game.from_dict(data, game.rules)


class Practice:
    """A game played for practice by ``seat``; ``undo`` goes back to before that seat's last own action."""

    def __init__(self, game: Game, seat: int = 0) -> None:
        if not 0 <= seat < game.players:
            raise ValueError(f"no seat {seat} in a game of {game.players}")
        self.game = game
        self.seat = seat
        self.undone = 0  # how many moves were taken back in this game, for the player's information

    def own_moves(self) -> list[int]:
        """The indices (in ``game.actions``) of this seat's own actions, oldest first."""
        return [i for i, a in enumerate(self.game.actions) if a[0] in OWN_ACTIONS and int(a[1]) == self.seat]

    @property
    def can_undo(self) -> bool:
        return bool(self.own_moves())

    def undo(self) -> Game:
        """Take back this seat's last move and everything after it; return the rebuilt game.

        Raise ``ValueError`` when the seat has made no move yet.
        """
        moves = self.own_moves()
        if not moves:
            raise ValueError("there is no move of yours to take back")
        self.game = replay_prefix(self.game, moves[-1])
        self.undone += 1
        return self.game
