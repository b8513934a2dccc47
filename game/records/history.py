"""The game history's format (``history.json``, kind ``history``, format 1): one finished game as kept
(``GameEntry``), read back field by field, made from a finished engine game, and written as one line.

The game's history store (``ui/persist/history.py``) and the headless review (``python3 -m game.review``)
both read the file through this module, so a game the one refuses the other refuses for the same reason.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.checks import short
from game.engine.match import SEED_LIMIT
from game.records.counted import Counted, counted_from
from game.records.versioned import FileProblem, Migration, checked, parse_versioned, upgraded
from game.table.names import clean_name
from game.version import VERSION

KIND = "history"
FORMAT = 1
MIGRATIONS: dict[int, Migration] = {}  # the history has had one format so far
#: The opponents' seeds: the table seats opponent ``s`` with ``match seed × 7 + s`` (a match seed is below 2**63).
BOT_SEED_LIMIT = 8 * SEED_LIMIT


@dataclass(frozen=True)
class GameEntry:
    """One finished game as kept: enough to replay it, review it, and list it without replaying."""

    id: str
    match: str
    number: int
    finished_at: str
    variant: str
    seat: int | None  # the player's seat; None for a game the computer played alone
    order: tuple[int, ...]
    payments: tuple[float, ...]
    game: Mapping[str, Any] = field(repr=False)
    names: tuple[str, ...] = ()
    bots: tuple[tuple[str, int] | None, ...] = ()  # each seat's bot level and seed; None for the player
    table_bet: int = 1
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    practice: bool = False
    app_version: str = ""
    #: played with friends over the network: the record holds every hand (the server sent it at the end) but
    #: the player saw only their own, so a replay keeps the others face down until the game shows them
    friends: bool = False

    @property
    def players(self) -> int:
        return len(self.order)

    @property
    def place(self) -> int | None:
        """The player's place (1 = first), or ``None`` when no seat was the player's."""
        return None if self.seat is None else self.order.index(self.seat) + 1

    @property
    def net(self) -> float | None:
        """The player's result in table bets."""
        return None if self.seat is None else self.payments[self.seat]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id, "match": self.match, "number": self.number, "finished_at": self.finished_at,
            "app_version": self.app_version, "variant": self.variant, "house_rules": dict(self.house_rules),
            "practice": self.practice, "friends": self.friends, "table_bet": self.table_bet, "seat": self.seat,
            "names": list(self.names),
            "bots": [list(b) if b else None for b in self.bots],
            "result": {"order": list(self.order), "payments": list(self.payments)},
            "game": dict(self.game),
        }  # fmt: skip


def read_games(text: str) -> list[Any]:
    """The stored games in a history file's text (any format it had), oldest first, each not checked yet."""
    return parse_versioned(text, KIND, FORMAT, MIGRATIONS, _games)


def read_history(text: str) -> tuple[list[Any], Counted | None]:
    """``read_games``, and the last game of the saved match the file took in (``game.records.counted``)."""
    return parse_versioned(text, KIND, FORMAT, MIGRATIONS, lambda doc: (_games(doc), counted_from(doc.get("counted"))))


def games_of(doc: Any) -> list[Any]:
    """``read_games`` for a document already parsed."""
    return checked(_games, upgraded(doc, KIND, FORMAT, MIGRATIONS))


def _games(doc: dict[str, Any]) -> list[Any]:
    games = doc.get("games")
    if not isinstance(games, list):
        raise FileProblem("'games' should be a list")
    return games


def entry_from_dict(data: Any) -> GameEntry:
    """A stored game, checked field by field; raises ``FileProblem`` saying what is wrong."""
    if not isinstance(data, dict):
        raise FileProblem("a game should be an object")
    try:
        game, result = data["game"], data["result"]
        if not isinstance(game, dict) or not isinstance(game.get("actions"), list):
            raise FileProblem("'game' should hold a deal and its actions")
        if not isinstance(game.get("hands"), list) or not 2 <= len(game["hands"]) <= 4:
            raise FileProblem("'game' should hold 2 to 4 hands")
        order = tuple(int(s) for s in result["order"])
        payments = tuple(float(p) for p in result["payments"])
        players = len(game["hands"])
        if sorted(order) != list(range(players)) or len(payments) != players:
            raise FileProblem("the result does not fit the number of hands")
        seat = data.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players):
            raise FileProblem(f"impossible seat {short(seat)} in a game of {players}")
        names = data.get("names") or []
        if not isinstance(names, list):
            raise FileProblem("'names' should be a list")
        return GameEntry(
            id=str(data["id"]), match=str(data["match"]), number=int(data["number"]),
            finished_at=str(data.get("finished_at", "")), variant=str(data.get("variant") or game["variant"]),
            seat=seat, order=order, payments=payments, game=game, names=tuple(clean_name(n) for n in names[:players]),
            bots=_bots(data.get("bots") or [], players), table_bet=int(data.get("table_bet", 1)),
            house_rules=dict(data.get("house_rules") or {}), practice=bool(data.get("practice", False)),
            app_version=str(data.get("app_version", "")), friends=bool(data.get("friends", False)),
        )  # fmt: skip
    except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:  # Overflow: int(1e400)
        if isinstance(exc, FileProblem):
            raise
        raise FileProblem(f"a game is incomplete ({type(exc).__name__}: {exc})") from None


def _bots(specs: Any, players: int) -> tuple[tuple[str, int] | None, ...]:
    """Each seat's opponent as kept, ``[level, seed]`` or ``null``, checked (a seed of 1e400 or of 5,000 digits
    is refused: the coach seats a bot with it)."""
    if not isinstance(specs, list) or len(specs) > players:
        raise FileProblem(f"the opponents should be a list of at most {players}, not {short(specs)}")
    bots: list[tuple[str, int] | None] = []
    for spec in specs:
        if spec is None:
            bots.append(None)
            continue
        if not isinstance(spec, list) or len(spec) != 2 or not isinstance(spec[0], str):
            raise FileProblem(f"an opponent should be [level, seed], not {short(spec)}")
        seed = spec[1]
        if isinstance(seed, bool) or not isinstance(seed, int) or not -BOT_SEED_LIMIT < seed < BOT_SEED_LIMIT:
            raise FileProblem(f"an opponent's seed should be a whole number, not {short(seed)}")
        bots.append((spec[0][:40], seed))
    return tuple(bots)


def new_entry(game: Any, *, number: int, seat: int | None, names: Sequence[str] = (),
              bots: Sequence[tuple[str, int] | None] = (), table_bet: int = 1,
              house_rules: Mapping[str, Any] | None = None, practice: bool = False,
              friends: bool = False) -> GameEntry:  # fmt: skip
    """The entry for a finished engine ``Game`` (its record is taken now, on the caller's thread); its match
    id is given when it is appended."""
    result = game.result
    if result is None:
        raise ValueError("the game is not over yet")
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
    return GameEntry(
        id="", match="", number=number, finished_at=stamp,
        variant=game.rules.id, seat=seat, order=tuple(result.order), payments=tuple(result.payments),
        game=game.to_dict(), names=tuple(clean_name(n) for n in names), bots=tuple(bots), table_bet=table_bet,
        house_rules=dict(house_rules or {}), practice=practice, app_version=VERSION, friends=friends,
    )  # fmt: skip
