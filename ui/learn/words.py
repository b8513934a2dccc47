"""Practice hints and lesson verdicts in the player's language. No pygame."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine.cards import Card
from game.engine.combos import SINGLE, Combo
from game.engine.scoring import GameResult
from game.lessons import Verdict
from game.review.advice import Advice, Reason
from game.rules import Rules
from ui.i18n import t
from ui.table.words import amount, combo_name, pays_text, reason_text, transfer_reason


def play_text(combo: Combo | None) -> str:
    """A combination with its cards, e.g. "đôi 6♣ 6♥" / "a pair 6♣ 6♥"; a single is just its card ("2♥", not
    "a single 2 2♥")."""
    if combo is None:
        return t("advice.passing")
    if combo.kind == SINGLE:
        return str(combo)
    return f"{combo_name(combo)} {combo}"


def reason_line(reason: Reason, names: Sequence[str]) -> str:
    """One reason of a hint as a sentence; combinations are named with their cards, seats by name."""
    fields: dict[str, Any] = {}
    for key, value in reason.fields.items():
        if isinstance(value, Combo) or (value is None and key in ("other", "keep", "table", "broken", "play")):
            fields[key] = play_text(value)
        elif key == "seat":
            fields["name"] = names[value] if 0 <= value < len(names) else "?"
        elif isinstance(value, Card):
            fields[key] = str(value)
        else:
            fields[key] = value
    return t(f"advice.{reason.code}", **fields)


def advice_lines(advice: Advice, names: Sequence[str]) -> list[str]:
    """The hint's headline ("Hint: pass" / "Hint: a pair 6♣ 6♥") and its reasons."""
    head = t("advice.play", play=play_text(advice.combo)) if advice.move else t("advice.pass")
    return [head] + [reason_line(r, names) for r in advice.reasons]


def verdict_lines(verdict: Verdict, mine: Combo | None, table: Combo | None) -> list[str]:
    """Why a lesson turned a move down: what is wrong, then (for the engine's refusals) what the rule is."""
    if verdict.refusal is not None:
        lines = [reason_text(verdict.refusal, mine, table)]
        teach = t(f"learn.why.{verdict.refusal.code}")
        if not teach.startswith("learn.why."):
            lines.append(teach)
        return lines
    if verdict.code is None:
        return []
    fields = dict(verdict.fields)
    if "kind" in fields:
        fields["kind"] = t(f"learn.kind.{fields['kind']}")
    if isinstance(fields.get("mine"), Combo):
        fields["mine"] = combo_name(fields["mine"])
    if "cards" in fields:
        fields["cards"] = " ".join(str(c) for c in fields["cards"])
    if "pattern" in fields:
        name = t(f"pattern.{fields['pattern']}")
        fields["pattern"] = name[:1].lower() + name[1:]  # inside a sentence
    return [t(f"learn.{verdict.code}", **fields)]


def payment_lines(result: GameResult, rules: Rules, name: Callable[[int], str]) -> list[str]:
    """A game's payments worded as the results screen words them (seat 0 is the player)."""
    lines = [t("results.line", pays=pays_text(tr.payer, tr.payee, amount(tr.amount), 0, name),
               reason=transfer_reason(tr, rules, result.priced_hands[tr.payer]))
             for tr in result.transfers]  # fmt: skip
    if any(result.place_payouts):
        parts = [f"{name(s)} {amount(v, True)}" for s, v in enumerate(result.place_payouts)]
        lines.append(f"{t('results.place_payout')}: " + ", ".join(parts))
    return lines
