"""A finished game to replay or review, from the table just played or from the game history."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.ai.base import Bot
from game.records.history import GameEntry
from game.review.replay import Replay
from game.rules import Catalogue, Rules, RulesError
from game.table.names import clean_name
from ui.i18n import t
from ui.replay.review_job import ReviewRequest


@dataclass(frozen=True)
class ShownGame:
    """The recorded game, its rules, whose seat it is reviewed for, the names shown and the opponents."""

    record: Mapping[str, Any]
    rules: Rules
    seat: int | None
    names: tuple[str, ...]
    bots: tuple[tuple[str, int] | None, ...] = ()
    number: int = 1  # the game's number in its match
    own_view: bool = False  # a game played with friends: only the player's own hand is shown until the end

    @classmethod
    def from_entry(cls, entry: GameEntry, catalogue: Catalogue) -> ShownGame:
        """A kept game; raises ``ValueError`` when its variant is gone from the rules, its house rules are refused
        or its record cannot be replayed (a damaged history), so the list can say so instead of opening it."""
        if entry.variant not in catalogue.variants:
            raise ValueError(f"the variant {entry.variant!r} is not in the rules any more")
        try:
            rules = catalogue.load(entry.variant, dict(entry.house_rules) or None)
        except (RulesError, TypeError) as exc:  # TypeError: a house rule named by something not a field
            raise ValueError(str(exc)) from None
        try:
            Replay(entry.game, rules)
        except OverflowError as exc:
            raise ValueError(f"the recorded game cannot be read: {exc}") from None
        return cls(entry.game, rules, entry.seat, entry.names, entry.bots, entry.number, entry.friends)

    @classmethod
    def from_session(cls, session: Any) -> ShownGame:
        """The game just finished at the table (``game.table.session.Session``)."""
        game = session.game
        bots = tuple((str(b.level), int(b.seed)) if isinstance(b := session.bots.get(s), Bot) else None
                     for s in range(session.players))  # fmt: skip
        match = session.match
        number = len(match.results) + (1 if match.current is game else 0)
        own_view = "remote" in session.kinds  # other people's hands were never shown at this window
        return cls(game.to_dict(), game.rules, session.human, tuple(session.names), bots, number, own_view)

    def name(self, seat: int) -> str:
        """The seat's name as the table shows it ("Bạn" / "You" for the player)."""
        name = clean_name(self.names[seat]) if seat < len(self.names) else ""  # cleaned and capped, from a file
        if seat == self.seat or not name:
            return t("table.you") if seat == self.seat else t("replay.seat", n=seat + 1)
        return name

    def all_names(self) -> list[str]:
        return [self.name(s) for s in range(len(self.record["hands"]))]

    def review_request(self, options: Mapping[str, Any] | None = None) -> ReviewRequest:
        return ReviewRequest(self.record, self.rules, self.seat or 0, self.bots, dict(options or {}))


