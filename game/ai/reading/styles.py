"""How the searching bots picture their opponents' play: keen or patient, read with their hidden hands.

A search is only as good as its playouts' opponents. Played out with every opponent following as keenly
as the tuned normal bot (it plays whenever a play scores at least ``threshold`` = −0.34), the search of
hard lost to patient players who keep their cards and pass more (baseline passes unless a play scores
0.25): with the real hands dealt to it, its switches from normal's choice gained nothing against them,
and won 64% of the games against them once their playouts passed as patiently as they do (100 deals).

The two styles differ in one thing a seat can see: how often a player passes when its hand could have
followed. ``PASS`` is that chance by what the hand could beat the table with (a loose single or an exact
pair, a play of the shape that breaks a group, or only 2s), the table's shape, and whether an opponent of
it was down to ``SHORT`` cards, measured with the real hands in games among normal and baseline bots
(``lab/checks/styles_check.py``). Over a single, neither style passed holding a loose single above it; holding
only a group to break, a keen player passed 13% of the time and a patient one 63%; holding only 2s, 7% and
97%. Neither passed with a 2 against a player close to going out, nor kept a bomb that could chop a 2.

So a pass or a follow says something about the hand and the style together. ``Inference`` weighs each
sampled hand by both styles' chances of the player's passes and follows, mixed by ``prior`` (the chance
the player is patient), and gives the chance it is patient given that hand (Bayes); the playouts of the
``read`` model draw each opponent's style from it, deal by deal. ``patient`` and ``keen`` fix the style.

The playouts picture a keen opponent with the tuned normal weights, and a patient one with ``picture``: the
``patient`` set of ``game/ai/params.json``, the first set the tuner found for normal (it chases a short hand
less, ``chase`` 0.09 against 0.23, and plays its 2s and bombs off sooner, ``thoi_cards`` 2.45 against 1.99),
following only with a play worth ``PATIENT_THRESHOLD``. With the real hands of 200 games of normal against
baseline (``lab/checks/picture_check.py``), it makes baseline's move 92.9% of the time, and passes where baseline
passed 96.6%, against 90.3% and 91.5% for today's normal set made patient; and the hard bot won more with
it (lab/notes/ai-diary.md, 2 December).
"""

from __future__ import annotations

from dataclasses import replace

from game.ai.judge.weights import Weights, tuned
from game.ai.playouts.plays import PAIR, SINGLE

#: The follow threshold of the patient player (the tuned normal bot's own is far lower).
PATIENT_THRESHOLD = 0.25
#: An opponent with this many cards or fewer is close to going out: both styles then follow.
SHORT = 3
#: How often a player passed when it could have followed: by style; by what it could have beaten the table
#: with ("free": a loose single over a single, or an exact pair over a pair, no 2; "same": a play of the
#: shape without a 2 that breaks a bigger group; "two": only with 2s); by the table's shape ("single",
#: "pair", "other"); and whether an opponent was short. Measured in 1,500 games of normal against baseline
#: (``lab/checks/styles_check.py --games 1500 --seed 91``); a rate never seen is floored at 0.02, and neither
#: style passing a loose single (3 in 5,900) is floored at 0.03, since a player may keep an ace back.
PASS: dict[str, dict[tuple[str, str, bool], float]] = {
    "keen": {
        ("free", "single", False): 0.03, ("free", "single", True): 0.03,
        ("same", "single", False): 0.13, ("same", "single", True): 0.10,
        ("two", "single", False): 0.07, ("two", "single", True): 0.02,
        ("free", "pair", False): 0.17, ("free", "pair", True): 0.08,
        ("same", "pair", False): 0.15, ("same", "pair", True): 0.10,
        ("two", "pair", False): 0.70, ("two", "pair", True): 0.08,
        ("free", "other", False): 0.24, ("free", "other", True): 0.08,
        ("same", "other", False): 0.24, ("same", "other", True): 0.08,
        ("two", "other", False): 0.80, ("two", "other", True): 0.02,
    },
    "patient": {
        ("free", "single", False): 0.03, ("free", "single", True): 0.03,
        ("same", "single", False): 0.63, ("same", "single", True): 0.22,
        ("two", "single", False): 0.97, ("two", "single", True): 0.02,
        ("free", "pair", False): 0.26, ("free", "pair", True): 0.14,
        ("same", "pair", False): 0.53, ("same", "pair", True): 0.37,
        ("two", "pair", False): 0.83, ("two", "pair", True): 0.08,
        ("free", "other", False): 0.55, ("free", "other", True): 0.18,
        ("same", "other", False): 0.55, ("same", "other", True): 0.18,
        ("two", "other", False): 0.80, ("two", "other", True): 0.02,
    },
}  # fmt: skip
SHAPES = {SINGLE: "single", PAIR: "pair"}  # every other shape is "other"
#: The opponent models a searching bot may use (``HardBot(opponents=...)``) and the chance each gives a
#: player of being patient before it has played.
PRIOR = {"patient": 1.0, "keen": 0.0, "read": 0.5}
MODELS = tuple(PRIOR)


def chances(could: str, kind: int, short: bool, passed: bool) -> tuple[float, float]:
    """The keen and the patient player's chances of passing (``passed``) or following, when its hand could
    have followed (``could``: "free", "same" or "two") a play of shape ``kind`` (``plays.SINGLE``, ...) and
    an opponent was short (``short``) or not."""
    key = (could, SHAPES.get(kind, "other"), short)
    k, p = PASS["keen"][key], PASS["patient"][key]
    return (k, p) if passed else (1.0 - k, 1.0 - p)


def patient(weights: Weights) -> Weights:
    """``weights`` as a patient player would hold them: it follows only with a play worth it."""
    return replace(weights, threshold=max(weights.threshold, PATIENT_THRESHOLD))


def picture(level: str = "patient") -> Weights:
    """How the playouts picture a patient opponent: the tuned set ``level`` (``patient`` unless given;
    ``normal`` was the picture before 2 December), made patient."""
    return patient(tuned(level))
