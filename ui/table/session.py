"""A match at the table: the engine's ``Match``, who sits where, and which seats the computer plays."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.game import Game
from game.match import Match
from game.rules import Rules, load_rules
from ui.table.bots import Chooser, make_opponent

OPPONENT_NAMES = ("Lan", "Minh", "Tuấn", "Hoa", "Bảo", "Mai")


@dataclass
class MatchConfig:
    """How to start a match; the new-match screen fills this in."""

    variant: str | None = None
    opponents: int = 3
    seed: int | None = None
    demo: bool = False
    levels: tuple[str, ...] = ("normal", "normal", "normal")
    names: tuple[str, ...] = field(default=())
    table_bet: int | None = None  # set for a match from the New match screen: the table then shows chips
    starting_chips: int | None = None


class Session:
    """The match in progress and its seats. Seat 0 is the human (also AI-played in demo mode)."""

    def __init__(self, config: MatchConfig, rules: Rules | None = None, match: Match | None = None) -> None:
        self.config = config
        self.rules = rules or load_rules(config.variant)
        players = max(2, min(4, config.opponents + 1))
        self.match = match or Match(self.rules, players=players, seed=config.seed)
        self.players = self.match.players
        self.human: int | None = None if config.demo else 0
        names = list(config.names) or [""] + [OPPONENT_NAMES[(i - 1) % len(OPPONENT_NAMES)]
                                              for i in range(1, self.players)]
        self.names = names[: self.players]
        base = self.match.seed
        self.bots: dict[int, Chooser] = {}
        for seat in range(self.players):
            if seat == self.human:
                continue
            level = config.levels[(seat - 1) % len(config.levels)] if config.levels else "normal"
            self.bots[seat] = make_opponent(level, seed=base * 7 + seat)
        self.game: Game = self.match.current or self.match.start_game()

    @property
    def totals(self) -> list[float]:
        return list(self.match.totals)

    @property
    def has_chips(self) -> bool:
        return self.config.table_bet is not None and self.config.starting_chips is not None

    def chips(self, seat: int) -> float | None:
        """The seat's chips: starting chips plus its running total times the bet (``None`` without stakes)."""
        if not self.has_chips:
            return None
        return self.config.starting_chips + self.match.totals[seat] * self.config.table_bet  # type: ignore[operator]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def finish(self) -> None:
        """Record the finished game in the match totals (once)."""
        if self.game.is_over and self.match.current is self.game:
            self.match.finish_game(self.game)

    def next_game(self) -> Game:
        self.finish()
        self.game = self.match.start_game()
        return self.game
