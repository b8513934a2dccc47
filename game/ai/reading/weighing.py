"""How likely one opponent's actions are, given a hand it may hold: the inner loop of ``game.ai.reading.inference``.

Each action the opponent took (a ``Clue``) is read once into the few masks and chances its weighing needs
(a ``Reader``), so that weighing each of the many hands a search samples is a handful of operations on
bitmasks. The readings are those of ``game.ai.reading.readings``, written out here for the shapes most actions
are about (singles and pairs) so the loop calls no functions for them; ``tests/ai/test_inference.py``
checks every weight against the plain reading. The actions are kept in their order, and so are the
products of their chances, so a weight comes out the same to the last bit whichever way it is worked out.

A reader remembers the hands it has weighed: the last opponent drawn for a deal always gets every card
left, and in a short deal few hands are possible, so the same hand comes back often.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.playouts.plays import ALL_CARDS, PAIR, PAIR_RUN, QUAD, SINGLE, Play
from game.ai.playouts.shapes import ONES, PLAIN, TWOS, counts
from game.ai.reading import styles
from game.ai.reading.readings import CLASSES, FREE, SAME, TWO, could_with, loose_ranks

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


_LOOSE_POW = tuple(LOOSE**k for k in range(5))
_BELOW_ACE = ONES & ((1 << 44) - 1)  # the ranks 3 to K
_SIX, _SEVEN, _FIVE = 6 * ONES, 7 * ONES, 5 * ONES  # added to ``counts``: a count of 2, 1 or 3 or more sets bit 3

# A clue is read into a tuple (action, shape, m1, between, m2, m3, m4, more, out, table, chances):
# - action: a pass (_PASS; _PASS_TWO over a single 2, _PASS_TWOS over a pair of 2s: a bomb could have chopped
#   those), a lead (_LEAD: ``m1`` the cards below it, ``out`` 0 for a single, 1 for a longer play) or a follow
#   (_FOLLOW: ``m1`` the play if it could have kept it, else 0; ``between`` the plain cards between a single
#   beaten and a single played, else 0; ``more`` the counts of the cards played later and of ``m1``);
# - shape: how the hand could have beaten the table (``readings.could_with``): _SINGLE (``m3`` the higher
#   cards, ``m4`` those of them below 2s), _PAIR below 2s (``m2`` the higher ranks below 2s, ``m3`` the bit of
#   the table's rank, ``m4`` its cards of a higher suit) or _OTHER (``table``, read by ``could_with``);
# - out: for a pass, whether beating the table would have emptied the hand; chances: ``styles.chances`` of
#   the keen and patient players when it could have beaten the table with FREE, SAME, TWO.
_PASS, _PASS_TWO, _PASS_TWOS, _LEAD, _FOLLOW = range(5)
_SINGLE, _PAIR, _OTHER = range(3)
Chances = tuple[tuple[float, float], ...]
_Form = tuple[int, int, int, int, int, int, int, int, int, Play, Chances]
Evidence = tuple[float, float, float]
_NO_PLAY: Play = (SINGLE, 0, 0, 0)  # the table of a form that does not read it
_LEAD_FACTORS = (LEAD_LOOSE[SINGLE], LEAD_LOOSE[PAIR])  # by ``out`` of a lead's form: 0 a single, 1 longer


def _above(top: int) -> int:
    return ALL_CARDS >> (top + 1) << (top + 1)


def _shape(t: Play) -> tuple[int, int, int, int, Play]:
    """How ``t`` is read: its shape code and masks ``m2``, ``m3``, ``m4`` (see above), and the table if needed."""
    r = t[2] >> 2
    if t[0] == SINGLE:
        above = _above(t[2])
        return _SINGLE, 0, above, above & ~TWOS, _NO_PLAY
    if t[0] == PAIR and r < 12:
        return _PAIR, PLAIN >> (4 * r + 4) << (4 * r + 4), 1 << (4 * r), _above(t[2]) & 15 << (4 * r), _NO_PLAY
    return _OTHER, 0, 0, 0, t


def _form(c: Clue) -> _Form | None:
    """What weighing a hand needs of clue ``c`` (None when it says nothing)."""
    passed = c.kind == "pass"
    t, p = c.table, c.play
    shape = t[0] if t is not None else SINGLE
    chances = tuple(styles.chances(could, shape, c.short, passed) for could in CLASSES)
    if passed:
        assert t is not None
        code, m2, m3, m4, table = _shape(t)
        action = _PASS if t[2] < 48 else _PASS_TWO if t[0] == SINGLE else _PASS_TWOS if t[0] == PAIR else _PASS
        out = int(c.size == t[3].bit_count())
        return action, code, 0, 0, m2, m3, m4, counts(c.later), out, table, chances
    assert p is not None
    if c.kind == "lead":
        if p[2] >= 48 or p[0] in (QUAD, PAIR_RUN):
            return None
        low = (p[3] & -p[3]).bit_length() - 1
        below = (1 << (low & ~3)) - 1
        return _LEAD, _OTHER, below, 0, 0, 0, 0, counts(c.later), int(p[0] != SINGLE), _NO_PLAY, chances
    assert t is not None
    between = 0
    if p[0] == SINGLE and t[0] == SINGLE and p[2] < 48:
        between = ~TWOS & ((1 << p[2]) - 1) & ~((1 << (t[2] + 1)) - 1)
    kept = p[3] if p[0] == t[0] and c.size > p[3].bit_count() else 0
    if not between and not kept:
        return None
    code, m2, m3, m4, table = _shape(t)
    return _FOLLOW, code, kept, between, m2, m3, m4, counts(c.later | kept), 0, table, chances


class Reader:
    """One opponent's clues read for weighing hands (``weigh``), with the hands weighed so far."""

    __slots__ = ("clues", "size", "leads", "quad_on_pair", "prior", "groups", "weighed")

    def __init__(self, clues: list[Clue], leads: int, quad_on_pair: bool, prior: float) -> None:
        self.clues, self.size, self.leads, self.quad_on_pair = clues, len(clues), leads, quad_on_pair
        self.prior = prior  # the chance the opponent plays patiently, before its hand is considered
        #: The forms in order, in runs with the same cards played later: (those cards, their counts, forms).
        self.groups: list[tuple[int, int, list[_Form]]] = []
        for c in clues:
            form = _form(c)
            if form is None:
                continue
            if not self.groups or self.groups[-1][0] != c.later:
                self.groups.append((c.later, counts(c.later), []))
            self.groups[-1][2].append(form)
        #: ``weigh`` of the hands weighed so far.
        self.weighed: dict[int, tuple[float, float]] = {}

    def fits(self, clues: list[Clue], leads: int, quad_on_pair: bool, prior: float) -> bool:
        """Whether this reader still reads these clues (they are changed only by replacing or adding some)."""
        same = clues is self.clues and len(clues) == self.size and prior == self.prior
        return same and leads == self.leads and quad_on_pair == self.quad_on_pair

    def weigh(self, hand: int) -> tuple[float, float]:
        """``Inference.weigh`` of this opponent: how likely the clues are for a hand ``hand`` now (up to a
        constant), and the chance it plays patiently given them and that hand."""
        found = self.weighed.get(hand)
        if found is None:
            w, keen, patient = self.read(hand)
            prior = self.prior
            mixed = prior * patient + (1.0 - prior) * keen
            found = self.weighed[hand] = (w * mixed, (prior * patient / mixed if mixed > 0 else prior))
        return found

    def read(self, hand: int) -> Evidence:
        """How likely the clues are, for a hand ``hand`` now (unseen cards, none the opponent played): the
        factor of the leads, passes and follows that both styles share, and the keen and the patient style's
        own chances of the passes and follows it could have done otherwise."""
        t4 = hand - (hand >> 1 & 0x5555555555555)
        counted = (t4 & 0x3333333333333) + (t4 >> 2 & 0x3333333333333)  # ``counts(hand)``
        w = keen = patient = 1.0
        if self.leads:
            w = _LOOSE_POW[min(4, self.leads * (loose_ranks(counted) & _BELOW_ACE).bit_count())]
        for later, more_now, forms in self.groups:
            h = hand | later
            c = counted + more_now  # the counts of ``h``
            lr = -1  # the cards of ``h`` of its loose ranks (``readings.loose_ranks`` * 15), once needed
            for action, shape, m1, between, m2, m3, m4, more, out, table, chances in forms:
                if action == _FOLLOW:
                    if h & between:  # a loose single between the two singles?
                        if hand & later:  # (never in a draw: a hand drawn holds no card played)
                            loose = loose_ranks(counts(h)) * 15
                        else:
                            if lr < 0:
                                held = (c + _SEVEN) >> 3 & PLAIN
                                runs = held & held >> 4 & held >> 8
                                lr = (held & ~((c + _SIX) >> 3) & ~(runs | runs << 4 | runs << 8)) * 15
                            loose = lr
                        if h & between & loose:
                            w *= FOLLOW_LOOSE
                    if not m1:
                        continue
                    # It could have kept the play ``m1``: how it could have beaten the table without it.
                    hk, ck = h | m1, counted + more
                    if shape == _SINGLE:
                        x = hk & m3
                        if not x:
                            continue
                        if x & m4:
                            held = (ck + _SEVEN) >> 3 & PLAIN
                            runs = held & held >> 4 & held >> 8
                            free = x & (held & ~((ck + _SIX) >> 3) & ~(runs | runs << 4 | runs << 8)) * 15
                            k, q = chances[0] if free else chances[1]
                        else:
                            k, q = chances[2]
                    elif shape == _PAIR:
                        six = (ck + _SIX) >> 3
                        enough = six & ONES  # the ranks with two cards or more
                        if enough & m2 or (enough & m3 and hk & m4):
                            exact = six & ~((ck + _FIVE) >> 3) & PLAIN  # the ranks with exactly two cards
                            k, q = chances[0] if exact & m2 or (exact & m3 and hk & m4) else chances[1]
                        elif enough >> 48:
                            k, q = chances[2]
                        else:
                            continue
                    else:
                        could = could_with(hk, ck, table)
                        if not could:
                            continue
                        k, q = chances[could - 1]
                    keen, patient = keen * k, patient * q
                elif action == _LEAD:  # ``m1``: the cards below the lead
                    low = h & m1
                    if low:
                        if lr < 0:
                            held = (c + _SEVEN) >> 3 & PLAIN
                            runs = held & held >> 4 & held >> 8
                            lr = (held & ~((c + _SIX) >> 3) & ~(runs | runs << 4 | runs << 8)) * 15
                        if low & lr:
                            w *= _LEAD_FACTORS[out][min(3, (low & lr).bit_count())]
                else:  # a pass
                    if action != _PASS:  # on a 2 or a pair of 2s: had it a bomb to chop it?
                        pairs = (c + _SIX) >> 3 & PLAIN
                        runs = pairs & pairs >> 4 & pairs >> 8
                        if action == _PASS_TWO:
                            bomb = c >> 2 & PLAIN or runs
                        else:
                            bomb = (self.quad_on_pair and c >> 2 & PLAIN) or runs & pairs >> 12
                        if bomb:
                            w *= PASS_BOMB
                            continue
                    if shape == _SINGLE:
                        x = h & m3
                        if not x:
                            continue
                        if x & m4:
                            if lr < 0:
                                held = (c + _SEVEN) >> 3 & PLAIN
                                runs = held & held >> 4 & held >> 8
                                lr = (held & ~((c + _SIX) >> 3) & ~(runs | runs << 4 | runs << 8)) * 15
                            could = FREE if x & lr else SAME
                        else:
                            could = TWO
                    elif shape == _PAIR:
                        six = (c + _SIX) >> 3
                        enough = six & ONES
                        if enough & m2 or (enough & m3 and h & m4):
                            exact = six & ~((c + _FIVE) >> 3) & PLAIN
                            could = FREE if exact & m2 or (exact & m3 and h & m4) else SAME
                        elif enough >> 48:
                            could = TWO
                        else:
                            continue
                    else:
                        could = could_with(h, c, table)
                        if not could:
                            continue
                    if out:
                        w *= PASS_OUT
                    else:
                        k, q = chances[could - 1]
                        keen, patient = keen * k, patient * q
        return w, keen, patient

