"""The files ``python3 -m game.review`` reads: a game history, a match save, a match, or one game.

See docs/file-formats.md. Each gives one recorded game (``Game.to_dict()``), the rules it was played under
(house rules included), the player's seat, and the opponents' bot levels and seeds where they were kept.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.rules import Catalogue, Rules, RulesError, load_catalogue


class SourceError(ValueError):
    """The file is not one the review can read; the message says why, in plain words."""


@dataclass(frozen=True)
class Source:
    record: Mapping[str, Any]
    rules: Rules
    seat: int
    bots: tuple[tuple[str, int] | None, ...] = ()
    names: tuple[str, ...] = ()
    label: str = ""


def read_source(path: Path | str, game: int | None = None, rules_files: Sequence[Path | str] = ()) -> Source:
    """The game to review in ``path``: ``game`` picks one (history: 1 = newest; a match: its game number)."""
    try:
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise SourceError(f"cannot read it: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SourceError(f"not a JSON file ({exc})") from None
    if not isinstance(doc, dict):
        raise SourceError("expected a JSON object")
    try:
        catalogue = load_catalogue(*rules_files)
    except RulesError as exc:
        raise SourceError(str(exc)) from None
    try:
        return _pick(doc, game, catalogue)
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise SourceError(f"the file is incomplete ({type(exc).__name__}: {exc})") from None


def _pick(doc: dict[str, Any], game: int | None, catalogue: Catalogue) -> Source:
    kind = doc.get("kind")
    if kind == "history":
        games = doc["games"]
        if not games:
            raise SourceError("the history holds no game yet")
        n = game or 1
        if not 1 <= n <= len(games):
            raise SourceError(f"the history holds {len(games)} games; --game counts from 1 (the newest)")
        return _entry(games[-n], catalogue, f"game {n} from the newest")
    if kind == "match-save":
        setup = doc["setup"]
        return _match(doc["match"], catalogue, game, setup.get("opponents", ()),
                      setup.get("house_rules", {}).get(doc["match"]["variant"], {}))  # fmt: skip
    if "games" in doc and "seed" in doc:
        return _match(doc, catalogue, game, (), {})
    if "game" in doc and "result" in doc:
        return _entry(doc, catalogue, "the game")
    if "hands" in doc and "actions" in doc:
        return Source(doc, _rules(catalogue, doc["variant"], {}), 0, label="the game")
    raise SourceError("this is not a game history, a match save, a match or a game")


def _rules(catalogue: Catalogue, variant: Any, house_rules: Mapping[str, Any]) -> Rules:
    if str(variant) not in catalogue.variants:
        raise SourceError(f"unknown variant {variant!r} (give its rules file with --rules)")
    try:
        return catalogue.load(str(variant), house_rules or None)
    except RulesError as exc:
        raise SourceError(f"the house rules cannot be used: {exc}") from None


def _entry(entry: Mapping[str, Any], catalogue: Catalogue, label: str) -> Source:
    record = entry["game"]
    bots = tuple(None if b is None else (str(b[0]), int(b[1])) for b in entry.get("bots") or ())
    seat = entry.get("seat")
    return Source(record, _rules(catalogue, record["variant"], entry.get("house_rules") or {}),
                  0 if seat is None else int(seat), bots, tuple(entry.get("names") or ()), label)  # fmt: skip


def _match(match: Mapping[str, Any], catalogue: Catalogue, game: int | None, levels: Sequence[str],
           house_rules: Mapping[str, Any]) -> Source:  # fmt: skip
    games = match["games"]
    if not games:
        raise SourceError("no game of this match has finished yet")
    n = game or len(games)
    if not 1 <= n <= len(games):
        raise SourceError(f"the match has {len(games)} finished games; --game is 1 to {len(games)}")
    seed, players = int(match["seed"]), int(match["players"])
    # The table seats opponent ``s`` with seed ``match seed * 7 + s`` (game/table/session.py).
    bots = tuple(None if s == 0 else (str(levels[(s - 1) % len(levels)]), seed * 7 + s) if levels else None
                 for s in range(players))  # fmt: skip
    return Source(games[n - 1], _rules(catalogue, match["variant"], house_rules), 0, bots, label=f"game {n}")
