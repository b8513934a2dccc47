"""A match: consecutive games at one table, the previous winner leading, with running totals."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

from game.engine.checks import check_int
from game.engine.game import Game, new_game
from game.engine.scoring import GameResult
from game.rules.loader import load_rules
from game.rules.variant import Rules

SEED_LIMIT = 2**63  # a seed is an int below this in size (a saved 5,000-digit seed is refused)


class Match:
    """Consecutive games between the same seats; ``totals`` is each seat's running net, in table bets."""

    def __init__(self, rules: Rules, players: int = 4, seed: int | None = None) -> None:
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules (see load_rules), not {type(rules).__name__}")
        check_int("players", players, 2, 4)
        if seed is not None:
            check_int("seed", seed, -SEED_LIMIT, SEED_LIMIT)
        self.rules = rules
        self.players = players
        self.seed = seed if seed is not None else random.randrange(2**31)
        self.results: list[GameResult] = []
        self.totals = [0.0] * players
        self.current: Game | None = None
        #: Each finished game's deal and actions, for saving, as JSON text: a long match's records are small this
        #: way, and nothing the cycle collector walks (a server holding many tables: docs/performance.md).
        self._records: list[str] = []
        self._rebuilt: list[Game] = []  # the finished games ``from_dict`` replayed, until ``finished_games``

    @property
    def games(self) -> list[GameResult]:
        return self.results

    @property
    def previous_winner(self) -> int | None:
        return self.results[-1].winner if self.results else None

    def start_game(self) -> Game:
        """Deal the next game: the first uses the variant's first-lead rule, later ones the previous winner."""
        self.current = self._next_deal()
        return self.current

    def _next_deal(self) -> Game:
        rng = random.Random(f"{self.seed}:{len(self.results)}")
        first = not self.results
        return new_game(self.rules, self.players, rng=rng, leader=self.previous_winner, first_game=first)

    def _take_saved(self, game: Game) -> None:
        """Make a replayed game the current one, if the match's seed could have dealt it (else ValueError)."""
        dealt = self._next_deal()
        number = len(self.results) + 1
        if game.players != self.players:
            raise ValueError(f"game {number} has {game.players} hands in a {self.players}-player match")
        if game.initial_hands != dealt.initial_hands:
            raise ValueError(f"game {number} was not dealt from the match's seed")
        if (game.start_leader, game.first_game, game.to_dict()["must_contain"]) != (
                dealt.start_leader, dealt.first_game, dealt.to_dict()["must_contain"]):
            raise ValueError(f"game {number} does not start the way the match's seed deals it")
        self.current = game

    def finish_game(self, game: Game) -> GameResult:
        """Record a finished game's result in the running totals."""
        if not game.is_over or game.result is None:
            raise ValueError("the game is not over yet")
        if game is not self.current:
            raise ValueError("this game does not belong to the match")
        self.results.append(game.result)
        self._records.append(json.dumps(game.to_dict(), separators=(",", ":")))
        for seat, amount in enumerate(game.result.payments):
            self.totals[seat] += amount
        self.current = None
        return game.result

    def finished_games(self) -> Iterator[Game]:
        """The match's finished games, in order, each over. A match rebuilt by ``from_dict`` hands on the games
        it replayed the first time (then lets them go: a long match has many); the others are replayed from
        their records, each a new ``Game``."""
        rebuilt, self._rebuilt = self._rebuilt, []
        for number, record in enumerate(self._records):
            yield rebuilt[number] if number < len(rebuilt) else Game.from_dict(json.loads(record), self.rules)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly record: seed, the finished games' deals and actions, and the game in progress."""
        return {
            "format": 1,
            "variant": self.rules.id,
            "players": self.players,
            "seed": self.seed,
            "games": [json.loads(record) for record in self._records],
            "current": self.current.to_dict() if self.current else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules | None = None) -> Match:
        """Rebuild a match saved by ``to_dict``; raise ``ValueError`` if it cannot be replayed."""
        try:
            if not isinstance(data, Mapping):
                raise TypeError(f"expected a mapping, not {type(data).__name__}")
            rules = rules or load_rules(str(data["variant"]))
            match = cls(rules, data["players"], data["seed"])
            games = data["games"]
            if not isinstance(games, list):
                raise TypeError("'games' should be a list")
            for saved in games:
                game = Game.from_dict(saved, rules)
                match._take_saved(game)
                match.finish_game(game)
                match._rebuilt.append(game)
            if data.get("current"):
                match._take_saved(Game.from_dict(data["current"], rules))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the saved match cannot be read: {str(exc)[:200]}") from exc
        return match
