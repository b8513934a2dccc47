"""Why a decision cost: a reason code and its fields, found from the seat's view and the grade.

The codes, checked in this order (the first that fits is the reason):
``passed_short`` passed while an opponent was about to go out and a play would have stopped them;
``passed`` passed when a play was better; ``led_short`` led the very size an opponent on one or two cards
could answer with their last cards; ``spent`` spent a 2 or a bomb early where keeping it was better;
``broke`` broke up a combination of the hand to make the play; ``played`` played where passing was better;
``better`` anything else. ``kept_to_end`` is found for the whole game: losing while holding 2s or bombs that
were paid for (thối).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.ai.base import opponents
from game.ai.normal import NormalBot
from game.engine.cards import Card, Rank
from game.engine.combos import SINGLE, classify
from game.engine.scoring import GameResult
from game.engine.view import SeatView
from game.rules import Rules


def is_control_play(cards: Sequence[Card] | None) -> bool:
    combo = classify(cards) if cards else None
    return combo is not None and (combo.is_twos or combo.is_bomb)


def explain(view: SeatView, chosen: Sequence[Card] | None, best: Sequence[Card] | None) -> tuple[str, dict[str, Any]]:
    """The reason ``chosen`` was worse than ``best`` in ``view``, as (code, fields)."""
    opps = opponents(view)
    short = min(((view.counts[s], s) for s in opps), default=None)
    best_combo = classify(best) if best else None
    if chosen is None:
        if short is not None and short[0] <= 2 and best_combo is not None:
            return "passed_short", {"seat": short[1], "count": short[0], "best": best_combo}
        return "passed", {"best": best_combo, "table": view.table}
    play = classify(chosen)
    assert play is not None, chosen
    base: dict[str, Any] = {"play": play, "table": view.table, "best": best_combo}
    led_into = view.table is None and short is not None and short[0] <= 2 and len(chosen) == short[0]
    if led_into and short is not None:
        return "led_short", {**base, "seat": short[1], "count": short[0]}
    left = len(view.hand) - len(chosen)
    if is_control_play(chosen) and not is_control_play(best) and left > 4:
        return "spent", {**base, "left": left}
    broken = broken_group(view, chosen)
    if broken is not None:
        return "broke", {**base, "group": broken}
    if best is None:
        return "played", base
    return "better", base


def broken_group(view: SeatView, chosen: Sequence[Card]) -> Any:
    """The combination of the hand's plan that ``chosen`` takes cards from without using it whole, if any."""
    ctx = NormalBot(0).context(view)
    used = set(chosen)
    for group in ctx.planner.plan(ctx.hand).groups:
        if group.kind == SINGLE:
            continue
        cards = set(group.cards_from(ctx.hand))
        if used & cards and not cards <= used:
            return classify(sorted(cards))
    return None


def caught_holding(rules: Rules, result: GameResult, seat: int, hand: Sequence[Card]) -> tuple[tuple[Card, ...], float]:
    """The 2s ``seat`` still held when the game ended and what they cost it, if it paid thối for its hand."""
    paid = sum(t.amount for t in result.transfers if t.payer == seat and t.reason in ("thoi", "cong"))
    if result.order and result.order[0] == seat or paid <= 0:
        return (), 0.0
    twos = tuple(c for c in hand if c.rank == Rank.TWO)
    cost = sum(rules.prices.two[c.suit] for c in twos)
    return twos, min(paid, cost)
