"""How long an opponent seems to think before it plays: as long as a person would take over that turn.

A person passes at once when nothing in hand beats the table, plays an only choice quickly, takes a moment
over a real choice and a little longer over a lead, and never takes exactly the same time twice. The pause
is what the table shows; the bot's own thinking runs beside it (``BotRunner``), so a slow search only
lengthens a pause it outlasts.
"""

from __future__ import annotations

import random

from game.engine.view import SeatView

THINK_SECONDS = 0.75  # a follow with a real choice, at normal opponent speed
#: The share of ``THINK_SECONDS`` each kind of turn takes: nothing beats the table (a pass), one play only,
#: a follow with a choice, a lead with a choice.
NOTHING_BEATS, ONLY_CHOICE, FOLLOW, LEAD = 0.4, 0.55, 1.0, 1.2
JITTER = (0.85, 1.2)  # each pause is the kind's share times a draw from this range


def think_seconds(view: SeatView, speed: float, rng: random.Random) -> float:
    """The pause before the seat of ``view`` plays, at ``speed`` times the normal opponent speed."""
    moves = len(view.legal_moves)
    if view.table is not None and moves == 0:
        share = NOTHING_BEATS
    elif moves <= 1:
        share = ONLY_CHOICE
    else:
        share = FOLLOW if view.table is not None else LEAD
    return THINK_SECONDS * share * rng.uniform(*JITTER) / max(0.1, speed)
