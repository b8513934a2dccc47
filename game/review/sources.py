"""The files ``python3 -m game.review`` reads: a game history, a match save, a match, or one game.

See docs/file-formats.md. A history and a match save are read with the game's own readers (``game.records``:
an older format brought up to date, every field checked as the game checks it). Each gives one recorded game
(``Game.to_dict()``), the rules it was played under (house rules included), the player's seat, and the
opponents' bot levels and seeds where they were kept.
Everything is checked before the review starts: the game must replay to its end under the rules it is
labelled with (and, where the file keeps its result, end exactly as recorded), so a label naming another
variant is refused rather than reviewed under the wrong rules.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.checks import short
from game.engine.game import Game
from game.engine.match import Match
from game.records import history, match_save
from game.records.history import GameEntry
from game.records.versioned import LONG_NUMBER, FileProblem
from game.rules import Catalogue, Rules, RulesError, load_catalogue
from game.safe_file import KIND_WORDS, NotAFile, TooBig, read_bounded

#: The largest file the review reads (a history is at most a few MB, a match save of 1,000 deals about 2 MB).
MAX_FILE_BYTES = 64 * 1024 * 1024


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
    if game is not None and game < 1:
        raise SourceError(f"--game counts from 1, not {game}")
    doc = _read_json(Path(path))
    try:
        catalogue = load_catalogue(*rules_files)
    except RulesError as exc:
        raise SourceError(str(exc)) from None
    try:
        return _pick(doc, game, catalogue)
    except FileProblem as exc:  # what the game itself would say of the file
        raise SourceError(str(exc)) from None
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as exc:
        raise SourceError(f"the file is incomplete ({type(exc).__name__}: {str(exc)[:200]})") from None
    except RecursionError:
        raise SourceError("the file is nested too deeply") from None


def _read_json(path: Path) -> dict[str, Any]:
    try:
        doc = json.loads(read_bounded(path, MAX_FILE_BYTES).removeprefix(b"\xef\xbb\xbf").decode("utf-8"))
    except TooBig as exc:
        raise SourceError(f"the file is {exc.size / 1e6:.0f} MB or more; the review reads files of at most "
                          f"{MAX_FILE_BYTES // (1024 * 1024)} MB") from None  # fmt: skip
    except NotAFile as exc:
        raise SourceError(f"it is {KIND_WORDS[exc.what]}, not a file") from None
    except OSError as exc:
        raise SourceError(f"cannot read it: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SourceError(f"not a JSON file ({exc})") from None
    except RecursionError:
        raise SourceError("not a file the game writes: its JSON is nested too deeply") from None
    except ValueError:  # a number Python refuses to read, such as one of 5,000 digits
        raise SourceError(LONG_NUMBER) from None
    if not isinstance(doc, dict):
        raise SourceError("expected a JSON object")
    return doc


def _pick(doc: dict[str, Any], game: int | None, catalogue: Catalogue) -> Source:
    kind = doc.get("kind")
    if kind == history.KIND:
        games = history.games_of(doc)
        if not games:
            raise SourceError("the history holds no game yet")
        n = game or 1
        if not 1 <= n <= len(games):
            raise SourceError(f"the history holds {len(games)} games; --game is 1 (the newest) to {len(games)}")
        return _entry(games[-n], catalogue, f"game {n} from the newest")
    if kind == match_save.KIND:
        save = match_save.unpack(doc)
        return _match(save.match, catalogue, game, save.choice.opponents, match_save.match_house_rules(save.choice))
    if "games" in doc and "seed" in doc:
        return _match(doc, catalogue, game, (), {})
    if "game" in doc and "result" in doc:
        return _entry(doc, catalogue, "the game")
    if "hands" in doc and "actions" in doc:
        rules = _rules(catalogue, doc.get("variant"), {})
        _replayed(doc, rules)
        return Source(doc, rules, 0, label="the game")
    raise SourceError("this is not a game history, a match save, a match or a game")


def _rules(catalogue: Catalogue, variant: Any, house_rules: Any) -> Rules:
    if not isinstance(variant, str) or variant not in catalogue.variants:
        raise SourceError(f"unknown variant {short(variant)} (give its rules file with --rules)")
    if not isinstance(house_rules, Mapping):
        raise SourceError(f"the house rules should be an object, not {short(house_rules)}")
    try:
        return catalogue.load(variant, dict(house_rules) or None)
    except (RulesError, TypeError) as exc:  # TypeError: a house rule named by something not a field
        raise SourceError(f"the house rules cannot be used: {str(exc)[:200]}") from None


def _replayed(record: Any, rules: Rules) -> Game:
    """The game ``record`` holds, replayed to its end under ``rules``; a game that cannot be, or that stops before
    it is over, is refused (the review grades a whole game and plays the same deal to its end)."""
    if not isinstance(record, Mapping):
        raise SourceError(f"a game should be an object, not {short(record)}")
    try:
        game = Game.from_dict(record, rules)
    except (ValueError, OverflowError) as exc:
        raise SourceError(f"the game cannot be replayed under the rules of {rules.id!r}: {str(exc)[:200]}") from None
    if not game.is_over:
        n = len(game.actions)
        raise SourceError(f"under the rules of {rules.id!r} the game stops after {n} move{'' if n == 1 else 's'}, "
                          "before it is over (cut short, or played under other rules): only a finished game can be "
                          "reviewed")  # fmt: skip
    return game


def _entry(data: Any, catalogue: Catalogue, label: str) -> Source:
    entry = history.entry_from_dict(data)  # as the game's history reads it: seat, opponents, names checked
    variant = entry.game.get("variant")
    if entry.variant != variant:
        raise SourceError(f"the game is labelled {short(entry.variant)} but its record {short(variant)}")
    rules = _rules(catalogue, variant, entry.house_rules)
    game = _replayed(entry.game, rules)
    _same_result(entry, game, rules)
    return Source(entry.game, rules, 0 if entry.seat is None else entry.seat, entry.bots, entry.names, label)


def _same_result(entry: GameEntry, game: Game, rules: Rules) -> None:
    """Refuse a kept game whose recorded result its replay does not reproduce: it was played under other rules."""
    ended = game.result
    assert ended is not None  # the game is over (``_replayed``)
    same_order = list(entry.order) == list(ended.order)
    same_payments = all(_close(p, q) for p, q in zip(entry.payments, ended.payments, strict=True))
    if not (same_order and same_payments):
        raise SourceError(f"the game is labelled {rules.id!r} but was not played under its rules: replayed under "
                          f"them it ends {list(ended.order)} paying {list(ended.payments)}, while the file says "
                          f"{list(entry.order)} paying {list(entry.payments)}")  # fmt: skip


def _close(stored: float, replayed: float) -> bool:
    return math.isclose(stored, replayed, abs_tol=1e-6)


def _match(match: Any, catalogue: Catalogue, game: int | None, levels: Sequence[str],
           house_rules: Mapping[str, Any]) -> Source:  # fmt: skip
    if not isinstance(match, Mapping):
        raise SourceError(f"the match should be an object, not {short(match)}")
    games = match["games"]
    if not isinstance(games, list):
        raise SourceError("the match's 'games' should be a list")
    if not games:
        raise SourceError("no game of this match has finished yet")
    n = game or len(games)
    if not 1 <= n <= len(games):
        raise SourceError(f"the match has {len(games)} finished games; --game is 1 to {len(games)}")
    rules = _rules(catalogue, match.get("variant"), house_rules)
    try:  # every finished game replayed as the match dealt it (the game in progress does not matter here)
        rebuilt = Match.from_dict({**match, "current": None}, rules)
    except (ValueError, TypeError, OverflowError) as exc:
        raise SourceError(f"the match cannot be replayed under the rules of {rules.id!r}: {str(exc)[:200]}") from None
    seed, players = rebuilt.seed, rebuilt.players
    # The table seats opponent ``s`` with seed ``match seed * 7 + s`` (game/table/session.py).
    bots = tuple(None if s == 0 else (str(levels[(s - 1) % len(levels)]), seed * 7 + s) if levels else None
                 for s in range(players))  # fmt: skip
    return Source(games[n - 1], rules, 0, bots, label=f"game {n}")
