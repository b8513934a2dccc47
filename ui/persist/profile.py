"""Everything the game keeps for the player, loaded once at start-up: the same path for a launch and a smoke test.

``Profile.load()`` reads the variants (with the player's ``rules.yaml``), the settings, the statistics, the
New match choices and the match save; whatever could not be used is set aside and becomes a ``Notice``.
It then writes the settings, statistics and choices back, so a start-up also proves the folders are writable.
A failed write never stops the game; it becomes a notice too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.match import Match
from game.rules import Catalogue, Rules
from ui.persist import saves
from ui.persist.choices import MatchChoice, load_choice, save_choice
from ui.persist.custom_rules import load_variants
from ui.persist.files import Notice
from ui.persist.paths import Paths
from ui.persist.settings_store import load_settings, save_settings
from ui.persist.stats import Stats, load_stats, save_stats


class Profile:
    def __init__(self, paths: Paths, catalogue: Catalogue, settings: Any, stats: Stats, choice: MatchChoice,
                 saved: saves.SavedMatch | None, notices: list[Notice]) -> None:  # fmt: skip
        self.paths = paths
        self.catalogue = catalogue
        self.settings = settings
        self.stats = stats
        self.choice = choice
        self.saved = saved
        self.notices = notices
        self._write_failed = False

    @classmethod
    def load(cls, paths: Paths | None = None, write_back: bool = True) -> Profile:
        paths = paths or Paths.default()
        notices: list[Notice] = []
        try:
            paths.ensure()
        except OSError as exc:
            notices.append(Notice("notice.write_failed", {"file": str(paths.data), "reason": str(exc)}))
        catalogue, found = load_variants(paths)
        notices += found
        settings, found = load_settings(paths)
        notices += found
        stats, found = load_stats(paths)
        notices += found
        choice, found = load_choice(paths)
        notices += found
        if choice.variant not in catalogue.variants:
            choice = replace(choice, variant=catalogue.default)
        saved, found = saves.load_match(paths, catalogue)
        notices += found
        profile = cls(paths, catalogue, settings, stats, choice, saved, notices)
        if write_back:
            profile.save_settings()
            profile.save_stats()
            profile.remember_choice(choice)
            if saved is not None:
                profile.save_match(saved.choice, saved.match)
        return profile

    # -- writing: never fatal ------------------------------------------------------------------------------
    def _write(self, path: Path, action: Any, *args: Any) -> bool:
        try:
            action(self.paths, *args)
        except (OSError, ValueError) as exc:
            if not self._write_failed:  # one notice is enough; a full disk fails every write
                self.notices.append(Notice("notice.write_failed", {"file": path.name, "reason": str(exc)}))
            self._write_failed = True
            return False
        return True

    def save_settings(self, settings: Any = None) -> None:
        if settings is not None:
            self.settings = settings
        self._write(self.paths.settings_file, save_settings, self.settings)

    def save_stats(self) -> None:
        self._write(self.paths.stats_file, save_stats, self.stats)

    def remember_choice(self, choice: MatchChoice) -> None:
        self.choice = choice
        self._write(self.paths.new_match_file, save_choice, choice)

    # -- the match ---------------------------------------------------------------------------------------
    def rules_for(self, choice: MatchChoice) -> Rules:
        return self.catalogue.load(choice.variant, saves.match_house_rules(choice))

    def new_match(self, choice: MatchChoice, seed: int | None = None) -> Match:
        """Start a match from the New match screen's choices (remembered for next time); saved at once."""
        self.remember_choice(choice)
        match = Match(self.rules_for(choice), choice.players, seed)
        self.save_match(choice, match)
        return match

    def choice_from_flags(self, variant: str | None, opponents: int) -> MatchChoice:
        """The remembered choice with the command line's variant and number of opponents."""
        levels = (tuple(self.choice.opponents) + ("normal",) * 3)[: max(1, min(3, opponents))]
        vid = variant if variant in self.catalogue.variants else self.choice.variant
        return replace(self.choice, variant=vid, opponents=levels)  # type: ignore[arg-type]

    def save_match(self, choice: MatchChoice, match: Match) -> None:
        if self._write(self.paths.save_file, saves.save_match, choice, match):
            self.saved = saves.SavedMatch(choice, match)

    def forget_match(self) -> None:
        self.saved = None
        with contextlib.suppress(OSError):
            saves.delete_saved_match(self.paths)

    @property
    def can_continue(self) -> bool:
        return self.saved is not None

    def record_game(self, choice: MatchChoice, result: Any, events: Iterable[Any] = (), seat: int = 0) -> None:
        """Count a finished game in the statistics and save them."""
        self.stats.record(choice.variant, result, events, seat, choice.table_bet)
        self.save_stats()

    def take_notices(self) -> list[Notice]:
        """The notices not shown yet (each is shown once)."""
        out, self.notices = self.notices, []
        return out
