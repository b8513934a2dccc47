"""Everything the game keeps for the player, loaded once at start-up: the same path for a launch and a smoke test.

``Profile.load()`` reads the variants (with the player's ``rules.yaml``), the settings, the statistics, the
New match choices and the match save; whatever could not be used is set aside and becomes a ``Notice``.
It then writes the settings, statistics and choices back, so a start-up also proves the folders are writable.
A failed write never stops the game; it becomes a notice too.

The match save after each move goes through a background writer (``save_match(..., wait=False)``): the
snapshot is taken here on the UI thread, the file is written on the writer's thread. ``close()`` (called when
the app exits) writes whatever is still pending.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Hashable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.engine.match import Match
from game.records.counted import Counted, new_match_id
from game.records.history import GameEntry
from game.records.match_save import SavedMatch, match_house_rules, match_snapshot
from game.rules import Catalogue, Rules, RulesError
from game.safe_file import LeftAlone, problem_code
from game.table.choice import MatchChoice
from ui.persist import saves
from ui.persist.choices import load_choice, save_choice
from ui.persist.completion import complete
from ui.persist.custom_rules import load_variants
from ui.persist.files import Notice, remove_stale_temp_files
from ui.persist.history import HistoryStore
from ui.persist.home import why_not_saving
from ui.persist.paths import Paths
from ui.persist.settings_store import load_settings, save_settings
from ui.persist.stats import Stats, load_stats, save_stats
from ui.persist.writer import BackgroundWriter

log = logging.getLogger("tienlen.profile")


class Profile:
    def __init__(self, paths: Paths, catalogue: Catalogue, settings: Any, stats: Stats, choice: MatchChoice,
                 saved: SavedMatch | None, notices: list[Notice]) -> None:  # fmt: skip
        self.paths = paths
        self.catalogue = catalogue
        self.settings = settings
        self.stats = stats
        self.choice = choice
        self.saved = saved
        self.notices = notices
        self._write_failed = False
        self._lock = threading.Lock()  # notices may come from the writer thread
        self.writer = BackgroundWriter(on_error=self._background_failed)
        self.history = HistoryStore.of(paths)  # read on first use (on the writer thread, when a game is kept)
        self._kept_games = 0
        self.can_save = True  # False when the folders cannot be written at all: every write is skipped
        #: the saved match's id, which the statistics and the history record with each of its games they take in
        self.match_id = (saved.match_id if saved is not None else "") or new_match_id()

    @classmethod
    def load(cls, paths: Paths | None = None, write_back: bool = True) -> Profile:
        paths = paths or Paths.default()
        notices: list[Notice] = []
        problem, found = why_not_saving(paths)  # a home that is a file, a read-only one...: play on, unsaved
        notices += found
        for folder in (paths.config, paths.data):
            for tmp in remove_stale_temp_files(folder):
                log.info("removed %s, left by a game that stopped while writing", tmp)
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
        choice, found = _usable_house_rules(choice, catalogue)
        notices += found
        saved, found = saves.load_match(paths, catalogue)
        notices += found
        profile = cls(paths, catalogue, settings, stats, choice, saved, notices)
        profile.can_save = not problem
        if write_back:
            body = match_snapshot(saved.choice, saved.match, profile.match_id) if saved is not None else None
            if saved is not None and body is not None and profile.can_save:  # a game ended as the game stopped
                complete(profile, saved, body["match"])
            profile.save_settings()
            profile.save_stats()
            profile.remember_choice(choice)
            if body is not None:
                profile._save_snapshot(body)
        return profile

    # -- writing: never fatal ------------------------------------------------------------------------------
    def _write(self, path: Path, action: Any, *args: Any) -> bool:
        if not self.can_save:
            return False
        try:
            action(self.paths, *args)
        except (OSError, ValueError) as exc:
            self._failed(path, exc)
            return False
        return True

    def _failed(self, path: Path, exc: BaseException) -> None:
        if isinstance(exc, LeftAlone):  # a file that could not be read: the player was told at start-up
            log.info("%s is left as it is: not written", path)
            return
        log.warning("could not write %s: %s", path, exc)
        with self._lock:
            if not self._write_failed:  # one notice is enough; a full disk fails every write
                self.notices.append(Notice("notice.write_failed", {"file": path.name, "why": problem_code(exc)}))
            self._write_failed = True

    def _background_failed(self, key: Hashable, exc: BaseException) -> None:
        self._failed(Path(str(key)), exc)

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
        return self.catalogue.load(choice.variant, match_house_rules(choice))

    def new_match(self, choice: MatchChoice, seed: int | None = None) -> Match:
        """Start a match from the New match screen's choices (remembered for next time); saved at once."""
        self.remember_choice(choice)
        match = Match(self.rules_for(choice), choice.players, seed)
        self.match_id = new_match_id()
        self.save_match(choice, match)
        return match

    def choice_from_flags(self, variant: str | None, opponents: int) -> MatchChoice:
        """The remembered choice with the command line's variant and number of opponents."""
        levels = (tuple(self.choice.opponents) + ("normal",) * 3)[: max(1, min(3, opponents))]
        vid = variant if variant in self.catalogue.variants else self.choice.variant
        return replace(self.choice, variant=vid, opponents=levels)  # type: ignore[arg-type]

    def save_match(self, choice: MatchChoice, match: Match, wait: bool = True) -> None:
        """Save the match as it is now. ``wait=False`` returns at once and the writer thread writes it
        (a newer save handed over before it starts replaces it); ``wait=True`` returns once it is written."""
        body = match_snapshot(choice, match, self.match_id)  # on this thread: later moves cannot change it
        self.saved = SavedMatch(choice, match, match_id=self.match_id)
        self._save_snapshot(body, wait)

    def _save_snapshot(self, body: dict[str, Any], wait: bool = True) -> None:
        path = self.paths.save_file
        if not self.can_save:
            return
        try:
            self.writer.submit(path, lambda: saves.write_match_snapshot(self.paths, body))
        except RuntimeError:  # the writer was closed (the app is exiting): write here
            self._write(path, saves.write_match_snapshot, body)
            return
        if wait:
            self.writer.flush()

    def forget_match(self) -> None:
        self.saved = None
        self.writer.discard(self.paths.save_file)  # a late background write must not bring the save back
        with contextlib.suppress(OSError):
            saves.delete_saved_match(self.paths)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every background write handed over so far is on disk."""
        return self.writer.flush(timeout)

    def close(self) -> None:
        """Write what is pending and stop the writer thread (the app is exiting)."""
        self.writer.close()

    @property
    def can_continue(self) -> bool:
        return self.saved is not None

    def keep_finished(self, choice: MatchChoice, match: Match, game: Any, entry: GameEntry, number: int) -> None:
        """Game ``number`` of the saved match has ended: the save is written first, with the game over in it,
        then the game is counted and kept. Whatever moment the process dies, the next start completes what is
        missing, once (``ui.persist.completion``)."""
        self.save_match(choice, match, wait=True)
        self.record_game(choice, game.result, game.log, seat=0, number=number)
        self.record_history(entry, match.seed, number=number)

    def record_game(self, choice: MatchChoice, result: Any, events: Iterable[Any] = (), seat: int = 0,
                    number: int | None = None) -> None:  # fmt: skip
        """Count a finished game in the statistics and save them; game ``number`` of the saved match is counted
        once (the statistics record it, in the same write)."""
        if number is not None:
            if self.stats.counted is not None and self.stats.counted.has(self.match_id, number):
                return
            self.stats.counted = Counted(self.match_id, number)
        self.stats.record(choice.variant, result, events, seat, choice.table_bet)
        self.save_stats()

    def record_history(self, entry: GameEntry, match_seed: int | None = None, number: int | None = None) -> None:
        """Keep a finished game for replays and reviews; the file is written on the writer thread. Game
        ``number`` of the saved match is kept once (the history records it, in the same write)."""
        counted = Counted(self.match_id, number) if number is not None else None
        self._kept_games += 1
        self.keep_in_history(("history", self._kept_games), lambda: self.keep_now(entry, match_seed, counted))

    def keep_in_history(self, key: Hashable, job: Callable[[], None]) -> None:
        """Run ``job`` (which writes the history) on the writer thread, after the writes handed over before."""
        if not self.can_save:
            return
        try:
            self.writer.submit(key, job)
        except RuntimeError:  # the writer was closed (the app is exiting): write here
            job()

    def keep_now(self, entry: GameEntry, match_seed: int | None, counted: Counted | None = None) -> None:
        """Keep ``entry`` in the history here and now (on the writer thread); a failure becomes a notice."""
        try:
            found = self.history.append(entry, match_seed, counted)
        except OSError as exc:
            self._failed(self.history.path, exc)
            return
        with self._lock:
            self.notices.extend(found)

    def take_notices(self) -> list[Notice]:
        """The notices not shown yet (each is shown once), with those of the history's first read."""
        found = self.history.take_notices()
        with self._lock:
            out, self.notices = self.notices + found, []
        return out


def _usable_house_rules(choice: MatchChoice, catalogue: Catalogue) -> tuple[MatchChoice, list[Notice]]:
    """The choice without the remembered house rules the rules no longer accept (each must not stop a New match
    of its variant later), and a notice for each variant whose house rules were dropped."""
    kept: dict[str, dict[str, str | bool]] = {}
    notices: list[Notice] = []
    for vid, rules in choice.house_rules.items():
        if vid in catalogue.variants:  # a variant not in the rules today (a broken rules.yaml) may come back
            try:
                catalogue.load(vid, rules)
            except (RulesError, TypeError) as exc:  # TypeError: a house rule named by something not a field
                log.warning("the house rules remembered for %s are not used: %s", vid, exc)
                notices.append(Notice("notice.house_rules_dropped", {"variant": vid, "error": str(exc)}))
                continue
        kept[vid] = rules
    return (choice if not notices else replace(choice, house_rules=kept)), notices
