"""An amount of table bets as the player reads it — one way on every screen: the table and its results, the
Rules screen, the statistics, the lessons and the coach (``python3 -m game.review`` and the review screen).

Precision: every built-in price is a multiple of ½ (RULES.md §5: `co-dien` prices a black 2 at ½ and a 3-pair
run at 1.5), and whatever is paid is such prices added up and multiplied by whole numbers (a cóng hand's ×2,
the table bet 1–100), so the built-in variants need one decimal at most. But ``rules.yaml`` lets a house rule
set any number from 0 to 1000 (a price of 0.25, a cóng multiplier of 1.5), so amounts are written to the
cent, rounded half up, with needless zeros dropped: 12, 1.5, 0.25 (0.125 shows as 0.13). Sums of such
prices (0.1 + 0.2) show as the number meant, not as binary fractions. An estimate (the coach's average loss)
is rounded by the code that makes it to what it can tell, then written here.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Context, Decimal

MINUS = "−"  # U+2212, the minus sign (a hyphen is too short beside figures)
_CENT = Decimal("0.01")
_EXACT = Context(prec=400, rounding=ROUND_HALF_UP)  # room for any float's whole digits (at most 309) and cents


def amount(value: float, signed: bool = False, *, lang: str) -> str:
    """``value`` table bets in ``lang`` ("vi" writes a decimal comma): 12, 1.5 / 1,5, −2; ``signed`` adds "+"
    to a gain: +3. Whatever rounds to nothing is "0", never "−0" or "+0"."""
    if not math.isfinite(value):
        return "?" if math.isnan(value) else (MINUS if value < 0 else "+" if signed else "") + "∞"
    cents = _EXACT.quantize(Decimal(repr(value)), _CENT)  # repr: the shortest text of the float, 2.675 not 2.67499…
    if not cents:
        return "0"
    text = f"{abs(cents):f}".rstrip("0").rstrip(".")  # always two decimals before: "12.50" → "12.5", "3.00" → "3"
    if lang == "vi":
        text = text.replace(".", ",")
    return (MINUS if cents < 0 else "+" if signed else "") + text
