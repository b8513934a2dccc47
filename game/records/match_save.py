"""The match in progress as saved (``match-save.json``, kind ``match-save``): its formats and their reading.

The engine's ``Match.to_dict()`` holds the seed, each finished game's deal and actions and the game in
progress; loading replays them, so a resumed match is the same match move for move. The game's loading
(``ui/persist/saves.py``) and the headless review (``python3 -m game.review``) both read a save through
``unpack``, so a save of any format reads the same in both.

Formats:
- **1** (the first release): ``{"format": 1, "match": {...}, "difficulty": "normal"}`` — one difficulty
  for every opponent; the bet and starting chips were not recorded (1 and 1000).
- **2** (now): ``{"format": 2, "saved_at", "app_version", "setup": {variant, opponents: [difficulty per
  opponent], table_bet, starting_chips, house_rules}, "match": {...}, "match_id"}``; ``match_id`` (absent in
  the first saves of format 2) names the match for ``game.records.counted``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.match import Match
from game.records.counted import match_id_from
from game.records.fields import record_from_dict, record_to_dict
from game.records.versioned import FileProblem, Migration, checked, upgraded
from game.rules import Catalogue, RulesError
from game.table.choice import MatchChoice
from game.version import VERSION

KIND = "match-save"
FORMAT = 2


@dataclass
class SavedMatch:
    """A match to continue: how it was set up, and the match itself (its current game, if any, replayed)."""

    choice: MatchChoice
    match: Match
    saved_at: str = ""
    match_id: str = ""  # "" in a save made before matches had ids (game.records.counted)


@dataclass(frozen=True)
class Unpacked:
    """A save in the current format, checked but not replayed: the setup, the match's record, when saved."""

    choice: MatchChoice
    match: Mapping[str, Any]
    saved_at: str = ""
    match_id: str = ""


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


def unpack(doc: Any) -> Unpacked:
    """A save document of any format, brought to the current one and checked: the setup's values, and a match
    that agrees with it. Raises ``FileProblem`` saying what is wrong."""
    return checked(_unpack, upgraded(doc, KIND, FORMAT, MIGRATIONS))


def _unpack(doc: dict[str, Any]) -> Unpacked:
    setup = doc.get("setup")
    if not isinstance(setup, dict):
        raise FileProblem("'setup' should be an object")
    choice, bad = record_from_dict(MatchChoice, setup)
    if bad:
        raise FileProblem(f"bad setup values: {', '.join(bad)}")
    data = doc.get("match")
    if not isinstance(data, dict):
        raise FileProblem("'match' should be an object")
    if data.get("variant") != choice.variant or data.get("players") != choice.players:
        raise FileProblem("the match does not agree with its setup")
    saved_at = doc.get("saved_at", "")
    return Unpacked(choice, data, saved_at if isinstance(saved_at, str) else "", match_id_from(doc.get("match_id")))


def saved_match(doc: Any, catalogue: Catalogue) -> SavedMatch:
    """The match a save document holds, replayed under its rules (``catalogue`` with its house rules), ready
    to continue. Raises ``FileProblem`` saying what is wrong."""
    save = unpack(doc)
    choice = save.choice
    if choice.variant not in catalogue.variants:
        raise FileProblem(f"the variant {choice.variant!r} is not in the rules any more")
    try:
        rules = catalogue.load(choice.variant, match_house_rules(choice))
    except RulesError as exc:
        raise FileProblem(f"the house rules cannot be used: {exc}") from None
    try:
        match = Match.from_dict(save.match, rules)
    except (ValueError, KeyError, TypeError, IndexError) as exc:
        raise FileProblem(f"the match cannot be replayed: {exc}") from None
    return SavedMatch(choice, match, save.saved_at, save.match_id)


def match_snapshot(choice: MatchChoice, match: Match, match_id: str = "") -> dict[str, Any]:
    """The save file's body as plain data, detached from the live match (take it on the UI thread)."""
    body = {
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "app_version": VERSION,
        "setup": record_to_dict(choice),
        "match": match.to_dict(),
    }
    return {**body, "match_id": match_id} if match_id else body
