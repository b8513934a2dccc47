"""How the searching bots picture their opponents' play: keen or patient, read from the game so far.

A search is only as good as its playouts' opponents. Played out with every opponent following as keenly
as the tuned normal bot (it plays whenever a play scores at least ``threshold`` = −0.34), the search of
hard lost to patient players who keep their cards and pass more (baseline passes unless a play scores
0.25): with the real hands dealt to it, its switches from normal's choice gained nothing against them,
and won 64% of the games against them once their playouts passed as patiently as they do (100 deals).

The searching bots therefore picture their opponents as patient by default: that model costs little
against keen players and gains much against patient ones (with the search of 1 December 2026, `--seed 7`:
47.2% against 3 baseline where keen playouts won 42.2% and normal 43.0%; 30.8% against 3 normal where keen
playouts won 33.3%). ``read`` draws each opponent's style for every sampled deal from how likely each
makes what that opponent did: on the turns it could follow, a keen player passed 50% of the time and a
patient one 61% in games among normal and baseline bots (``tools/bench_styles.py``). One game says little
(about seven such turns each), so that reading stays near even odds all game; it is kept as an option.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from game.ai.base import opponents
from game.ai.weights import Weights
from game.view import SeatView

#: The follow threshold of each style: the tuned normal bot's own, and the patient player's.
PATIENT_THRESHOLD = 0.25
#: How often each style passes on a turn where it could follow (measured; see the module docstring).
PASS_RATE = {"keen": 0.50, "patient": 0.61}
PRIOR_PATIENT = 0.5
#: The opponent models a searching bot may use (``HardBot(opponents=...)``); "patient" is the default.
MODELS = ("patient", "keen", "read")


@dataclass(frozen=True)
class Reading:
    """The chance that each opponent seat plays patiently."""

    patient: dict[int, float]

    def draw(self, rng: random.Random) -> dict[int, bool]:
        """One deal's styles: True where that opponent plays patiently in this deal's playouts."""
        return {s: rng.random() < p for s, p in self.patient.items()}


def follow_turns(view: SeatView, seat: int) -> tuple[int, int]:
    """``seat``'s passes and its turns with a play on the table to follow, in this game so far."""
    passes = turns = 0
    for action in view.history:
        if action.seat == seat and action.table_before is not None:
            turns += 1
            passes += action.combo is None
    return passes, turns


def read(view: SeatView) -> Reading:
    """Each opponent's chance of playing patiently, from its passes (Bayes, from even odds)."""
    keen, patient = PASS_RATE["keen"], PASS_RATE["patient"]
    out: dict[int, float] = {}
    for s in opponents(view):
        passes, turns = follow_turns(view, s)
        odds = PRIOR_PATIENT / (1.0 - PRIOR_PATIENT)
        odds *= (patient / keen) ** passes * ((1.0 - patient) / (1.0 - keen)) ** (turns - passes)
        out[s] = odds / (1.0 + odds)
    return Reading(out)


def patient(weights: Weights) -> Weights:
    """``weights`` as a patient player would hold them: it follows only with a play worth it."""
    return replace(weights, threshold=max(weights.threshold, PATIENT_THRESHOLD))
