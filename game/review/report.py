"""A review as text (either language) or as JSON-friendly data."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine.amounts import amount
from game.engine.combos import Combo
from game.review.coach import Finding, Review
from game.review.grade import Grade
from game.review.words import bets, phrase, place_word, reason_text


def _percent(x: float) -> str:
    return f"{round(100 * x)}%"


def finding_line(finding: Finding, lang: str, names: Sequence[str] = ()) -> str:
    """"Move 12 (you played 2♥): spent 2♥ on a single 9♠ with 10 cards still to play — passing was worth …"."""
    g = finding.grade
    head = phrase("move", lang, n=finding.step + 1)
    reason = reason_text(finding.code, finding.fields, lang, names)
    if g is None:
        return f"{head}: {reason}."
    chosen_opt = next(o for o in g.options if o.move == g.chosen)
    best_opt = next(o for o in g.options if o.move == g.best)
    loss = round(g.loss, 1)  # an estimate from sampled deals: a tenth of a bet is as fine as it can tell
    worth = phrase("worth", lang, loss=amount(loss, lang=lang), unit=bets(loss, lang))
    if abs(best_opt.win - chosen_opt.win) >= 0.05:
        worth += "; " + phrase("win_chance", lang, win_from=_percent(chosen_opt.win), win_to=_percent(best_opt.win))
    return f"{head}: {reason} ({worth})."


@dataclass(frozen=True)
class ChancePoint:
    """One of the seat's real choices, as the chance chart shows it: the replay step, the chance to win (go out
    first) with the move made, with the coach's best move, and the finding it is (1 the costliest) or 0."""

    step: int
    chosen: float
    best: float
    finding: int = 0


def chance_path(review: Review) -> tuple[ChancePoint, ...]:
    """The seat's chance to win through the game, decision by decision: the chances shown (``grade.Option.win``)
    of the move made and of the best move found, at every decision with a real choice."""
    rank = {f.step: i + 1 for i, f in enumerate(review.findings)}
    points = []
    for d in review.decisions:
        g = d.grade
        if g.forced or not g.options:
            continue
        wins = {o.move: o.win for o in g.options}
        chosen = wins[g.chosen]
        points.append(ChancePoint(d.step, chosen, wins.get(g.best, chosen), rank.get(d.step, 0)))
    return tuple(points)


def duplicate_line(review: Review, lang: str) -> str:
    d = review.duplicate
    if d is None:
        return ""
    level = phrase(f"level.{review.level}", lang) if review.level in ("expert", "hard") else review.level
    return phrase("duplicate", lang, level=level, place=place_word(d.place, lang, d.players),
                  net=amount(d.net, True, lang=lang), your_place=place_word(d.your_place, lang, d.players),
                  your_net=amount(d.your_net, True, lang=lang))  # fmt: skip


def text(review: Review, lang: str = "en", names: Sequence[str] = ()) -> str:
    """The review as the headless command prints it."""
    lines = [finding_line(f, lang, names) for f in review.findings] or [
        phrase("none" if review.decisions else "nothing", lang)]
    dup = duplicate_line(review, lang)
    return "\n".join([*lines, *([dup] if dup else [])])


def _move(cards: Any) -> str | None:
    return None if not cards else " ".join(c.ascii for c in cards)


def _value(value: Any) -> Any:
    if isinstance(value, Combo):
        return _move(value.cards)
    if isinstance(value, tuple) and value and hasattr(value[0], "ascii"):
        return _move(value)
    return value


def grade_dict(g: Grade) -> dict[str, Any]:
    return {"chosen": _move(g.chosen), "best": _move(g.best), "strongest": _move(g.strongest), "forced": g.forced,
            "loss": round(g.loss, 3), "win_loss": round(g.win_loss, 3), "noise": round(g.noise, 3), "deals": g.deals,
            "options": [{"move": _move(o.move), "chips": round(o.chips, 3), "win": round(o.win, 3)}
                        for o in g.options]}  # fmt: skip


def to_json(review: Review, names: Sequence[str] = ()) -> dict[str, Any]:
    """Everything the review found, with moves in ASCII card text ("3s 4s") and both languages' sentences."""
    return {
        "seat": review.seat, "level": review.level, "variant": review.variant, "seconds": round(review.seconds, 2),
        "decisions": [{"step": d.step, **grade_dict(d.grade)} for d in review.decisions],
        "findings": [{"step": f.step, "code": f.code, "cost": round(f.cost, 3),
                      "fields": {k: _value(v) for k, v in f.fields.items()},
                      "text": {lang: finding_line(f, lang, names) for lang in ("vi", "en")}} for f in review.findings],
        "chances": [{"step": p.step, "chosen": round(p.chosen, 3), "best": round(p.best, 3)}
                    for p in chance_path(review)],
        "duplicate": review.duplicate.to_dict() if review.duplicate else None,
        "summary": {lang: text(review, lang, names) for lang in ("vi", "en")},
    }  # fmt: skip


__all__ = ["ChancePoint", "chance_path", "duplicate_line", "finding_line", "grade_dict", "text", "to_json"]
