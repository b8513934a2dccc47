"""Engine values in the player's language: combinations, refusal reasons, amounts, places."""

from __future__ import annotations

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


# Refusal codes whose text needs no fields from the combinations.
_PLAIN = {"no_combo", "not_your_turn", "choose", "passed", "after_pass", "triple_twos", "game_over", "out",
          "lead_no_pass", "chosen_twice"}


def reason_text(reason: str, mine: Combo | None, table: Combo | None) -> str:
    """The engine's refusal (a ``game.Refusal``) in the current language, by its stable code."""
    code = getattr(reason, "code", None)
    fields = getattr(reason, "fields", {})
    if code in _PLAIN:
        return t(f"reason.{code}")
    if code == "must_contain":
        return t("reason.must_contain", card=fields["card"])
    if code == "not_held":
        return t("reason.not_held", cards=fields["cards"])
    if code in ("cannot_beat", "cannot_bomb") and mine is not None and table is not None:
        return t(f"reason.{code}", a=combo_name(mine), b=combo_name(table))
    if code == "not_higher" and mine is not None and table is not None:
        return t("reason.not_higher", a=str(mine), b=str(table))
    return reason[:1].upper() + reason[1:]
