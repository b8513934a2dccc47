"""What a seat may play now: the moves that could answer the table, whether one is allowed, and why not.

``Game.legal_moves`` and ``Game.check_play`` are the one judge of a move (the UI's highlighting, the hint, the AI
and the tests all ask them); these are the rules they apply, read from the game's state and never changing it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from game.engine.cards import Card
from game.engine.combos import KINDS, PAIR, PAIR_RUN, QUAD, STRAIGHT, Combo, classify, generate
from game.engine.refusals import Refusal
from game.rules.variant import Rules, beat_reason


class Game(Protocol):
    """What legality reads of a game (``game.engine.game.Game`` is one)."""

    rules: Rules
    players: int
    hands: list[list[Card]]
    table: Combo | None
    passed: set[int]
    passed_on_top: set[int]
    must_contain: Card | None
    current_player: int
    is_over: bool

    def active(self, seat: int) -> bool: ...


def exception_open(game: Game) -> bool:
    """Four pairs after a pass: a pair of 2s on top lets players who passed answer with a run of 4 pairs."""
    t = game.table
    return game.rules.pair_run4_ignores_pass and t is not None and t.kind == PAIR and t.is_twos


def eligible(game: Game, seat: int) -> bool:
    """Whether ``seat`` may still take a turn in this round."""
    if not game.active(seat):
        return False
    if seat not in game.passed:
        return True
    return exception_open(game) and seat not in game.passed_on_top


def candidates(game: Game, seat: int) -> Iterable[Combo]:
    """The combinations of ``seat``'s hand that could answer the table (not yet checked against it)."""
    hand, table = game.hands[seat], game.table
    if table is None:
        return generate(hand, KINDS)
    if seat in game.passed:
        return (c for c in generate(hand, (PAIR_RUN,)) if c.length >= 4)
    same = generate(hand, (table.kind,), table.length if table.kind in (STRAIGHT, PAIR_RUN) else None)
    if table.is_twos or table.is_bomb:
        bombs = (c for c in generate(hand, (QUAD, PAIR_RUN)) if c.kind != table.kind or c.length != table.length)
        return [*same, *bombs]
    return same


def allowed(game: Game, seat: int, combo: Combo) -> bool:
    """``why_not(game, seat, combo) is None``, without building the reason (the move generator's hot path)."""
    if game.table is None:
        return game.must_contain is None or game.must_contain in combo.cards
    if seat in game.passed and (not exception_open(game) or combo.kind != PAIR_RUN or combo.length < 4):
        return False
    return game.rules.can_beat(combo, game.table)


def why_not(game: Game, seat: int, combo: Combo) -> Refusal | None:
    """Why ``combo`` may not be played by ``seat`` on the table as it is; ``None`` when it may."""
    if game.table is None:
        if game.must_contain is not None and game.must_contain not in combo.cards:
            return Refusal("must_contain", card=game.must_contain)
        return None
    if seat in game.passed:
        if not exception_open(game):
            return Refusal("passed")
        if combo.kind != PAIR_RUN or combo.length < 4:
            return Refusal("after_pass")
    return beat_reason(game.rules, combo, game.table)


def refusal(game: Game, cards: list[Card], seat: int) -> Refusal | None:
    """Why ``seat`` may not play ``cards`` now, in plain words; ``None`` when the play is legal."""
    if game.is_over:
        return Refusal("game_over")
    if not 0 <= seat < game.players:
        return Refusal("no_seat", seat=seat)
    if not game.active(seat):
        return Refusal("out")
    if seat != game.current_player:
        return Refusal("passed" if seat in game.passed else "not_your_turn")
    if not cards:
        return Refusal("choose")
    if len(set(cards)) != len(cards):
        return Refusal("chosen_twice")
    missing = [c for c in cards if c not in game.hands[seat]]
    if missing:
        return Refusal("not_held", cards=" ".join(map(str, missing)))
    combo = classify(cards)
    if combo is None:
        return Refusal("no_combo")
    return why_not(game, seat, combo)


def card_list(cards: Iterable[Card]) -> list[Card]:
    """``cards`` as a list, refused with a clear message unless it is a collection of ``Card``."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"cards must be a collection of Card (see parse_cards), not {type(cards).__name__}")
    out = list(cards)
    for card in out:
        if not isinstance(card, Card):
            raise TypeError(f"cards must be Card values (see parse_cards), not {type(card).__name__} {card!r}")
    return out
