"""What a lesson is made of: a fixed deal and a list of steps, and how a player's move is checked.

A step's ``text`` is a catalogue key (``lesson.<id>.<name>``): the words live with the interface's other
texts, in both languages. Checking a move goes through the engine first (``Game.check_play`` and the
engine's own pass), so a refused move carries the engine's refusal code; only a legal move that is not what
the step asks for gets one of the lesson's own codes (``WANT_CODES``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.cards import Card, parse_cards
from game.engine.combos import KINDS, classify
from game.engine.events import Event
from game.engine.game import Game
from game.engine.instant import instant_win_pattern
from game.engine.refusals import Refusal
from game.lessons.practice import replay_prefix
from game.rules import INSTANT_WIN_PATTERNS, Rules

PLAY, PASS, SHOW = "play", "pass", "show"

#: The lesson's own reasons for turning down a legal move, with the fields each one names.
WANT_CODES = {
    "want_kind": ("kind",),  # a legal play, but the step asks for another kind of combination
    "want_cards": ("cards",),  # the right kind, but the step asks for these cards
    "want_pass": (),  # a legal play, but the step asks you to pass
    "want_play": (),  # passing is allowed, but the step asks you to play
    "not_pattern": ("pattern",),  # the cards shown are not the instant-win pattern asked for
    "not_held": ("cards",),  # the cards shown are not all in your hand
}


@dataclass(frozen=True)
class Goal:
    """What the player must do: ``play`` (of ``kind`` and exactly ``cards`` when given), ``pass``, or ``show``
    the cards of an instant-win ``pattern``."""

    action: str
    kind: str | None = None
    cards: str | None = None
    pattern: str | None = None

    def __post_init__(self) -> None:
        if self.action not in (PLAY, PASS, SHOW):
            raise ValueError(f"unknown goal {self.action!r}")
        if self.kind is not None and self.kind not in KINDS:
            raise ValueError(f"unknown combination kind {self.kind!r}")
        if self.action == SHOW and self.pattern not in INSTANT_WIN_PATTERNS:
            raise ValueError(f"unknown instant-win pattern {self.pattern!r}")
        if self.cards is not None:
            combo = classify(parse_cards(self.cards))
            if combo is None or (self.kind is not None and combo.kind != self.kind):
                raise ValueError(f"{self.cards} is not {self.kind or 'a combination'}")

    @property
    def card_list(self) -> tuple[Card, ...]:
        return tuple(sorted(parse_cards(self.cards))) if self.cards else ()


@dataclass(frozen=True)
class Say:
    """Words for the player, who continues when ready; ``result`` shows the game's payments with them."""

    text: str
    result: bool = False


@dataclass(frozen=True)
class Opponent:
    """A scripted opponent's action: ``cards`` to play, or ``None`` to pass."""

    seat: int
    cards: str | None = None


@dataclass(frozen=True)
class Ask:
    """The player's turn: ``text`` says what to do, ``goal`` is what the step accepts."""

    text: str
    goal: Goal


Step = Say | Opponent | Ask


@dataclass(frozen=True)
class Lesson:
    """One lesson: a fixed deal (hand texts, seat 0 is the player's), who leads, and the steps.

    ``variant`` is the variant it is played under; ``None`` means the variant the player chose.
    """

    id: str
    hands: tuple[str, ...]
    leader: int
    steps: tuple[Step, ...]
    variant: str | None = "mien-nam"

    @property
    def title(self) -> str:
        return f"lesson.{self.id}.title"

    @property
    def summary(self) -> str:
        return f"lesson.{self.id}.summary"

    def deal(self, rules: Rules) -> Game:
        """The lesson's game at its start (an instant win on the deal is found as in any game)."""
        return Game(rules, [parse_cards(h) for h in self.hands], self.leader, first_game=False)


def changes_game(step: Step) -> bool:
    """Whether doing ``step`` adds an action to the game (a play or a pass, the player's or a scripted one)."""
    return isinstance(step, Opponent) or (isinstance(step, Ask) and step.goal.action != SHOW)


@dataclass(frozen=True)
class Verdict:
    """The answer to one attempt: accepted (with the engine's events) or turned down and why.

    A turned-down move has either ``refusal`` (the engine's, with its code) or a lesson ``code`` from
    ``WANT_CODES`` and its ``fields``.
    """

    ok: bool
    events: tuple[Event, ...] = ()
    refusal: Refusal | None = None
    code: str | None = None
    fields: dict[str, Any] = field(default_factory=dict)


def judge_play(game: Game, seat: int, goal: Goal, cards: Sequence[Card]) -> Verdict:
    """Check a play against the engine, then against the step's goal; play it when both accept."""
    refusal = game.check_play(cards, seat)
    if refusal is not None:
        return Verdict(False, refusal=refusal)
    combo = classify(cards)
    assert combo is not None
    if goal.action == PASS:
        return Verdict(False, code="want_pass")
    if goal.kind is not None and combo.kind != goal.kind:
        return Verdict(False, code="want_kind", fields={"kind": goal.kind, "mine": combo})
    if goal.cards is not None and combo.cards != goal.card_list:
        return Verdict(False, code="want_cards", fields={"cards": goal.card_list})
    return Verdict(True, tuple(game.play(cards, seat)))


def judge_pass(game: Game, seat: int, goal: Goal) -> Verdict:
    """Check a pass: the engine's refusal if it refuses one (asked on a copy), else the step's goal."""
    if goal.action == PASS:
        try:
            return Verdict(True, tuple(game.pass_turn(seat)))
        except ValueError as exc:
            return Verdict(False, refusal=getattr(exc, "reason", None))
    trial = replay_prefix(game, len(game.actions))
    try:
        trial.pass_turn(seat)
    except ValueError as exc:
        return Verdict(False, refusal=getattr(exc, "reason", None))
    return Verdict(False, code="want_play")


def judge_show(hand: Sequence[Card], goal: Goal, cards: Sequence[Card]) -> Verdict:
    """Check that the cards shown are the player's and make the instant-win pattern asked for."""
    missing = [c for c in cards if c not in hand]
    if missing:
        return Verdict(False, code="not_held", fields={"cards": tuple(missing)})
    assert goal.pattern is not None
    if not cards or instant_win_pattern(list(cards), (goal.pattern,)) != goal.pattern:
        return Verdict(False, code="not_pattern", fields={"pattern": goal.pattern})
    return Verdict(True)
