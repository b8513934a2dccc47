"""The heuristic's weights: defaults here, tuned values in ``game/ai/params.json`` (``python3 -m lab.tune``).

The file holds one weight set per level: ``normal``; ``hard`` for a heuristic tuned separately against
stronger opponents (``python3 -m lab.tune --level hard``), for a bot whose ``weight_set`` is ``hard`` (none
is shipped: the tuning run in docs/ai.md found none stronger than normal's, so the hard and expert bots search
from the normal set); and ``loose``, tuned against three greedy players, which the bots move towards against
opponents who waste their cards (``game.ai.reading.field``); and ``patient``, the searching bots' picture of a patient
opponent (``game.ai.reading.styles.picture``: the first set the tuner found for normal, following only with a play
worth ``styles.PATIENT_THRESHOLD``). Its ``variants`` section holds a set per variant whose
scoring differs enough to play to (``python3 -m lab.tune --variant xep-hang --level xep-hang``), which the
normal, hard and expert bots play that variant with (``for_variant``); every other variant plays ``normal``.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.resources import resource

log = logging.getLogger(__name__)

PARAMS_FILE = ("game", "ai", "params.json")
LEVELS = ("normal", "hard", "loose", "patient")  # the weight sets the file may hold
VARIANTS = "variants"  # the file's section of weight sets by variant id
SHIPPED_VARIANTS: tuple[str, ...] = ()  # the variants whose own set ships: without it they warn


@dataclass(frozen=True)
class Weights:
    """What the heuristic trades off; every field is a number the tuner may move."""

    alpha: float = 0.9  # how much a play's control (chance nobody beats it) lowers its cost in a plan
    bomb_bonus: float = 0.3  # extra control of a quad or run of pairs in a plan
    threshold: float = -0.2  # following: play when the best play improves the hand by at least this
    near_threshold: float = -0.8  # the same while an opponent still in the round is about to go out
    spend_penalty: float = 0.7  # price of spending a 2 or a bomb early (scaled by the cards left)
    high_table: float = 0.5  # share of that price paid when the table is already high (10 or more)
    danger: float = 2.0  # an opponent with this many cards or fewer is about to go out
    chase: float = 0.15  # how much lower the threshold goes per card an opponent is from going out
    owner_weight: float = 2.0  # that pressure counted again for the table's owner (it leads if all pass)
    thoi_cards: float = 2.0  # 2s and bombs are shed when an opponent has this many cards or fewer
    shed_bonus: float = 0.3  # bonus for a 2 or bomb played when blocking or before it is counted against us
    round_bonus: float = 0.15  # bonus for a play that surely wins its round
    card_weight: float = 0.08  # near the end, bonus per card shed where every card left costs
    size_weight: float = 0.03  # leading: preference for bigger plays among equally weak ones
    sure: float = 0.12  # a play beaten with at most this chance counts as unbeatable


FIELDS = tuple(f.name for f in fields(Weights))


def from_dict(data: dict[str, Any], base: Weights | None = None) -> Weights:
    """``base`` (default: the defaults) with the known numeric fields of ``data``; unknown names are errors."""
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise ValueError(f"unknown weight(s): {', '.join(unknown)} (known: {', '.join(FIELDS)})")
    values = {k: float(v) for k, v in data.items()}
    return replace(base or Weights(), **values)


def to_dict(weights: Weights) -> dict[str, float]:
    return {k: round(v, 4) for k, v in asdict(weights).items()}


def check_level(level: str) -> str:
    if level not in LEVELS:
        raise ValueError(f"unknown weight set {level!r} (known: {', '.join(LEVELS)})")
    return level


def read(path: Path, level: str = "normal") -> Weights:
    """The weights stored in ``path`` (its ``level`` section)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return from_dict(data[check_level(level)])


def load(path: Path, level: str = "normal") -> Weights:
    """The ``level`` weights in ``path``. If that section is missing or broken: a ``hard`` or ``loose`` set falls
    back to the ``normal`` one, the ``normal`` set to the defaults, each with a logged warning."""
    check_level(level)
    try:
        return read(path, level)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        if level != "normal":
            log.warning("AI %s weights not loaded from %s (%s); using the normal ones", level, path, exc)
            return load(path, "normal")
        log.warning("AI weights not loaded from %s (%s); using the defaults", path, exc)
        return Weights()


@lru_cache(maxsize=len(LEVELS))
def tuned(level: str = "normal") -> Weights:
    """The shipped tuned weights of ``level`` (``game/ai/params.json``)."""
    return load(resource(*PARAMS_FILE), level)


def read_variant(path: Path, variant: str) -> Weights | None:
    """The ``variant``'s own weights stored in ``path``, or None if its ``variants`` section has none."""
    data = json.loads(path.read_text(encoding="utf-8"))
    sets = data.get(VARIANTS, {})
    if not isinstance(sets, dict):
        raise TypeError(f"{VARIANTS} is not a table of weight sets")
    return from_dict(sets[variant]) if variant in sets else None


def load_variant(path: Path, variant: str, shipped: tuple[str, ...] = SHIPPED_VARIANTS) -> Weights:
    """The weights to play ``variant`` with: its own set in ``path``, else the ``normal`` set. A missing set of a
    variant in ``shipped``, or a broken one, falls back with a logged warning."""
    try:
        found = read_variant(path, variant)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("AI weights for %s not loaded from %s (%s); using the normal ones", variant, path, exc)
        return load(path, "normal")
    if found is None:
        if variant in shipped:
            log.warning("AI weights for %s missing from %s; using the normal ones", variant, path)
        return load(path, "normal")
    return found


@lru_cache(maxsize=16)
def for_variant(variant: str) -> Weights:
    """The shipped weights the bots play ``variant`` with: its own tuned set, else the ``normal`` set."""
    return load_variant(resource(*PARAMS_FILE), variant)
