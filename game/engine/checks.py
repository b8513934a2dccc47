"""Checking what callers hand the engine: a wrong type is a ``TypeError``, a bad value a ``ValueError``,
and each message names the argument and what it got. Nothing here builds anything."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from game.engine.cards import Card

HAND_SIZE = 13  # the most cards a seat can hold: a deal gives 13 each


def check_int(name: str, value: Any, lo: int | None = None, hi: int | None = None) -> int:
    """``value`` as an int in ``lo..hi`` (a bool, a float, infinity or text is refused)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} {short(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            raise ValueError(f"{name} must be {lo} to {hi}, not {short(value)}")
        raise ValueError(f"{name} must be {'at least ' + str(lo) if lo is not None else 'at most ' + str(hi)}, "
                         f"not {short(value)}")
    return int(value)


def check_bool(name: str, value: Any) -> bool:
    """``value`` if it is ``True`` or ``False``; text such as ``"false"`` is refused, never read as true."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be true or false, not {type(value).__name__} {short(value)}")
    return value


def check_seat(name: str, seat: Any, players: int) -> int:
    return check_int(name, seat, 0, players - 1)


def check_hands(hands: Any, *, allow_empty: bool = False) -> list[list[Card]]:
    """2 to 4 disjoint hands of Card, each of 1 to 13 cards (0 allowed for a seat already out), sorted."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise TypeError(f"hands must be a list of card lists, not {type(hands).__name__}")
    out: list[list[Card]] = []
    for i, hand in enumerate(hands):
        if isinstance(hand, (str, bytes)) or not isinstance(hand, Iterable):
            raise TypeError(f"hand {i} must be a collection of Card, not {type(hand).__name__} {short(hand)}")
        cards = list(hand)
        for card in cards:
            if not isinstance(card, Card):
                raise TypeError(f"hand {i} holds {type(card).__name__} {short(card)}, not a Card")
        if len(cards) > HAND_SIZE or (not cards and not allow_empty):
            raise ValueError(f"hand {i} has {len(cards)} cards; a hand holds 1 to {HAND_SIZE}")
        if len(set(cards)) != len(cards):
            raise ValueError(f"hand {i} holds a card twice")
        out.append(sorted(cards))
    if not 2 <= len(out) <= 4:
        raise ValueError(f"a game needs 2 to 4 hands, not {len(out)}")
    every = [c for h in out for c in h]
    if len(set(every)) != len(every):
        raise ValueError("the hands share a card")
    return out


def check_card(name: str, value: Any) -> Card | None:
    if value is not None and not isinstance(value, Card):
        raise TypeError(f"{name} must be a Card or None, not {type(value).__name__} {short(value)}")
    return value


def short(value: Any, limit: int = 40) -> str:
    """A value's repr cut to ``limit`` characters (a 5,000-digit number or a long text must not fill a message)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an int of about {int(value.bit_length() * 0.30103)} digits"
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
