"""What a match is started with: the variant, the opponents' levels, the bet and the starting chips."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

#: Master (``game.ai.master``) is not offered: its network is not yet stronger than hard (docs/ai.md).
DIFFICULTIES = ("easy", "normal", "hard", "expert")
TABLE_BETS = (1, 2, 5, 10, 20, 50, 100)
STARTING_CHIPS = (100, 200, 500, 1000, 2000, 5000)

Difficulty = Literal["easy", "normal", "hard", "expert"]


@dataclass
class MatchChoice:
    """Everything the New match screen asks; ``house_rules`` maps a variant id to its rule overrides."""

    variant: str = ""  # empty: the catalogue's default
    opponents: tuple[Difficulty, ...] = ("normal", "normal", "normal")
    table_bet: int = field(default=1, metadata={"choices": TABLE_BETS})
    starting_chips: int = field(default=1000, metadata={"choices": STARTING_CHIPS})
    house_rules: dict[str, dict[str, str | bool]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not 1 <= len(self.opponents) <= 3:
            raise ValueError("one to three opponents")

    @property
    def players(self) -> int:
        return len(self.opponents) + 1
