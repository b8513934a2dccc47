"""Engine values in the player's language: combinations, refusal reasons, amounts, places."""

from __future__ import annotations

import re

from game.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo
from ui.i18n import t


def combo_name(combo: Combo | None) -> str:
    if combo is None:
        return ""
    if combo.kind in (SINGLE, PAIR, TRIPLE) and combo.is_twos:
        return t(f"combo.{combo.kind}_two")
    if combo.kind == STRAIGHT:
        return t("combo.straight", n=combo.length)
    if combo.kind == PAIR_RUN:
        return t("combo.pair_run", n=combo.length)
    if combo.kind == QUAD:
        return t("combo.quad")
    return t(f"combo.{combo.kind}")


def amount(value: float, signed: bool = False) -> str:
    """Table bets without needless decimals: 12, 1.5, +3, −2."""
    text = f"{abs(value):.2f}".rstrip("0").rstrip(".")
    if not signed:
        return ("−" if value < 0 else "") + text
    if abs(value) < 1e-9:
        return "0"
    return ("+" if value > 0 else "−") + text


def place_name(place: int) -> str:
    return t(f"place.{place}") if 1 <= place <= 4 else str(place)


_FIXED = {
    "these cards form no combination": "reason.no_combo",
    "it is not your turn": "reason.not_your_turn",
    "choose the cards to play": "reason.choose",
    "you passed this round": "reason.passed",
    "after passing, only a run of 4 or more pairs may answer a pair of 2s": "reason.after_pass",
    "nothing beats a triple of 2s": "reason.triple_twos",
    "the game is over": "reason.game_over",
    "you are out of this game": "reason.out",
    "you lead this round and cannot pass": "reason.lead_no_pass",
}
_MUST = re.compile(r"the first play of the game must contain (\S+)")


def reason_text(reason: str, mine: Combo | None, table: Combo | None) -> str:
    """The engine's refusal in the current language (the engine's English when a phrase is new to us)."""
    key = _FIXED.get(reason)
    if key:
        return t(key)
    m = _MUST.fullmatch(reason)
    if m:
        return t("reason.must_contain", card=m.group(1))
    a, b = combo_name(mine), combo_name(table)
    if mine is not None and table is not None:
        if " cannot bomb " in reason:
            return t("reason.cannot_bomb", a=a, b=b)
        if " cannot beat " in reason:
            return t("reason.cannot_beat", a=a, b=b)
        if " is not higher than " in reason:
            return t("reason.not_higher", a=str(mine), b=str(table))
    return reason[:1].upper() + reason[1:]
