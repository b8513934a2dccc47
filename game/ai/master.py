"""The master (bậc thầy) bot: a network trained by self-play scores every candidate move of a decision.

The network (``game.ai.learned``) gives each (view, move) pair the deal's expected payment to the seat, from
what the seat may see; the bot plays the best-scored move. Around it stand the parts of the hard bot that are
exact: a play that empties the hand is made, and with short hands the finisher's sure wins and solved
endgames (``game.ai.finisher``), which check the network's choice against every candidate. With
``search=True`` the network's favourites are raced on playouts like hard's candidates (the network's choice
kept unless another is significantly better). The choice is a pure function of the seed and the view.

If the weights file is missing or cannot be used, the bot says so once in the log and plays as hard.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path

import numpy as np

from game.ai.base import Move
from game.ai.hard import HardBot
from game.ai.learned.encoding import Judgement, candidates, encode_moves, encode_view, judged
from game.ai.learned.network import Network, WeightsError, load
from game.engine.view import SeatView
from game.resources import resource

log = logging.getLogger(__name__)

WEIGHTS = resource("game", "ai", "learned", "master.npz")
#: How many of the network's favourites the optional search races.
RACED = 4

_loaded: dict[Path, Network | WeightsError] = {}


def network(path: Path = WEIGHTS) -> Network | WeightsError:
    """The network in ``path``, loaded once per process; the reason it cannot be used, if it cannot."""
    found = _loaded.get(path)
    if found is None:
        try:
            found = load(path)
        except WeightsError as exc:
            found = exc
            log.warning("the master level plays as hard: its weights file cannot be used: %s", exc)
        _loaded[path] = found
    return found


class MasterBot(HardBot):
    """See the module docstring. ``weights`` names another weights file (the lab's checkpoints)."""

    level = "master"

    def __init__(self, seed: int = 0, *, weights: str | Path | None = None, search: bool = False,
                 **hard: object) -> None:  # fmt: skip
        super().__init__(seed, **hard)  # type: ignore[arg-type]
        self.weights_file = Path(weights) if weights is not None else WEIGHTS
        self.net: Network | None = None
        self.problem: str | None = None
        self.use_search = search
        self._load()

    def _load(self) -> None:
        found = network(self.weights_file)
        self.net = found if isinstance(found, Network) else None
        self.problem = None if self.net is not None else str(found)

    # A bot is sent to the worker process with every decision: the weights stay behind, loaded there once.
    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "net": None}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        self._load()

    def scores(self, view: SeatView, judgement: Judgement) -> tuple[list[Move | None], np.ndarray]:
        """Every candidate of ``view`` (the pass last, when following) and the network's score of each."""
        assert self.net is not None
        moves = candidates(view)
        return moves, self.net.score_moves(encode_view(view, judgement), encode_moves(view, moves, judgement))

    def choose(self, view: SeatView) -> Move | None:
        if self.net is None:
            return super().choose(view)
        self.prediction = self.evidence = None
        self._deadline = time.perf_counter() + self.time_limit
        legal = list(view.legal_moves)
        if not legal:
            return None
        for m in legal:
            if len(m) == len(view.hand):
                return m
        judgement = judged(self, view)  # normal's judgement, which the network reads beside the cards
        moves, scored = self.scores(view, judgement)
        if len(moves) == 1:
            return moves[0]
        order = sorted(range(len(moves)), key=lambda i: (-float(scored[i]), i))
        best = moves[order[0]]
        rng = self.rng_for(view)
        exact = self.finish(view, legal, best, rng)
        if exact is not None:
            return exact[0]
        if not self.use_search:
            return best
        options = [moves[i] for i in order[:RACED]]
        if judgement.choice not in options:  # normal's choice races too, if the network missed it
            options.append(judgement.choice)
        return self.search(view, options, rng)
