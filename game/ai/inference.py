"""What the opponents' plays and passes say about their hands: deals of the unseen cards, weighted.

A deal gives each opponent as many unseen cards as it holds. Its weight is how likely a planning player
(the normal bot's model of an opponent) makes the history this seat has seen, given those hands:

- a pass over a play it could have beaten with the same shape, and a follow, are as likely as a keen or a
  patient player makes them (``game.ai.styles``: mixed by the chance the player is patient, which the
  hand sharpens); a pass where beating the table would have taken the player out is very unlikely, and so
  is a pass over a 2 it could have chopped with a bomb;
- a lead is usually its weakest play, so loose singles lower than the lead that it still held make the
  deal less likely; a single played over another is usually its cheapest, so a loose single in between
  does too (the hand readings are ``game.ai.readings``).

Every pass and play counts (straights, pair runs, triples and quads as well), with the hand the player
held at that moment: its sampled cards plus those it played later. ``Inference.sample`` draws each
opponent's hand from a few candidates in proportion to their weights (sampling-importance-resampling),
so the deals a search plays out follow the history instead of treating every consistent deal alike.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.ai import styles
from game.ai.base import opponents
from game.ai.fastrules import ALL_CARDS, PAIR, PAIR_RUN, QUAD, SINGLE, Play, mask_of, play_of
from game.ai.fastshapes import TWOS, counts
from game.ai.readings import CLASSES, FREE, NONE, SAME, TWO, chops_with, could_with, loose_cards, loose_ranks
from game.view import SeatView

PASS_OUT = 0.03  # passed though beating the table would have emptied the hand
PASS_BOMB = 0.2  # passed on a 2 it could have chopped
#: A lead is a player's weakest play: holding 0, 1, 2 or 3+ loose singles (``readings.loose_ranks``) below a
#: single it led, or below a pair or longer play, is this much as likely as holding none. With the real hands
#: of normal and baseline players (1,200 games; the chance of each count over the chance among random hands of
#: the same size, as likely as none = 1): single 0.09–0.29 for one, 0.08–0.16 for two; pair or longer
#: 0.42–0.74 for one, 0.11–0.45 for two or more. Cards below it in pairs, triples or runs say nothing (0.9–1.5).
LEAD_LOOSE = {SINGLE: (1.0, 0.2, 0.12, 0.12), PAIR: (1.0, 0.55, 0.25, 0.25)}
#: A single beaten with a single while a loose single lay in between: under 1 in 200 for both styles.
FOLLOW_LOOSE = 0.03
LOOSE = 0.6  # per loose card below an ace still held, for each lead made: loose cards are led first


@dataclass(frozen=True)
class Clue:
    """One action of one opponent: ``kind`` "pass", "lead" or "follow"; ``later`` are the cards it played
    after it (so its hand then was its hand now plus ``later``); ``size`` its hand size then; ``short``
    whether another player then held ``styles.SHORT`` cards or fewer."""

    kind: str
    table: Play | None
    play: Play | None
    later: int
    size: int
    short: bool = False


_PASS, _LEAD, _FOLLOW = range(3)
#: A clue as ``weigh`` reads it: (code, cards played later, the ``counts`` of those (and of the play a follow
#: could have kept), table, the cards above a single on the table (else 0), cards, out, the keen and patient
#: players' chances when it could beat the table freely, only by breaking a group, and only with 2s:
#: ``readings.could_beat``); see ``_form``.
_Form = tuple[int, int, int, Play, int, int, int, tuple[tuple[float, float], ...]]
_LOOSE_POW = tuple(LOOSE**k for k in range(5))
_LEAD_FACTORS = (LEAD_LOOSE[SINGLE], LEAD_LOOSE[PAIR])  # by ``out`` of a lead's form: 0 a single, 1 longer


def _form(c: Clue) -> _Form | None:
    """What ``Inference.weigh`` needs of clue ``c`` (None when it says nothing): for a pass, ``cards`` is 1 on
    a 2 and ``out`` whether beating the table would have emptied the hand; for a lead, ``cards`` are those
    below it (its other cards of its lowest rank and every lower rank) and ``out`` 0 for a single, 1 for a
    longer play; for a follow, ``out`` are the cards between a single beaten and a single played (else -1),
    ``cards`` the play if it could have been kept."""
    passed = c.kind == "pass"
    t, p = c.table, c.play
    shape = t[0] if t is not None else SINGLE
    chances = tuple(styles.chances(could, shape, c.short, passed) for could in CLASSES)
    if passed:
        assert t is not None
        above = ALL_CARDS >> (t[2] + 1) << (t[2] + 1) if t[0] == SINGLE else 0
        return (_PASS, c.later, counts(c.later), t, above, int(t[2] >= 48), int(c.size == t[3].bit_count()), chances)
    assert p is not None
    if c.kind == "lead":
        if p[2] >= 48 or p[0] in (QUAD, PAIR_RUN):
            return None
        low = (p[3] & -p[3]).bit_length() - 1
        return (_LEAD, c.later, counts(c.later), p, 0, (1 << (low & ~3)) - 1, int(p[0] != SINGLE), chances)
    assert t is not None
    between = -1
    if p[0] == SINGLE and t[0] == SINGLE and p[2] < 48:
        between = ~TWOS & ((1 << p[2]) - 1) & ~((1 << (t[2] + 1)) - 1)
    kept = p[3] if p[0] == t[0] and c.size > p[3].bit_count() else 0
    more, above = counts(c.later | kept), ALL_CARDS >> (t[2] + 1) << (t[2] + 1) if t[0] == SINGLE else 0
    return None if between < 0 and not kept else (_FOLLOW, c.later, more, t, above, kept, between, chances)


class Inference:
    """The clues of one view, and deals of its unseen cards weighted by them."""

    def __init__(self, view: SeatView, tries: int = 8, prior: float | dict[int, float] = 0.5) -> None:
        self.view = view
        self.tries = tries
        self.opps = opponents(view)
        self.counts = view.counts
        self.quad_on_pair = view.rules.quad_beats_pair_of_twos
        self.unseen = ALL_CARDS & ~mask_of(view.hand) & ~mask_of(view.played_cards)
        self.unseen_cards = [i for i in range(52) if self.unseen >> i & 1]
        #: The chance each opponent plays patiently, before its hand is considered (``game.ai.styles``).
        self.prior = prior if isinstance(prior, dict) else {s: prior for s in self.opps}
        self.clues: dict[int, list[Clue]] = {s: [] for s in self.opps}
        later = [0] * view.players  # every seat's cards played after the action being read
        for action in reversed(view.history):
            s = action.seat
            sizes = [view.counts[o] + later[o].bit_count() for o in range(view.players)]
            if s in self.clues:
                short = any(0 < n <= styles.SHORT for o, n in enumerate(sizes) if o != s)
                t = play_of(action.table_before) if action.table_before is not None else None
                if action.combo is None:
                    if t is not None:
                        self.clues[s].append(Clue("pass", t, None, later[s], sizes[s], short))
                    continue
                p = play_of(action.combo)
                self.clues[s].append(Clue("lead" if t is None else "follow", t, p, later[s], sizes[s], short))
            if action.combo is not None:
                later[s] |= play_of(action.combo)[3]
        self.leads = {s: sum(1 for c in self.clues[s] if c.kind == "lead") for s in self.opps}
        self._compiled: dict[int, tuple[list[Clue], int, list[_Form]]] = {}

    def weight(self, seat: int, hand: int) -> float:
        """How likely the model makes ``seat``'s actions, holding ``hand`` now (up to a constant)."""
        return self.weigh(seat, hand)[0]

    def weigh(self, seat: int, hand: int) -> tuple[float, float]:
        """How likely the model makes ``seat``'s actions holding ``hand`` now (up to a constant), and the
        chance that ``seat`` plays patiently given them and that hand (``hand``: unseen cards, none it played)."""
        leads = self.leads[seat]
        w = _LOOSE_POW[min(4, leads * loose_cards(hand))] if leads else 1.0
        keen = patient = 1.0  # each style's chance of the passes and follows it could have done otherwise
        t4 = hand - (hand >> 1 & 0x5555555555555)
        counted = (t4 & 0x3333333333333) + (t4 >> 2 & 0x3333333333333)  # ``counts(hand)``
        found = self._compiled.get(seat)
        clues = self.clues[seat]
        forms = found[2] if found is not None and found[0] is clues and found[1] == len(clues) else self._forms(seat)
        for code, later, more, t, above, cards, out, chances in forms:
            h = hand | later
            if code == _PASS:
                if cards and chops_with(counted + more, t, self.quad_on_pair):  # a pass on a 2
                    w *= PASS_BOMB
                    continue
                c = counted + more
                if above:  # a single: any higher card beats it
                    x = h & above
                    could = (FREE if x & loose_ranks(c) * 15 else SAME) if x & ~TWOS else (TWO if x else NONE)
                else:
                    could = could_with(h, c, t)
                if could and out:
                    w *= PASS_OUT
                elif could:
                    k, q = chances[could - 1]
                    keen, patient = keen * k, patient * q
            elif code == _LEAD:  # ``cards``: those below the lead
                loose = h & cards & loose_ranks(counted + more) * 15
                if loose:
                    w *= _LEAD_FACTORS[out][min(3, loose.bit_count())]
            else:
                if out >= 0 and h & out & loose_ranks(counts(h)) * 15:  # a loose single between the two singles
                    w *= FOLLOW_LOOSE
                if cards:  # it could have kept the play (``cards``): not a chop, and not going out
                    c = counted + more
                    if above:
                        x = (h | cards) & above
                        could = (FREE if x & loose_ranks(c) * 15 else SAME) if x & ~TWOS else (TWO if x else NONE)
                    else:
                        could = could_with(h | cards, c, t)
                    if could:
                        k, q = chances[could - 1]
                        keen, patient = keen * k, patient * q
        prior = self.prior[seat]
        mixed = prior * patient + (1.0 - prior) * keen
        return w * mixed, (prior * patient / mixed if mixed > 0 else prior)

    def _forms(self, seat: int) -> list[_Form]:
        """``seat``'s clues with what ``weigh`` needs of each worked out (again whenever they change)."""
        clues = self.clues[seat]
        found = self._compiled.get(seat)
        if found is None or found[0] is not clues or found[1] != len(clues):
            found = self._compiled[seat] = (clues, len(clues), [f for f in map(_form, clues) if f is not None])
        return found[2]

    def deal(self, rng: random.Random) -> tuple[list[int], float]:
        """One uniform deal of the unseen cards by the opponents' counts, and its weight."""
        cards = self.unseen_cards[:]
        rng.shuffle(cards)
        hands = [0] * self.view.players
        hands[self.view.seat] = mask_of(self.view.hand)
        i, w = 0, 1.0
        for s in self.opps:
            n = self.counts[s]
            m = 0
            for c in cards[i : i + n]:
                m |= 1 << c
            hands[s] = m
            i += n
            w *= self.weight(s, m)
        return hands, w

    def sample(self, rng: random.Random) -> tuple[list[int], float]:
        """A deal drawn in proportion to its weight (``draw``); the weight returned is 1."""
        return self.draw(rng)[0], 1.0

    def draw(self, rng: random.Random) -> tuple[list[int], dict[int, float]]:
        """A deal drawn opponent by opponent (the shortest hand first): a one-card hand in proportion to
        each remaining card's weight, a longer one in proportion to its weight among ``tries`` uniform
        draws from the cards left (sampling-importance-resampling); and each opponent's chance of playing
        patiently given the hand drawn."""
        pool = self.unseen_cards[:]
        hands = [0] * self.view.players
        hands[self.view.seat] = mask_of(self.view.hand)
        patient: dict[int, float] = {}
        for s in sorted(self.opps, key=lambda o: self.counts[o]):
            n = self.counts[s]
            if n == 1:
                options = [1 << c for c in pool]
            else:
                options = [sample_mask(rng, pool, n) for _ in range(max(1, self.tries))]
            weighed = [self.weigh(s, m) for m in options]
            i = _pick([w for w, _ in weighed], rng)
            hands[s], patient[s] = options[i], weighed[i][1]
            pool = [c for c in pool if not hands[s] >> c & 1]
        return hands, patient


