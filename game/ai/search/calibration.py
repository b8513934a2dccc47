"""From the search's raw win chance to a calibrated one: the searching bots' ``prediction``.

The raw chance (the chosen play's share of 0/1 finishes won over the race's few deals) is too sure of
itself, and off in a way that depends on who the opponents are: the playouts picture each opponent keen or
patient by a draw (``game.ai.search.pictured``), so against patient players pictured half keen it runs low, against
keen ones pictured half patient high. Within a single deal, before the first passes, nothing tells the two
kinds of table apart, so one map can be right for one kind only: the single-deal map is fitted on the
yardstick (``CALIBRATION``, three baseline players). Once a match is remembered the bot knows its opponents,
and the match model (``MATCH_MODEL``) reads their patience as well: it is calibrated against keen and patient
tables alike (docs/ai.md). ``python3 -m lab.checks.fit_calibration`` fits it from arena records.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The single-deal map, piecewise linear through these points (raw, observed), each the mean of a tenth of
#: 6,611 decisions of hard vs 3 baseline (mien-nam, 64 deals' work: `--seed 11` deals 0–199 and `--seed 5`
#: deals 0–149), flat beyond the ends: 0.04 raw where 0.12 came true, 0.97 where 0.89 did. It is checked
#: on deals it was not fitted on (lab/notes/ai-diary.md).
CALIBRATION = ((0.036, 0.123), (0.112, 0.287), (0.196, 0.327), (0.279, 0.431), (0.367, 0.464), (0.465, 0.576),
               (0.577, 0.644), (0.713, 0.697), (0.851, 0.811), (0.968, 0.894))  # fmt: skip


def calibrated(p: float, points: Sequence[tuple[float, float]] = CALIBRATION) -> float:
    """The playouts' win chance ``p`` mapped to the chance observed in games (``points``, e.g. ``CALIBRATION``)."""
    if p <= points[0][0]:
        return points[0][1]
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return points[-1][1]


#: The raw chance is clipped to this before its log-odds are taken: over a race's few deals it is often 0 or 1.
CLIP = 0.02


def features(raw: float, patience: float) -> tuple[float, float, float]:
    """What the match model reads: the raw chance's log-odds, the opponents' mean chance of playing patiently
    over the deals played out less one half, and their product."""
    r = min(max(raw, CLIP), 1.0 - CLIP)
    x = math.log(r / (1.0 - r))
    p = patience - 0.5
    return x, p, x * p


@dataclass(frozen=True)
class Logistic:
    """A chance as a logistic function of ``features``."""

    intercept: float
    weights: tuple[float, ...]

    def chance(self, xs: Sequence[float]) -> float:
        z = self.intercept + sum(w * x for w, x in zip(self.weights, xs, strict=True))
        return 1.0 / (1.0 + math.exp(-z))

    def predict(self, raw: float, patience: float) -> float:
        return self.chance(features(raw, patience))


#: The match model, fitted by ``lab/checks/fit_calibration.py`` on 13,010 decisions of hard in matches of 20 deals
#: against 3 baseline and against 3 normal (`--seed 11` and `--seed 5`, deals 0–199 each; every deal but a
#: match's first, where nothing is remembered yet and the single-deal map is used). Patience raises the chance
#: (0.30 raw is 0.38 against players read as patient, 0.95, and 0.29 against players read as keen, 0.05), and the
#: raw chance counts for a little more against keen tables (the ``x * p`` term: 0.77 against 0.63 of its log-odds).
MATCH_MODEL = Logistic(-0.1144, (0.6956, 0.3034, -0.1538))
