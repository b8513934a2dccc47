"""The table as the searching bots picture it in their playouts: every seat deciding like the tuned normal bot.

What wins against players weaker than the real ones often loses at the table (docs/ai.md), so the hard bot's
search and the coach's grades (``game.review.grade``) play their candidates out with the same players: the
deciding seat as ``NormalLike`` with its weights, each opponent keen (the tuned normal bot) or patient
(following only with a play worth it, pictured with ``styles.picture``), its style drawn for each sampled
deal together with its hand, from the chance the inference gives that a player holding that hand and acting as
it did is patient.
An opponent the searching bot has read as loose over the match (``game.ai.reading.field``) is pictured making its lowest
play, as the greedy bot does (``players.Lowest``). A seat whose player is known (the coach knows the levels on
a game's record) is pictured as that player: ``known``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from game.ai.judge.weights import Weights, tuned
from game.ai.playouts.easy_like import EASY
from game.ai.playouts.normal_like import NormalLike
from game.ai.playouts.players import LOWEST, Player
from game.ai.playouts.sim import Sim
from game.ai.reading import styles
from game.ai.reading.inference import Inference

#: A sampled deal: every seat's hand as a bitmask, and its weight (``game.ai.search.race.Sampler``).
Deal = tuple[list[int], float]
#: The levels pictured as they play when a seat's level is known: the easy bot with its slips
#: (``easy_like.EasyLike``), the greedy reference bot by its lowest play. Pictured as planners, beginners made the
#: coach's chances far too low: for a normal bot's moves against three easy bots, 0.21 where 0.42 came true
#: (docs/looking-back.md, "The chances are the table's").
KNOWN: Mapping[str, Player] = {"easy": EASY, "greedy": LOWEST}
#: The chance a planner of a known level plays patiently before its decisions are read (``game.ai.reading.styles``): the
#: normal bot and the searching bots above it are keen, the baseline reference bot patient. Not 0 or 1: over a
#: match against loose players the bots grow more patient (``game.ai.reading.field``), and the reading of the deal
#: still moves it. Read from an even chance, keen players made the coach's chances run high.
PATIENCE: Mapping[str, float] = {"normal": 0.1, "hard": 0.1, "expert": 0.1, "baseline": 0.9}


def known_players(seat: int, levels: Sequence[str | None]) -> dict[int, Player]:
    """The opponents of ``seat`` pictured as the players they are, from each seat's level (``None``: unknown)."""
    return {s: KNOWN[level] for s, level in enumerate(levels) if s != seat and level is not None and level in KNOWN}


def known_patience(levels: Sequence[str | None]) -> dict[int, float]:
    """The chance of playing patiently of each seat whose level is a planner's (``PATIENCE``), by seat."""
    return {s: PATIENCE[level] for s, level in enumerate(levels) if level is not None and level in PATIENCE}


class Pictured:
    """The normal-like players of one decision's playouts; see the module docstring.

    ``seat`` decides with ``mine`` (``keen`` unless given), a keen opponent with ``keen`` (the tuned normal
    weights unless given; the bots give the variant's set, ``weights.for_variant``), a patient one with ``calm``
    (``styles.picture()`` unless given); ``patient`` holds the
    current deal's style of each opponent (True where it plays patiently), drawn by ``sampler``'s deals; the
    seats in ``loose`` make their lowest play, and those in ``known`` play as the player given.
    """

    def __init__(self, seat: int, mine: Weights | None = None, loose: frozenset[int] = frozenset(),
                 keen: Weights | None = None, calm: Weights | None = None,
                 known: Mapping[int, Player] | None = None) -> None:  # fmt: skip
        self.seat = seat
        self.loose = loose  # opponents pictured playing their lowest play (``players.Lowest``)
        self.known = dict(known or {})
        self.keen = keen or tuned("normal")
        self.mine = mine or self.keen
        self.calm = calm or styles.picture()
        self.patient: dict[int, bool] = {}
        self._patience, self._deals = 0.0, 0  # the drawn deals' summed mean chance of patience, and how many

    def sampler(self, inference: Inference) -> Callable[[random.Random], Deal]:
        """Deals drawn in proportion to how well they explain the history (``Inference.draw``, weight 1),
        with each opponent's style for that deal drawn from its chance of playing patiently."""

        def sample(rng: random.Random) -> Deal:
            hands, chances = inference.draw(rng)
            if chances:
                self._patience += sum(chances.values()) / len(chances)
                self._deals += 1
            self.patient.clear()
            self.patient.update({s: p >= 1.0 or (p > 0.0 and rng.random() < p) for s, p in chances.items()})
            return hands, 1.0

        return sample

    def patience(self) -> float | None:
        """The opponents' mean chance of playing patiently over the deals ``sampler`` drew (None before any)."""
        return self._patience / self._deals if self._deals else None

    def make(self, sim: Sim, seat: int, played: int) -> Player:
        """The playout player of ``seat`` (``game.ai.search.race.Race``'s ``make``)."""
        if seat == self.seat:
            return NormalLike.for_seat(sim, seat, played, self.mine)
        if seat in self.known:
            return self.known[seat]
        if seat in self.loose:
            return LOWEST
        return NormalLike.for_seat(sim, seat, played, self.calm if self.patient.get(seat, False) else self.keen)
