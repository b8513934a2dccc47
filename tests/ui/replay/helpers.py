"""A game as the replay and the review show it."""

from __future__ import annotations

from tests.review.helpers import play_recorded
from ui.replay.shown import ShownGame


def shown_game(variant: str = "mien-nam", seed: int = 5, players: int = 4, actions: int = 12) -> ShownGame:
    """A game normal bots played to its end, of at least ``actions`` actions (the first such seed from
    ``seed``: not an instant win, a game to step through), as the replay and the review show it."""
    played = play_recorded(variant, seed, players, levels="normal")
    while len(played.game.actions) < actions:
        seed += 1
        played = play_recorded(variant, seed, players, levels="normal")
    return ShownGame(played.game.to_dict(), played.game.rules, 0, ("", "Lan", "Minh", "Tuấn")[:players])
