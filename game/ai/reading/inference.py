"""What the opponents' plays and passes say about their hands: deals of the unseen cards, weighted.

A deal gives each opponent as many unseen cards as it holds. Its weight is how likely a planning player
(the normal bot's model of an opponent) makes the history this seat has seen, given those hands:

- a pass over a play it could have beaten with the same shape, and a follow, are as likely as a keen or a
  patient player makes them (``game.ai.reading.styles``: mixed by the chance the player is patient, which the
  hand sharpens); a pass where beating the table would have taken the player out is very unlikely, and so
  is a pass over a 2 it could have chopped with a bomb;
- a lead is usually its weakest play, so loose singles lower than the lead that it still held make the
  deal less likely; a single played over another is usually its cheapest, so a loose single in between
  does too (the hand readings are ``game.ai.reading.readings``).

Every pass and play counts (straights, pair runs, triples and quads as well), with the hand the player
held at that moment: its sampled cards plus those it played later. ``Inference.sample`` draws each
opponent's hand from a few candidates in proportion to their weights (sampling-importance-resampling),
so the deals a search plays out follow the history instead of treating every consistent deal alike.
The weighing itself, and the factors above, are ``game.ai.reading.weighing``; the draws take the same random
numbers as ``random.Random.sample`` would, in one call per opponent (``sample_masks``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from game.ai.base import opponents
from game.ai.playouts.plays import ALL_CARDS, mask_of, play_of
from game.ai.reading import styles
from game.ai.reading.weighing import FOLLOW_LOOSE, LEAD_LOOSE, LOOSE, PASS_BOMB, PASS_OUT, Clue, Reader
from game.engine.view import SeatView

__all__ = ["FOLLOW_LOOSE", "LEAD_LOOSE", "LOOSE", "PASS_BOMB", "PASS_OUT", "Clue", "Inference", "sample_mask",
           "sample_masks"]  # fmt: skip


class Inference:
    """The clues of one view, and deals of its unseen cards weighted by them."""

    def __init__(self, view: SeatView, tries: int = 8, prior: float | dict[int, float] = 0.5) -> None:
        self.view = view
        self.tries = tries
        self.opps = opponents(view)
        self.counts = view.counts
        self.quad_on_pair = view.rules.quad_beats_pair_of_twos
        self.own = mask_of(view.hand)
        self.unseen = ALL_CARDS & ~self.own & ~mask_of(view.played_cards)
        self.unseen_cards = [i for i in range(52) if self.unseen >> i & 1]
        #: The chance each opponent plays patiently, before its hand is considered (``game.ai.reading.styles``).
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
        self._readers: dict[int, Reader] = {}

    def weight(self, seat: int, hand: int) -> float:
        """How likely the model makes ``seat``'s actions, holding ``hand`` now (up to a constant)."""
        return self.weigh(seat, hand)[0]

    def weigh(self, seat: int, hand: int) -> tuple[float, float]:
        """How likely the model makes ``seat``'s actions holding ``hand`` now (up to a constant), and the
        chance that ``seat`` plays patiently given them and that hand (``hand``: unseen cards, none it played)."""
        return self.reader(seat).weigh(hand)

    def reader(self, seat: int) -> Reader:
        """``seat``'s clues read for weighing hands (``game.ai.reading.weighing``; read again whenever they change)."""
        found = self._readers.get(seat)
        clues, leads, prior = self.clues[seat], self.leads[seat], self.prior[seat]
        if found is None or not found.fits(clues, leads, self.quad_on_pair, prior):
            found = self._readers[seat] = Reader(clues, leads, self.quad_on_pair, prior)
        return found

    def deal(self, rng: random.Random) -> tuple[list[int], float]:
        """One uniform deal of the unseen cards by the opponents' counts, and its weight."""
        cards = self.unseen_cards[:]
        rng.shuffle(cards)
        hands = [0] * self.view.players
        hands[self.view.seat] = self.own
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
        hands[self.view.seat] = self.own
        patient: dict[int, float] = {}
        for s in sorted(self.opps, key=lambda o: self.counts[o]):
            n = self.counts[s]
            options = [1 << c for c in pool] if n == 1 else sample_masks(rng, pool, n, max(1, self.tries))
            reader = self.reader(s)
            if n == len(pool) or not (reader.groups or reader.leads):  # the whole pool, or nothing to read
                weighed = [reader.weigh(options[0])] * len(options)
            else:
                found, weigh = reader.weighed.get, reader.weigh
                weighed = [found(m) or weigh(m) for m in options]
            i = _pick([w for w, _ in weighed], rng)
            hands[s], patient[s] = options[i], weighed[i][1]
            pool = [c for c in pool if not hands[s] >> c & 1]
        return hands, patient