def sample_mask(rng: random.Random, pool: list[int], k: int) -> int:
    """The cards of ``rng.sample(pool, k)`` (card numbers, no repeats) as a mask: the same cards from the same
    random numbers as ``random.Random.sample`` draws them (``tests/ai/test_fastshapes.py`` checks it), without
    its call per card."""
    n = len(pool)
    if not 0 <= k <= n:
        raise ValueError("sample larger than the pool")
    getrandbits, mask = rng.getrandbits, 0
    setsize = 21 if k <= 5 else 21 + 4 ** math.ceil(math.log(k * 3, 4))
    if n <= setsize:  # draws from a shrinking pool
        left = pool[:]
        for size in range(n, n - k, -1):
            bits = size.bit_length()
            j = getrandbits(bits)
            while j >= size:
                j = getrandbits(bits)
            mask |= 1 << left[j]
            left[j] = left[size - 1]
        return mask
    chosen: set[int] = set()  # draws positions again until a new one comes
    bits = n.bit_length()
    for _ in range(k):
        j = getrandbits(bits)
        while j >= n or j in chosen:
            j = getrandbits(bits)
        chosen.add(j)
        mask |= 1 << pool[j]
    return mask


def _pick(weights: list[float], rng: random.Random) -> int:
    total = sum(weights)
    if total <= 0:
        return 0
    x = rng.random() * total
    for i, w in enumerate(weights):
        x -= w
        if x <= 0:
            return i
    return len(weights) - 1
