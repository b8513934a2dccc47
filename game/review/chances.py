"""The coach's win chances as the table makes them come true.

A grade's raw win chance is the share of its playouts the seat won. Against planners of the searching kind
(the normal bot and the levels above it) that share runs high: the sampled hidden hands are looser than real
ones, so the opponents look weaker than they are, by up to 0.17 in a fifth of the chances (docs/looking-back.md,
"The chances are the table's"). Against beginners, pictured as they play (``pictured.KNOWN``), it comes true as it
is. So the chance shown is the raw one moved on the log-odds scale in proportion to the share of the opponents
who are such planners: ``logit(shown) = x + share * (a + b * x)``, ``x`` the raw chance's log-odds. ``a`` and
``b`` (``KEEN_MODELS``, one pair a table size) are fitted by ``python3 lab/checks/coach_check.py --fit``; a table of
beginners is left as it is. The map keeps the order of the chances, so it never changes which move is best.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

#: The levels that plan their hands as the normal bot does, and whose strength the playouts underrate.
KEEN_LEVELS = frozenset({"normal", "hard", "expert", "master"})
#: A raw chance is clipped to this before its log-odds are taken: over a grade's few deals it is often 0 or 1.
CLIP = 0.01
#: ``(a, b)`` of the map above by the number of players at the table. Four: fitted on 15,827 graded decisions
#: of a normal bot against three normal bots (``lab/checks/coach_check.py``, ``--seed 20`` and ``--seed 21``, 1,500
#: games each); fitted on either seed, it came true within 0.03 in every fifth on the other, where the raw shares
#: ran up to 0.17 high. Three and two: fitted the same way against two normal bots (``--seed 26`` and ``--seed
#: 29``, 1,300 games, 7,416 decisions) and heads-up against one (``--seed 25`` and ``--seed 28``, 1,500 games,
#: 8,942 decisions). The four-player map moved their chances too far, by up to 0.12 at three players.
KEEN_MODELS: Mapping[int, tuple[float, float]] = {4: (-0.6291, -0.1017), 3: (-0.3351, -0.1924), 2: (-0.4721, -0.1219)}
KEEN_MODEL = KEEN_MODELS[4]


def model_for(players: int) -> tuple[float, float]:
    """The map for a table of ``players`` (the four-player one for a size it was not fitted on)."""
    return KEEN_MODELS.get(players, KEEN_MODEL)

def keen_share(seat: int, levels: Sequence[str | None]) -> float:
    """The share of ``seat``'s opponents whose level (on the game's record) is one of ``KEEN_LEVELS``."""
    others = [level for s, level in enumerate(levels) if s != seat]
    return sum(1 for level in others if level in KEEN_LEVELS) / len(others) if others else 0.0


def logit(p: float) -> float:
    """The log-odds of ``p``, clipped to ``CLIP`` from 0 and 1."""
    q = min(max(p, CLIP), 1.0 - CLIP)
    return math.log(q / (1.0 - q))


def shown(raw: float, share: float, model: tuple[float, float] = KEEN_MODEL) -> float:
    """The chance shown for a raw share of playouts won, with ``share`` of the opponents keen planners."""
    if share <= 0.0:
        return raw
    a, b = model
    x = logit(raw)
    return 1.0 / (1.0 + math.exp(-(x + share * (a + b * x))))
