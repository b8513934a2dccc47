"""Fit the searching bots' calibration from arena records: ``python3 -m lab.checks.fit_calibration RUN.json ...``.

A hard or expert bot's ``prediction`` is its chosen play's chance of going out first. The playouts' own
share of wins (the *raw* chance) is off in a way that depends on who the opponents are: too low against
patient players, too high against keen ones. Once a match is remembered the prediction is a logistic function
of the raw chance's log-odds and the opponents' mean chance of playing patiently over the deals played out
(``game.ai.search.calibration.MATCH_MODEL``). This fits its coefficients by maximum likelihood on the remembered
decisions in the given records (``python -m lab.arena --match 20 --out ...``, which keeps what each
prediction was made from), and prints each file's calibration by fifth as the bot predicts (the single-deal
map before anything is remembered) with the shipped model and with the fitted one. With ``--check`` it only
prints the shipped one: the way to check it on runs it was not fitted on.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from pathlib import Path

from game.ai.search.calibration import CALIBRATION, MATCH_MODEL, Logistic, calibrated, features
from lab.arena_records import load

Row = tuple[float, float, bool, float]  # raw chance, patience, remembered, won


def rows_of(path: Path, bot: str) -> list[Row]:
    """The decisions of ``bot`` in one record file: what each prediction was made from, and the outcome."""
    out: list[Row] = []
    for record in load([path]):
        if len(record.evidence) != len(record.predictions) or any(len(e) != 3 for e in record.evidence):
            raise SystemExit(f"{path}: its predictions do not say what they were made from (an older record?)")
        for (name, _, won), (raw, patience, remembered) in zip(record.predictions, record.evidence, strict=True):
            if name == bot:
                out.append((raw, patience, remembered > 0.5, won))
    return out


def predict(model: Logistic, row: Row) -> float:
    """The bot's prediction for ``row`` with ``model`` as its match model."""
    raw, patience, remembered, _ = row
    return model.predict(raw, patience) if remembered else calibrated(raw, CALIBRATION)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small symmetric positive system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(rows: Sequence[tuple[Sequence[float], float]], ridge: float = 1e-3, steps: int = 30,
        offsets: Sequence[float] | None = None, intercept: bool = True) -> list[float]:  # fmt: skip
    """Logistic regression by Newton's method (a little ridge keeps it stable): the coefficients of the
    features in order, the intercept first (unless ``intercept`` is false). ``offsets``, one a row, are added
    to each row's log-odds as they are (a known part of the model)."""
    k = len(rows[0][0]) + intercept
    beta = [0.0] * k
    base = offsets if offsets is not None else [0.0] * len(rows)
    for _ in range(steps):
        grad = [-ridge * b for b in beta]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for (xs, y), o in zip(rows, base, strict=True):
            x = [1.0, *xs] if intercept else list(xs)
            p = 1.0 / (1.0 + math.exp(-o - sum(b * v for b, v in zip(beta, x, strict=True))))
            w = p * (1.0 - p)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                for j in range(k):
                    hess[i][j] += w * x[i] * x[j]
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return beta


def by_fifth(pairs: list[tuple[float, float]]) -> str:
    pairs.sort(key=lambda pw: pw[0])
    parts = []
    for b in range(5):
        part = pairs[b * len(pairs) // 5 : (b + 1) * len(pairs) // 5]
        pred = sum(p for p, _ in part) / len(part)
        real = sum(w for _, w in part) / len(part)
        parts.append(f"{pred:.3f}/{real:.3f} ({real - pred:+.3f})")
    return "  ".join(parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("runs", nargs="+", type=Path, help="arena record files (python -m lab.arena --out)")
    parser.add_argument("--bot", default="hard", help="the searching bot's name in the lineup")
    parser.add_argument("--check", action="store_true", help="only show the shipped model's calibration")
    args = parser.parse_args(argv)
    data = {path: rows_of(path, args.bot) for path in args.runs}
    models = {"shipped": MATCH_MODEL}
    if not args.check:
        rows = [(features(raw, patience), won) for found in data.values() for raw, patience, remembered, won in found
                if remembered]  # fmt: skip
        if not rows:
            raise SystemExit("no remembered decisions to fit on: record matches (--match 20)")
        beta = fit(rows)
        models["fitted"] = Logistic(round(beta[0], 4), tuple(round(b, 4) for b in beta[1:]))
        print(f"fitted on {len(rows)} remembered decisions: {models['fitted']}")
    print("predicted/actual (gap) by fifth of the predictions")
    for path, found in data.items():
        for name, model in models.items():
            pairs = [(predict(model, row), row[3]) for row in found]
            print(f"{path.name:<16} {name:<8} {len(found):>6}  {by_fifth(pairs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
