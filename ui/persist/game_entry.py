"""One finished game as the history keeps it (``GameEntry``): read back field by field from ``history.json``, and
made from a finished engine game."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.version import VERSION
from ui.persist.files import FileProblem


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
            raise FileProblem(f"impossible seat {seat!r}")
        bots = tuple(None if b is None else (str(b[0]), int(b[1])) for b in data.get("bots") or ())
        return GameEntry(
            id=str(data["id"]), match=str(data["match"]), number=int(data["number"]),
            finished_at=str(data.get("finished_at", "")), variant=str(data.get("variant") or game["variant"]),
            seat=seat, order=order, payments=payments, game=game, names=tuple(str(n) for n in data.get("names", ())),
            bots=bots, table_bet=int(data.get("table_bet", 1)), house_rules=dict(data.get("house_rules") or {}),
            practice=bool(data.get("practice", False)), app_version=str(data.get("app_version", "")),
            friends=bool(data.get("friends", False)),
        )  # fmt: skip
    except (KeyError, TypeError, ValueError, IndexError, OverflowError) as exc:  # Overflow: int(1e400)
        if isinstance(exc, FileProblem):
            raise
        raise FileProblem(f"a game is incomplete ({type(exc).__name__}: {exc})") from None


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
        game=game.to_dict(), names=tuple(names), bots=tuple(bots), table_bet=table_bet,
        house_rules=dict(house_rules or {}), practice=practice, app_version=VERSION, friends=friends,
    )  # fmt: skip
