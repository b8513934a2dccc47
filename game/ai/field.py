"""How the table plays: whether the opponents play like planners, read from the hands they show at the end.

The tuned normal bot follows keenly (``Weights.threshold`` −0.34): against players who plan their hands
(the baseline bot passes unless a play is worth it, the normal bot plans and follows) taking rounds early
pays. Against players who spend their cards as they come (the greedy bot always plays its lowest card; the
easy bot is careless) it does not: they throw their high cards and 2s away, and a player who waits for that
wins far more (docs/ai.md: against 3 greedy, 47.7% keen against 64.0% at a threshold of 0.1; against 3
easy, 58.8% against 70.8%; against 3 baseline the keen player wins 42.6% against 28.4%).

So a bot reads each opponent over the match. When a deal ends every hand is shown, so every opponent's hand
at each of its decisions is known: the deal is replayed with each opponent deciding as the normal-like player
(``game.ai.fastnormal``), keen and patient (``game.ai.styles``), and the decisions the better of the two makes
are counted (``agreement``). Planners' decisions are made 93–97% of the time, the greedy and easy bots'
69–74% (40 deals each). Over the last ``WINDOW`` deals, an opponent's share of decisions made (pulled
towards a planner's with ``PRIOR_DECISIONS`` decisions' worth, so one deal never decides) gives its
looseness: 0 at ``PLANNER`` or above, 1 at ``LOOSE`` or below. The table's looseness is the mean over the
opponents, and the bot's follow threshold moves that far from its own towards ``PATIENT_THRESHOLD``.

Deals are read when the looseness is next asked for, at most ``WINDOW`` of them, so a resumed match that
shows a bot a thousand finished deals costs nothing until it plays.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace

from game.ai import styles
from game.ai.fastnormal import NormalLike
from game.ai.fastrules import Flags, flags_for, mask_of, play_of
from game.ai.fastsim import Sim
from game.ai.weights import Weights
from game.cards import Card
from game.view import SeatView

WINDOW = 8  # the deals an opponent is read over
PLANNER, LOOSE = 0.90, 0.78  # shares of decisions made: a planner's lowest, a loose player's highest
PRIOR_DECISIONS, PRIOR_SHARE = 10, 0.93  # what an opponent is taken for before it has shown anything
PATIENT_THRESHOLD = 0.0  # the follow threshold against a table of loose players


def agreement(view: SeatView, hands: list[int], flags: Flags, style: Callable[[int], Weights],
              rng: random.Random, rounds: int = 0,
              also: Weights | None = None) -> dict[int, tuple[int, int]]:  # fmt: skip
    """For each opponent: how many of its decisions so far the normal-like player (weights ``style(seat)``)
    makes holding ``hands`` (every seat's hand now; earlier hands add the cards played since), and of how many;
    with ``rounds``, only the decisions of the last that many rounds (replayed from the first's start); with
    ``also``, a decision the player with those weights makes counts too (asked only where the first does not)."""
    history = view.history
    out = {s: (0, 0) for s in range(view.players) if s != view.seat}
    if not history:
        return out
    begin = 0
    if rounds > 0:  # a round starts clean: no table, no passes
        last = history[-1].round_index
        begin = next(i for i, a in enumerate(history) if a.round_index > last - rounds)
    start, played, played_any = list(hands), 0, [False] * view.players
    for i, action in enumerate(history):
        if action.combo is not None:
            if i >= begin:
                start[action.seat] |= play_of(action.combo)[3]
            else:
                played |= play_of(action.combo)[3]
                played_any[action.seat] = True
    sim = Sim(flags, start)
    sim.cur = history[begin].seat
    sim.played_any = played_any
    first = history[0].combo
    if begin == 0 and view.first_game and first is not None:  # the first play held the lowest card dealt
        cards = play_of(first)[3]
        sim.must = (cards & -cards).bit_length() - 1
    for action in history[begin:]:
        s = action.seat
        if s in out:
            real = play_of(action.combo)[3] if action.combo is not None else 0
            guess = NormalLike.for_seat(sim, s, played, style(s)).move(sim, s, rng)
            hit = (guess[3] if guess is not None else 0) == real
            if not hit and also is not None:
                guess = NormalLike.for_seat(sim, s, played, also).move(sim, s, rng)
                hit = (guess[3] if guess is not None else 0) == real
            made, seen = out[s]
            out[s] = (made + hit, seen + 1)
        if action.combo is None:
            sim.pass_turn(s)
        else:
            p = play_of(action.combo)
            sim.play(s, p)
            played |= p[3]
    return out


def planned(view: SeatView, shown: Sequence[Sequence[Card]], flags: Flags, keen: Weights) -> dict[int, tuple[int, int]]:
    """For each opponent of ``view``'s seat in a finished deal (``shown``: every seat's cards left): how many of
    its decisions the keen or the patient normal-like player makes with its real hands, and of how many."""
    hands = [mask_of(cards) for cards in shown]
    return agreement(view, hands, flags, lambda _: keen, random.Random(len(view.history)), also=styles.patient(keen))


class Field:
    """One seat's reading of its opponents over a match, with ``keen`` as the planner's weights; see the module
    docstring."""

    def __init__(self, keen: Weights) -> None:
        self.keen = keen
        self._pending: deque[tuple[SeatView, tuple[tuple[Card, ...], ...]]] = deque(maxlen=WINDOW)
        self._deals: dict[int, deque[tuple[int, int]]] = {}

    def __getstate__(self) -> dict[str, object]:
        """A copy (the table sends its bots to a worker process for each decision) carries the reading, not
        the deals still to read: they are read here, once."""
        self._read()
        return self.__dict__.copy()

    def deal_over(self, view: SeatView, shown: Sequence[Sequence[Card]]) -> None:
        """Keep a finished deal to read (``looseness`` reads it)."""
        self._pending.append((view, tuple(tuple(cards) for cards in shown)))

    def _read(self) -> None:
        while self._pending:
            view, shown = self._pending.popleft()
            for seat, counted in planned(view, shown, flags_for(view.rules), self.keen).items():
                self._deals.setdefault(seat, deque(maxlen=WINDOW)).append(counted)

    def share(self, seat: int) -> float:
        """The share of ``seat``'s decisions a planner would have made, over the deals read."""
        deals = self._deals.get(seat, ())
        made = sum(m for m, _ in deals) + PRIOR_DECISIONS * PRIOR_SHARE
        return made / (sum(n for _, n in deals) + PRIOR_DECISIONS)

    def looseness(self, seats: Sequence[int]) -> float:
        """How loosely ``seats`` play, 0 (planners) to 1, averaged."""
        self._read()
        if not seats:
            return 0.0
        each = [min(1.0, max(0.0, (PLANNER - self.share(s)) / (PLANNER - LOOSE))) for s in seats]
        return sum(each) / len(each)


def against(weights: Weights, looseness: float) -> Weights:
    """``weights`` with the follow threshold moved ``looseness`` of the way towards ``PATIENT_THRESHOLD``."""
    if looseness <= 0.0 or weights.threshold >= PATIENT_THRESHOLD:
        return weights
    return replace(weights, threshold=weights.threshold + looseness * (PATIENT_THRESHOLD - weights.threshold))
