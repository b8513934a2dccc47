"""Stepping through a recorded game: forward and back through every action, with the events each one made.

A record is what ``Game.to_dict()`` writes (the deal and every action). ``Replay`` applies its actions to a
fresh game one at a time, so each step yields exactly the events the original game produced at that step.
Going back, or jumping anywhere, rebuilds the game from the deal by replaying the prefix: a game has at most
a few hundred actions and replaying them takes milliseconds, so no snapshots are kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.cards import Card, parse_cards
from game.engine.events import Event
from game.engine.game import Game, IllegalMove
from game.rules import Rules, load_rules

ACTION_KINDS = ("play", "pass", "resign")


@dataclass(frozen=True)
class Step:
    """One recorded action: ``kind`` is ``play``, ``pass`` or ``resign``; ``events`` are what it caused."""

    index: int
    seat: int
    kind: str
    cards: tuple[Card, ...]
    events: tuple[Event, ...]


def parse_action(action: Any) -> tuple[str, int, tuple[Card, ...]]:
    """``["play", seat, "3s 4s"]``, ``["pass", seat]`` or ``["resign", seat]`` as (kind, seat, cards)."""
    if not isinstance(action, (list, tuple)) or len(action) < 2:
        raise ValueError(f"an action should be [kind, seat, ...], not {action!r}")
    kind, seat = action[0], action[1]
    if kind not in ACTION_KINDS:
        raise ValueError(f"unknown action {kind!r}")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"an action's seat should be a number, not {seat!r}")
    if kind != "play":
        return kind, seat, ()
    if len(action) < 3 or not isinstance(action[2], str):
        raise ValueError(f"a play should name its cards: {action!r}")
    return kind, seat, tuple(parse_cards(action[2]))


def apply_action(game: Game, kind: str, seat: int, cards: tuple[Card, ...]) -> list[Event]:
    """Apply one parsed action to ``game``; raises ``IllegalMove`` if the engine refuses it."""
    if kind == "play":
        return game.play(cards, seat)
    if kind == "pass":
        return game.pass_turn(seat)
    return game.resign(seat)


def deal_of(record: Mapping[str, Any], rules: Rules) -> Game:
    """A fresh game at the record's deal, before any action."""
    try:
        hands = [parse_cards(h) for h in record["hands"]]
        must = parse_cards(record["must_contain"])[0] if record.get("must_contain") else None
        return Game(rules, hands, int(record["leader"]), bool(record["first_game"]), must_contain=must)
    except (KeyError, IndexError, TypeError) as exc:
        raise ValueError(f"the recorded deal cannot be read: {exc}") from exc


class Replay:
    """A recorded game, stepped through. ``position`` is the number of actions applied to ``game``.

    ``steps`` holds every action and its events (worked out once, on opening); ``opening`` holds the deal's
    own events (an instant win). ``forward()``, ``back()`` and ``seek(n)`` move ``game`` along.
    """

    def __init__(self, record: Mapping[str, Any], rules: Rules | None = None) -> None:
        try:
            self.rules = rules or load_rules(str(record["variant"]))
            actions = list(record["actions"])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"the recorded game cannot be read: {exc}") from exc
        self.record = dict(record)
        self._parsed = [parse_action(a) for a in actions]
        game = deal_of(record, self.rules)
        self.opening: tuple[Event, ...] = tuple(game.opening_events)
        steps: list[Step] = []
        for i, (kind, seat, cards) in enumerate(self._parsed):
            try:
                events = apply_action(game, kind, seat, cards)
            except IllegalMove as exc:
                raise ValueError(f"action {i + 1} ({kind} by seat {seat}) cannot be replayed: {exc}") from exc
            steps.append(Step(i, seat, kind, cards, tuple(events)))
        self.steps: tuple[Step, ...] = tuple(steps)
        self.final = game  # the whole game, played to its last recorded action
        self.game = game
        self.position = len(steps)

    @classmethod
    def of(cls, game: Game) -> Replay:
        """The replay of a game played here (its rules as they were, house rules included)."""
        return cls(game.to_dict(), game.rules)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def players(self) -> int:
        return self.final.players

    @property
    def at_start(self) -> bool:
        return self.position == 0

    @property
    def at_end(self) -> bool:
        return self.position == len(self.steps)

    def game_at(self, position: int) -> Game:
        """A new game with the first ``position`` actions applied (the current one is left alone)."""
        if not 0 <= position <= len(self.steps):
            raise IndexError(f"no step {position} in a replay of {len(self.steps)}")
        return self._rebuild(position)

    def _rebuild(self, position: int) -> Game:
        game = deal_of(self.record, self.rules)
        for kind, seat, cards in self._parsed[:position]:
            apply_action(game, kind, seat, cards)
        return game

    def forward(self) -> list[Event]:
        """Apply the next action; its events (the same as the original game's), or [] at the end."""
        if self.at_end:
            return []
        kind, seat, cards = self._parsed[self.position]
        events = apply_action(self.game, kind, seat, cards)
        self.position += 1
        return events

    def back(self) -> Game:
        """Undo the last action (the game is rebuilt from the deal); the game as it now is."""
        return self.seek(max(0, self.position - 1))

    def seek(self, position: int) -> Game:
        """Jump to just after ``position`` actions (clamped to the replay); the game as it now is."""
        position = max(0, min(len(self.steps), position))
        if position != self.position:  # the kept final game is only ever shown at the end, never stepped
            self.game = self._rebuild(position)
            self.position = position
        return self.game

    def decisions(self, seat: int) -> list[Step]:
        """The steps where ``seat`` chose a play or a pass."""
        return [s for s in self.steps if s.seat == seat and s.kind in ("play", "pass")]