#: Python's ``Random.getrandbits(k)`` for k up to 32 is the top k bits of the next 32-bit word, and
#: ``getrandbits(32 * m)`` is the next m words, the first lowest. ``random.sample`` draws a position below
#: ``size`` (at most 52) from ``size.bit_length()`` bits, again until it is below ``size``: that is, from the
#: word's top byte shifted right by ``_SHIFT[size]``. So one call gives the top bytes of the words that
#: ``random.sample`` takes one by one.
_SHIFT = tuple(8 - size.bit_length() for size in range(53))
_LIMIT = tuple(size << _SHIFT[size] for size in range(53))  # the top bytes that give a position below ``size``
#: ``random.sample`` draws k of n from a shrinking list when n is at most this, else again until new.
_SETSIZE = tuple(21 if k <= 5 else 21 + 4 ** math.ceil(math.log(k * 3, 4)) for k in range(53))


def _tops(getrandbits: Callable[[int], int], m: int) -> bytes:
    """The top bytes of the generator's next ``m`` 32-bit words, in order."""
    return getrandbits(32 * m).to_bytes(4 * m, "little")[3::4]


def sample_mask(rng: random.Random, pool: list[int], k: int) -> int:
    """The cards of ``rng.sample(pool, k)`` (card numbers, no repeats) as a mask: the same cards from the same
    random numbers as ``random.Random.sample`` draws them (``tests/ai/test_fastshapes.py`` checks it), without
    its call per card."""
    return sample_masks(rng, pool, k, 1)[0]


def sample_masks(rng: random.Random, pool: list[int], k: int, count: int) -> list[int]:
    """``count`` samples one after another, as ``sample_mask`` draws them: the random words are taken in
    blocks, as many at a time as there are cards still to draw (each card takes one word or more)."""
    n = len(pool)
    if not 0 <= k <= n:
        raise ValueError("sample larger than the pool")
    if not k or not count:
        return [0] * count
    getrandbits, masks, shifts, limits = rng.getrandbits, [1 << c for c in pool], _SHIFT, _LIMIT
    out: list[int] = []
    total = count * k
    if k == n:  # every sample is the whole pool: only the words it takes matter
        size, limit, done = n, limits[n], 0
        while done < total:
            for top in _tops(getrandbits, total - done):
                if top < limit:
                    done += 1
                    size = size - 1 or n
                    limit = limits[size]
        return [sum(masks)] * count
    if n <= _SETSIZE[k]:  # draws from a shrinking pool
        stop, left, size, shift, limit, mask = n - k, masks[:], n, shifts[n], limits[n], 0
        while len(out) < count:
            for top in _tops(getrandbits, total - len(out) * k - (n - size)):
                if top < limit:
                    j = top >> shift
                    mask |= left[j]
                    size -= 1
                    left[j] = left[size]
                    if size == stop:
                        out.append(mask)
                        left, size, mask = masks[:], n, 0
                    shift, limit = shifts[size], limits[size]
        return out
    shift, got, mask = shifts[n], 0, 0  # draws positions again until a new one comes
    while len(out) < count:
        for top in _tops(getrandbits, total - len(out) * k - got):
            j = top >> shift
            if j < n and not mask & masks[j]:  # the pool's cards are distinct: a new card is a new position
                mask |= masks[j]
                got += 1
                if got == k:
                    out.append(mask)
                    got, mask = 0, 0
    return out


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
