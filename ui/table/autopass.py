"""Passing for the player (a setting, off by default) when nothing in the hand can beat the table.

Never when the player could play: the engine's ``legal_moves`` must be empty. The pass waits a short,
visible moment first, while the status line says why (``Controls`` words it), so the turn is seen.
"""

from __future__ import annotations

from ui.table.controls import TurnState

AUTO_PASS_SECONDS = 1.2  # at normal animation speed


class AutoPass:
    """Counts down once per turn of the player's that nothing can answer; ``due`` says when to pass."""

    def __init__(self) -> None:
        self.turn: int | None = None  # the turn (the game log's length) being waited out
        self.left = 0.0
        self._checked: tuple[int, int] | None = None  # (turn, seat) last looked at, and what it showed
        self._applies = False

    @property
    def pending(self) -> bool:
        """A pass is coming: the scene keeps its frames running until it is made."""
        return self.turn is not None

    def applies(self, state: TurnState) -> bool:
        """The setting is on, it is the player's turn to answer a play, and no legal move exists."""
        g, human = state.game, state.model.human
        if not (state.auto_pass and state.mine and human is not None and g.table is not None):
            return False
        key = (len(g.log), g.current_player)
        if self._checked != key:  # legal_moves once a turn, not once a frame
            self._checked, self._applies = key, not g.legal_moves(human)
        return self._applies

    def due(self, state: TurnState, dt: float) -> bool:
        """Advance the countdown by ``dt`` seconds; True once, when the player should pass now."""
        if not self.applies(state):
            self.turn = None
            return False
        turn = len(state.game.log)
        if self.turn != turn:
            self.turn, self.left = turn, AUTO_PASS_SECONDS
            return False
        self.left -= dt
        if self.left > 0:
            return False
        self.turn = None
        return True
