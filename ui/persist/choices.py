"""The New match screen's last choices, remembered in ``new_match.json`` (format 1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ui.persist.files import Notice
from ui.persist.paths import Paths
from ui.persist.settings_store import load_record, save_record

KIND = "new-match"
FORMAT = 1
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


def load_choice(paths: Paths) -> tuple[MatchChoice, list[Notice]]:
    return load_record(paths.new_match_file, KIND, FORMAT, MatchChoice)


def save_choice(paths: Paths, choice: MatchChoice) -> None:
    save_record(paths.new_match_file, KIND, FORMAT, choice)
