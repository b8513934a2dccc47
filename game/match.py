"""A match: consecutive games at one table, the previous winner leading, with running totals."""

from __future__ import annotations

import random
from typing import Any

from game.game import Game, new_game
from game.rules import Rules
from game.scoring import GameResult


class Match:
    """Consecutive games between the same seats; ``totals`` is each seat's running net, in table bets."""

    def __init__(self, rules: Rules, players: int = 4, seed: int | None = None) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"a match needs 2 to 4 players, not {players}")
        self.rules = rules
        self.players = players
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.results: list[GameResult] = []
        self.totals = [0.0] * players
        self.current: Game | None = None
        self._records: list[dict[str, Any]] = []  # each finished game's deal and actions, for saving

    @property
    def games(self) -> list[GameResult]:
        return self.results

    @property
    def previous_winner(self) -> int | None:
        return self.results[-1].winner if self.results else None

    def start_game(self) -> Game:
        """Deal the next game: the first uses the variant's first-lead rule, later ones the previous winner."""
        rng = random.Random(f"{self.seed}:{len(self.results)}")
        first = not self.results
        self.current = new_game(self.rules, self.players, rng=rng, leader=self.previous_winner, first_game=first)
        return self.current

    def finish_game(self, game: Game) -> GameResult:
        """Record a finished game's result in the running totals."""
        if not game.is_over or game.result is None:
            raise ValueError("the game is not over yet")
        if game is not self.current:
            raise ValueError("this game does not belong to the match")
        self.results.append(game.result)
        self._records.append(game.to_dict())
        for seat, amount in enumerate(game.result.payments):
            self.totals[seat] += amount
        self.current = None
        return game.result

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly record: seed, the finished games' deals and actions, and the game in progress."""
        return {
            "format": 1,
            "variant": self.rules.id,
            "players": self.players,
            "seed": self.seed,
            "games": list(self._records),
            "current": self.current.to_dict() if self.current else None,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: Rules | None = None) -> Match:
        """Rebuild a match saved by ``to_dict``; raise ``ValueError`` if it cannot be replayed."""
        from game.rules import load_rules

        try:
            rules = rules or load_rules(str(data["variant"]))
            match = cls(rules, int(data["players"]), int(data["seed"]))
            for saved in data["games"]:
                game = Game.from_dict(saved, rules)
                match.current = game
                match.finish_game(game)
            if data.get("current"):
                match.current = Game.from_dict(data["current"], rules)
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the saved match cannot be read: {exc}") from exc
        return match
