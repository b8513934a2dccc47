"""What a networked table is made of: its settings, its timings, a seat and the person in it.

A ``Person`` is whatever carries messages to one client (the server's connection); the table only queues
messages on it and may close it, so a slow or silent client never holds the table up.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Protocol

from game.net.codec import ProtocolError
from game.net.lookalike import look_alike, skeleton
from game.table.choice import Difficulty
from game.table.session import OPPONENT_NAMES


class Person(Protocol):
    """One client's link, as a table sees it."""

    address: str

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue ``message`` (or its JSON text, encoded already) for the client; never blocks."""

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Close the link once what is queued has gone."""


@dataclass(frozen=True)
class TableSettings:
    """What the host chose: the variant, seats, the bots' level, the turn timer, the password, the stakes."""

    variant: str
    players: int = 4
    bot_level: Difficulty = "normal"
    timer: int = 0  # seconds for a person's turn; 0 = no timer
    password: str = ""
    table_bet: int = 1
    starting_chips: int = 1000


@dataclass(frozen=True)
class TableTimes:
    """How long a table waits for people (tests shorten these)."""

    #: With the turn timer off, a dropped person's seat is played by a bot after this many seconds (with it
    #: on, after the timer's length).
    away_grace: float = 5.0
    #: A host whose link dropped mid-match has this long to come back before the match ends for everyone.
    host_grace: float = 30.0
    #: The next deal comes when every connected person has seen the result, or after this many seconds.
    ready_cap: float = 30.0
    #: A pause before each bot's move (0: at once; the window paces what it shows).
    bot_delay: float = 0.0
    #: The turn timer's seconds are multiplied by this (1; the tests run a "15 s" timer in a fraction of one).
    timer_scale: float = 1.0
    #: A table whose match has not started this long after it was hosted ends (``ended`` ``timed_out``).
    waiting_limit: float = 1800.0


@dataclass
class Seat:
    """One seat: the person in it (``taken``; ``person`` is their link while connected), or a bot."""

    index: int
    name: str
    token: str = ""
    person: Person | None = None
    taken: bool = False
    ready: bool = False
    away_timer: asyncio.TimerHandle | None = None

    @property
    def away(self) -> bool:
        """A person sits here but their link is gone."""
        return self.taken and self.person is None

    def free(self) -> None:
        """Nobody sits here any more (before the match starts): a bot will."""
        self.name, self.token, self.person, self.taken, self.ready = bot_name(self.index), "", None, False, False
        self.cancel_away()

    def cancel_away(self) -> None:
        if self.away_timer is not None:
            self.away_timer.cancel()
            self.away_timer = None


def bot_name(seat: int, taken: set[str] | frozenset[str] = frozenset()) -> str:
    """The name a bot is shown under at seat ``seat``: the single-player table's opponent's name there, or the
    next of those names that nobody at the table has (nor a name that looks like it)."""
    looks = {skeleton(name) for name in taken}
    names = len(OPPONENT_NAMES)
    for step in range(names):
        name = OPPONENT_NAMES[(seat - 1 + step) % names]
        if skeleton(name) not in looks:
            return name
    return f"Bot {seat + 1}"


def person_name(name: str, seats: list[Seat]) -> str:
    """The name ``name`` sits down under: ``name 2`` beside a person called ``name``; refused
    (``name_taken``) when it looks like another person's name without being it ("Hоst" with a Cyrillic о), or,
    once someone sits at the table, when it is or looks like a name a bot is shown under there (a stranger would
    pass for that bot). The host, first at the table, takes any name: the bots are named apart afterwards."""
    people = [s.name for s in seats if s.taken]
    bots = [s.name for s in seats if not s.taken] if people else []  # the seat taken too: its bot was shown there
    similar = look_alike(name, people) or (name if name in bots else look_alike(name, bots))
    if similar is not None:
        raise ProtocolError("name_taken", f"the name looks like {similar!r}, already at this table; choose another")
    return unique_name(name, people)


def unique_name(name: str, taken: list[str]) -> str:
    """``name``, or ``name 2``, ``name 3``... when someone at the table already has it."""
    if name not in taken:
        return name
    n = 2
    while f"{name} {n}" in taken:
        n += 1
    return f"{name} {n}"
