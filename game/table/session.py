"""A match at the table: the engine's ``Match``, the choices it was started with, who sits where, and
which seats the computer plays. Every move goes through the session, which announces it to its listeners
(saving, statistics), so nobody has to watch the game to find out that it moved or ended.

Each seat is one of three kinds (``SeatKind``): the person at this window ("local"), a computer player
("bot", whose ``Chooser`` the session holds), or a person elsewhere whose moves arrive from outside
("remote": the network server calls ``play``/``pass_turn`` for them). A table that shows a match it does not
own (a network client) offers the same surface; ``poll`` hands it the events that arrived since the last
frame — for a match owned here every event comes back from the move that made it, so ``poll`` is empty.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal, Protocol

from game.ai.base import Bot
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.game import Game
from game.engine.match import Match
from game.table.bots import Chooser, make_opponent
from game.table.choice import MatchChoice

OPPONENT_NAMES = ("Lan", "Minh", "Tuấn", "Hoa", "Bảo", "Mai")

SeatKind = Literal["local", "bot", "remote"]
SEAT_KINDS: tuple[SeatKind, ...] = ("local", "bot", "remote")


class SessionListener(Protocol):
    def match_changed(self, session: Session) -> None:
        """A move was made, a game was recorded in the totals, or a new game was dealt."""

    def game_finished(self, session: Session, game: Game) -> None:
        """``game`` just ended (its result is set); called once per game."""


class Session:
    """The match in progress and its seats. By default seat 0 is the person at this window and the others are
    the computer's (in a demo the computer plays seat 0 too); ``seats`` gives each seat's kind instead."""

    def __init__(self, choice: MatchChoice, match: Match, demo: bool = False, names: Sequence[str] = (),
                 listeners: Iterable[SessionListener] = (), seats: Sequence[SeatKind] = ()) -> None:  # fmt: skip
        if match.players != choice.players:
            raise ValueError(f"a {match.players}-player match cannot seat {choice.players} players")
        first: SeatKind = "bot" if demo else "local"
        kinds: list[SeatKind] = list(seats) or [first] + ["bot"] * (match.players - 1)
        if len(kinds) != match.players or any(k not in SEAT_KINDS for k in kinds) or kinds.count("local") > 1:
            raise ValueError(f"seats {kinds!r}: one kind of {SEAT_KINDS} per seat, at most one local")
        self.choice, self.match, self.rules = choice, match, match.rules
        self.players = match.players
        self.demo = demo
        self.kinds = kinds
        self.human: int | None = kinds.index("local") if "local" in kinds else None
        self.names = (list(names) or ["", *OPPONENT_NAMES])[: self.players]
        self.listeners = list(listeners)
        self.bots: dict[int, Chooser] = {
            seat: self._new_bot(seat) for seat in range(self.players) if kinds[seat] == "bot"
        }
        levels = self.levels()
        for bot in self.bots.values():
            if isinstance(bot, Bot):
                bot.meet(levels)  # the levels New match shows: a beginner is pictured as one from the first deal
        self._recall(match)
        fresh = match.current is None
        self.game: Game = match.current or match.start_game()
        if fresh:
            self._announce(self.game)

    def _new_bot(self, seat: int) -> Chooser:
        """Seat ``seat``'s computer player: seat n plays at the level chosen for opponent n (seat 0, in a demo or
        for a person away, at normal in a demo and at the first opponent's level otherwise)."""
        first = "normal" if self.demo else self.choice.opponents[0]
        level = self.choice.opponents[seat - 1] if seat else first
        return make_opponent(level, seed=self.match.seed * 7 + seat)

    # -- moves -----------------------------------------------------------------------------------------
    def poll(self) -> list[Event]:
        """Events that arrived from outside since the last call: none, for a match owned here."""
        return []

    def play(self, cards: Iterable[Card], seat: int) -> list[Event]:
        """``seat`` plays ``cards`` (the engine refuses an illegal play with ``IllegalMove``)."""
        return self._moved(self.game.play(cards, seat))

    def pass_turn(self, seat: int) -> list[Event]:
        return self._moved(self.game.pass_turn(seat))

    def resign(self, seat: int) -> list[Event]:
        return self._moved(self.game.resign(seat))

    def _moved(self, events: list[Event]) -> list[Event]:
        self._announce(self.game)
        return events

    def _announce(self, game: Game) -> None:
        if game.is_over:
            self._tell_bots(game)
            for listener in self.listeners:
                listener.game_finished(self, game)
        for listener in self.listeners:
            listener.match_changed(self)

    def _tell_bots(self, game: Game) -> None:
        """Show every computer player the end of ``game``: its last view and the hands turned face up (a
        searching bot reads its opponents' styles from them for the rest of the match)."""
        shown = [tuple(hand) for hand in game.hands]
        for seat, bot in self.bots.items():
            if isinstance(bot, Bot):
                bot.deal_over(game.view(seat), shown)

    def _recall(self, match: Match) -> None:
        """A resumed match: show the bots that learn over a match every deal already finished, in order, so
        they remember what they would have remembered had the match never stopped."""
        if any(isinstance(bot, Bot) and bot.remembers for bot in self.bots.values()):
            for game in match.finished_games():
                self._tell_bots(game)

    # -- games -----------------------------------------------------------------------------------------
    def finish(self) -> None:
        """Record the finished game in the match totals (once)."""
        if self.game.is_over and self.match.current is self.game:
            self.match.finish_game(self.game)
            for listener in self.listeners:
                listener.match_changed(self)

    def next_game(self) -> Game:
        self.finish()
        self.game = self.match.start_game()
        self._announce(self.game)  # an instant win is over as soon as it is dealt
        return self.game

    # -- seats -----------------------------------------------------------------------------------------
    @property
    def totals(self) -> list[float]:
        return list(self.match.totals)

    @property
    def has_chips(self) -> bool:
        """A match the players play for chips (a demo shows none)."""
        return not self.demo

    def chips(self, seat: int) -> float | None:
        """The seat's chips: starting chips plus its running total times the bet (``None`` without stakes)."""
        if not self.has_chips:
            return None
        return self.choice.starting_chips + self.match.totals[seat] * self.choice.table_bet

    def levels(self) -> list[str | None]:
        """Each seat's bot level, ``None`` for a person: how the coach and the hint picture the table."""
        return [getattr(self.bots.get(seat), "level", None) for seat in range(self.players)]

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def seat_kind(self, seat: int) -> SeatKind:
        return self.kinds[seat]

    def set_seat(self, seat: int, kind: SeatKind) -> None:
        """Seat ``seat`` changes hands: a person who left is played by the computer ("bot") until they come back
        ("remote"). A bot that takes over is shown every finished deal of the match first, as at a resume."""
        if kind not in SEAT_KINDS or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} of kind {kind!r}")
        if kind == "local" and self.human not in (None, seat):
            raise ValueError("only one seat is played at this window")
        self.kinds[seat] = kind
        self.human = seat if kind == "local" else (None if self.human == seat else self.human)
        if kind != "bot":
            self.bots.pop(seat, None)
        elif seat not in self.bots:
            bot = self._new_bot(seat)
            if isinstance(bot, Bot):
                bot.meet([getattr(self.bots.get(s), "level", None) if s != seat else bot.level
                          for s in range(self.players)])  # fmt: skip
                if bot.remembers:
                    for game in self.match.finished_games():
                        bot.deal_over(game.view(seat), [tuple(hand) for hand in game.hands])
            self.bots[seat] = bot
