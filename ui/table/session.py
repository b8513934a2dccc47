"""A match at the table: the engine's ``Match``, the choices it was started with, who sits where, and
which seats the computer plays. Every move goes through the session, which announces it to its listeners
(saving, statistics), so nobody has to watch the game to find out that it moved or ended.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from game.ai.base import Bot
from game.cards import Card
from game.events import Event
from game.game import Game
from game.match import Match
from ui.persist.choices import MatchChoice
from ui.table.bots import Chooser, make_opponent

OPPONENT_NAMES = ("Lan", "Minh", "Tuấn", "Hoa", "Bảo", "Mai")


class SessionListener(Protocol):
    def match_changed(self, session: Session) -> None:
        """A move was made, a game was recorded in the totals, or a new game was dealt."""

    def game_finished(self, session: Session, game: Game) -> None:
        """``game`` just ended (its result is set); called once per game."""


class Session:
    """The match in progress and its seats. Seat 0 is the human; in a demo the computer plays it too."""

    def __init__(self, choice: MatchChoice, match: Match, demo: bool = False, names: Sequence[str] = (),
                 listeners: Iterable[SessionListener] = ()) -> None:  # fmt: skip
        if match.players != choice.players:
            raise ValueError(f"a {match.players}-player match cannot seat {choice.players} players")
        self.choice, self.match, self.rules = choice, match, match.rules
        self.players = match.players
        self.human: int | None = None if demo else 0
        self.names = (list(names) or ["", *OPPONENT_NAMES])[: self.players]
        self.listeners = list(listeners)
        self.bots: dict[int, Chooser] = {
            seat: make_opponent(choice.opponents[seat - 1], seed=match.seed * 7 + seat)
            for seat in range(1, self.players)
        }
        if demo:
            self.bots[0] = make_opponent("normal", seed=match.seed * 7)
        levels = [getattr(self.bots.get(seat), "level", None) for seat in range(self.players)]
        for bot in self.bots.values():
            if isinstance(bot, Bot):
                bot.meet(levels)  # the levels New match shows: a beginner is pictured as one from the first deal
        self._recall(match)
        fresh = match.current is None
        self.game: Game = match.current or match.start_game()
        if fresh:
            self._announce(self.game)

    # -- moves -----------------------------------------------------------------------------------------
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
        """A match the player plays for chips (a demo shows none)."""
        return self.human is not None

    def chips(self, seat: int) -> float | None:
        """The seat's chips: starting chips plus its running total times the bet (``None`` without stakes)."""
        if not self.has_chips:
            return None
        return self.choice.starting_chips + self.match.totals[seat] * self.choice.table_bet

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots
