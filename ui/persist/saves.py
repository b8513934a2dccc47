"""The match in progress on disk: ``match-save.json`` in the data folder, written after every move.

The engine's ``Match.to_dict()`` holds the seed, each finished game's deal and actions and the game in
progress; loading replays them, so a resumed match is the same match move for move.

Formats:
- **1** (the first release): ``{"format": 1, "match": {...}, "difficulty": "normal"}`` — one difficulty
  for every opponent; the bet and starting chips were not recorded (1 and 1000).
- **2** (now): ``{"format": 2, "saved_at", "app_version", "setup": {variant, opponents: [difficulty per
  opponent], table_bet, starting_chips, house_rules}, "match": {...}}``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from game.engine.match import Match
from game.rules import Catalogue, RulesError
from game.table.choice import MatchChoice
from game.version import VERSION
from ui.persist.files import FileProblem, Migration, Notice, read_versioned, write_versioned
from ui.persist.paths import Paths
from ui.persist.records import record_from_dict, record_to_dict

KIND = "match-save"
FORMAT = 2


@dataclass
class SavedMatch:
    """A match to continue: how it was set up, and the match itself (its current game, if any, replayed)."""

    choice: MatchChoice
    match: Match
    saved_at: str = ""


def _from_format_1(doc: dict[str, Any]) -> dict[str, Any]:
    match = doc.get("match")
    if not isinstance(match, dict):
        raise FileProblem("format 1: 'match' should be an object")
    difficulty = doc.get("difficulty", "normal")
    players = match.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise FileProblem(f"format 1: impossible number of players {players!r}")
    setup: dict[str, Any] = {
        "variant": match.get("variant"),
        "opponents": [difficulty] * (players - 1),
        "table_bet": 1,
        "starting_chips": 1000,
        "house_rules": {},
    }
    return {"kind": KIND, "format": 2, "saved_at": "", "app_version": "", "setup": setup, "match": match}


MIGRATIONS: dict[int, Migration] = {1: _from_format_1}


def match_house_rules(choice: MatchChoice) -> dict[str, Any]:
    return dict(choice.house_rules.get(choice.variant, {}))


def _validator(catalogue: Catalogue) -> Any:
    def validate(doc: dict[str, Any]) -> SavedMatch:
        setup = doc.get("setup")
        if not isinstance(setup, dict):
            raise FileProblem("'setup' should be an object")
        choice, bad = record_from_dict(MatchChoice, setup)
        if bad:
            raise FileProblem(f"bad setup values: {', '.join(bad)}")
        if choice.variant not in catalogue.variants:
            raise FileProblem(f"the variant {choice.variant!r} is not in the rules any more")
        data = doc.get("match")
        if not isinstance(data, dict):
            raise FileProblem("'match' should be an object")
        if data.get("variant") != choice.variant or data.get("players") != choice.players:
            raise FileProblem("the match does not agree with its setup")
        try:
            rules = catalogue.load(choice.variant, match_house_rules(choice))
        except RulesError as exc:
            raise FileProblem(f"the house rules cannot be used: {exc}") from None
        try:
            match = Match.from_dict(data, rules)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            raise FileProblem(f"the match cannot be replayed: {exc}") from None
        saved_at = doc.get("saved_at", "")
        return SavedMatch(choice, match, saved_at if isinstance(saved_at, str) else "")

    return validate


def match_snapshot(choice: MatchChoice, match: Match) -> dict[str, Any]:
    """The save file's body as plain data, detached from the live match (take it on the UI thread)."""
    return {
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "app_version": VERSION,
        "setup": record_to_dict(choice),
        "match": match.to_dict(),
    }


def write_match_snapshot(paths: Paths, body: dict[str, Any]) -> None:
    """Write a ``match_snapshot`` atomically, replacing the previous save (safe on any thread)."""
    write_versioned(paths.save_file, KIND, FORMAT, body)


def save_match(paths: Paths, choice: MatchChoice, match: Match) -> None:
    """Write the match (and its game in progress) atomically, replacing the previous save."""
    write_match_snapshot(paths, match_snapshot(choice, match))


def load_match(paths: Paths, catalogue: Catalogue) -> tuple[SavedMatch | None, list[Notice]]:
    """The saved match, or ``None``; an unusable save is set aside and reported."""
    loaded = read_versioned(paths.save_file, KIND, FORMAT, MIGRATIONS, _validator(catalogue))
    return loaded.value, [loaded.notice] if loaded.notice else []


def delete_saved_match(paths: Paths) -> None:
    """Forget the save once its match is over (finished, or quit)."""
    paths.save_file.unlink(missing_ok=True)
