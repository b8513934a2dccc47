"""How the table plays: whether the opponents waste their cards, read from the hands they show at the end.

The tuned normal bot follows keenly (``Weights.threshold`` −0.42): against players who plan their hands (the
baseline bot passes unless a play is worth it, the normal bot follows whenever a play is worth a little)
taking rounds early pays. Against players who spend their cards as they come (the greedy bot always plays its
lowest card; the easy bot is careless; so are many beginners) it does not: they break their pairs and runs
and throw their high cards away by themselves, and a player who waits for that wins far more (lab/notes/ai-diary.md:
against 3 greedy in matches, 48.6% with the tuned set, 63.6% with a set tuned against them; against 3
baseline the tuned set is best).

So a bot reads each opponent over the match. When a deal ends every hand is shown, so the hand each opponent
held at each of its plays is known. A play is *wasteful* when the hand it leaves plans at least ``WASTE``
dearer (``game.ai.playouts.plan``'s plan cost: plays needed, less their control) than the best play of the same
turn would have left: the cheapest of its planned plays when leading (leading any of them is never
wasteful: which goes first is the player's judgement), the cheapest legal play when following. Passing is
never counted, so a keen planner and a patient one read alike. Normal and baseline players waste about 3%
of their plays, greedy and easy ones about 31% (40 deals each). Over the last ``WINDOW`` deals an
opponent's share of wasteful plays (pulled towards a planner's with ``PRIOR_PLAYS`` plays' worth, so one
deal never decides) gives its looseness: 0 at ``CLEAN`` or less, 1 at ``WASTEFUL`` or more. The table's
looseness is the mean over the opponents still playing, and the bot's weights move that share of the way
from its own towards the ``loose`` set of ``game/ai/params.json``, tuned against three greedy players
(``python3 -m lab.tune --opponent greedy ... --level loose``): it follows more patiently (``threshold``
−0.06 against −0.34), prices spending its 2s higher, and chases a short hand less. At a table of
``PLAYERS`` only.

Deals are read when the looseness is next asked for (or when the bot is copied for the table's worker
process), at most ``WINDOW`` of them, so a resumed match that shows a bot a thousand finished deals costs
nothing until it plays.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import asdict

from game.ai.judge.weights import Weights, for_variant
from game.ai.playouts.normal_like import NormalLike
from game.ai.playouts.plays import flags_for, mask_of, play_of
from game.ai.playouts.sim import Sim
from game.engine.cards import Card
from game.engine.view import SeatView

WINDOW = 8  # the deals an opponent is read over
WASTE = 0.3  # a play that leaves the hand this much dearer to play out than the best play would
CLEAN, WASTEFUL = 0.12, 0.25  # shares of wasteful plays: a planner's highest, a loose player's lowest
PRIOR_PLAYS, PRIOR_SHARE = 10, 0.03  # what an opponent is taken for before it has shown anything
#: What a seat whose level is known to play loosely (``Field.meet``) is taken for instead: their measured share.
LOOSE_LEVELS = {"easy": 0.31, "greedy": 0.31}
#: The table size the reading is used at. At two and three players the patience wins more deals against
#: loose players too, but loses more money than it wins (lab/notes/ai-diary.md), so there the bots stay keen.
PLAYERS = 4


def wasted(view: SeatView, shown: Sequence[Sequence[Card]], keen: Weights) -> dict[int, tuple[int, int]]:
    """For each opponent of ``view``'s seat in a finished deal (``shown``: every seat's cards left): how many
    of its plays were wasteful (see the module docstring; plans costed with ``keen``'s weights), and of how
    many plays."""
    out = {s: (0, 0) for s in range(view.players) if s != view.seat}
    history = view.history
    if not history:
        return out
    flags = flags_for(view.rules)
    start = [mask_of(cards) for cards in shown]
    for action in history:
        if action.combo is not None:
            start[action.seat] |= play_of(action.combo)[3]
    sim = Sim(flags, start)
    sim.cur = history[0].seat
    first = history[0].combo
    if view.first_game and first is not None:  # the first play held the lowest card dealt
        cards = play_of(first)[3]
        sim.must = (cards & -cards).bit_length() - 1
    players: dict[int, NormalLike] = {}  # one per opponent, made at its first play: its plans are shared
    played = 0
    for action in history:
        s = action.seat
        if action.combo is None:
            sim.pass_turn(s)
            continue
        p = play_of(action.combo)
        if s in out:
            hand = sim.hands[s]
            player = players.get(s) or players.setdefault(s, NormalLike.for_seat(sim, s, played, keen))
            if sim.table is None:
                options = [q for _, _, q in player.plays(hand) if sim.allowed(s, q)]
                fits = any(q[3] == p[3] for q in options)  # which planned play goes first is not waste
            else:
                options = [q for q in flags.answers(hand, sim.table) if sim.allowed(s, q)]
                fits = False
            best = min((player.cost(hand & ~q[3]) for q in options), default=0.0)
            bad, plays = out[s]
            out[s] = (bad + (not fits and player.cost(hand & ~p[3]) - best >= WASTE), plays + 1)
        sim.play(s, p)
        played |= p[3]
    return out


class Field:
    """One seat's reading of its opponents over a match, with ``keen`` as the planner's weights (by default each
    deal's variant's shipped set, ``weights.for_variant``); see the module docstring."""

    def __init__(self, keen: Weights | None = None) -> None:
        self.keen = keen
        self._pending: deque[tuple[SeatView, tuple[tuple[Card, ...], ...]]] = deque(maxlen=WINDOW)
        self._deals: dict[int, deque[tuple[int, int]]] = {}
        self._known: dict[int, float] = {}  # the starting share of each seat of a known loose level

    def meet(self, levels: Sequence[str | None]) -> None:
        """The table's levels by seat (``Bot.meet``): a beginner is taken for loose before it has shown anything."""
        self._known = {s: LOOSE_LEVELS[level] for s, level in enumerate(levels) if level in LOOSE_LEVELS}

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
            keen = self.keen or for_variant(view.rules.id)
            for seat, counted in wasted(view, shown, keen).items():
                self._deals.setdefault(seat, deque(maxlen=WINDOW)).append(counted)

    def share(self, seat: int) -> float:
        """The share of ``seat``'s plays that were wasteful, over the deals read."""
        deals = self._deals.get(seat, ())
        bad = sum(b for b, _ in deals) + PRIOR_PLAYS * self._known.get(seat, PRIOR_SHARE)
        return bad / (sum(n for _, n in deals) + PRIOR_PLAYS)

    def looseness(self, seats: Sequence[int]) -> float:
        """How loosely ``seats`` play, 0 (planners) to 1, averaged."""
        self._read()
        if not seats:
            return 0.0
        each = [min(1.0, max(0.0, (self.share(s) - CLEAN) / (WASTEFUL - CLEAN))) for s in seats]
        return sum(each) / len(each)


def against(weights: Weights, looseness: float, loose: Weights) -> Weights:
    """``weights`` moved ``looseness`` of the way towards ``loose`` (the set tuned against loose players)."""
    if looseness <= 0.0:
        return weights
    if looseness >= 1.0:
        return loose
    mine, theirs = asdict(weights), asdict(loose)
    return Weights(**{k: v + looseness * (theirs[k] - v) for k, v in mine.items()})
