"""The New match screen's last choices (``game.table.choice.MatchChoice``), remembered in ``new_match.json``
(format 1)."""

from __future__ import annotations

from game.table.choice import MatchChoice
from ui.persist.files import Notice
from ui.persist.paths import Paths
from ui.persist.settings_store import load_record, save_record

KIND = "new-match"
FORMAT = 1


def load_choice(paths: Paths) -> tuple[MatchChoice, list[Notice]]:
    return load_record(paths.new_match_file, KIND, FORMAT, MatchChoice)


def save_choice(paths: Paths, choice: MatchChoice) -> None:
    save_record(paths.new_match_file, KIND, FORMAT, choice)
