"""The hand readings of ``game.ai.reading.readings`` written the plain way, rank by rank: the reference their
bit-parallel versions are checked against (``tests/ai/test_fastshapes.py``); and with them the inference's
weighing and drawing, clue by clue (``tests/ai/test_inference.py``)."""

from __future__ import annotations

import random

from game.ai.playouts.plays import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Play, mask_of
from game.ai.reading import styles
from game.ai.reading.inference import FOLLOW_LOOSE, LEAD_LOOSE, LOOSE, PASS_BOMB, PASS_OUT, Clue, Inference
from game.ai.reading.readings import CLASSES

TWOS = 0xF << 48


def _sets(hand: int) -> list[int]:
    return [hand >> (4 * r) & 15 for r in range(13)]


def beats_same_shape(hand: int, t: Play) -> int:
    """0 when ``hand`` holds nothing of ``t``'s shape that beats it; 1 when it does without a 2; 2 when
    only with 2s."""
    kind, length, top, _ = t
    if kind == SINGLE:
        above = hand >> (top + 1) << (top + 1)
        return 0 if not above else (1 if above & ~TWOS else 2)
    sets = _sets(hand)
    r, suit = top >> 2, top & 3
    if kind in (PAIR, TRIPLE, QUAD):
        need = length
        best = 0
        for x in range(r, 13):
            s = sets[x]
            if s.bit_count() >= need and (x > r or (kind == PAIR and s >> (suit + 1))):
                best = 2 if x == 12 else 1
                if best == 1:
                    return 1
        return best
    width = 1 if kind == STRAIGHT else 2
    for end in range(max(r, length - 1), 12):
        if (end > r or sets[end] >> (suit + 1)) and all(
            sets[x].bit_count() >= width for x in range(end - length + 1, end + 1)
        ):
            return 1
    return 0


def loose(hand: int, below: int = 11) -> int:
    """The single cards of ``hand`` of a rank below ``below`` (an ace by default) that are in no pair,
    triple or run of three ranks."""
    sets = _sets(hand)
    out = 0
    for r in range(below):
        if sets[r].bit_count() == 1:
            lo = r
            while lo > 0 and sets[lo - 1]:
                lo -= 1
            hi = r
            while hi < 11 and sets[hi + 1]:
                hi += 1
            if hi - lo < 2:
                out |= sets[r] << (4 * r)
    return out


def loose_cards(hand: int) -> int:
    """Single cards below an ace that are in no pair, triple or run of three ranks."""
    return loose(hand).bit_count()


def could_beat(hand: int, t: Play) -> int:
    """0 nothing beats ``t``; 1 a loose single over a single, or an exact pair over a pair, no 2; 2 a play of
    the shape without a 2 that breaks a bigger group; 3 only 2s."""
    beat = beats_same_shape(hand, t)
    if beat != 1:
        return 3 if beat else 0
    kind, _, top, _ = t
    if kind == SINGLE:
        return 1 if loose(hand, 12) >> (top + 1) else 2
    if kind == PAIR:
        sets = _sets(hand)
        r, suit = top >> 2, top & 3
        if sets[r].bit_count() == 2 and sets[r] >> (suit + 1):
            return 1
        if any(sets[x].bit_count() == 2 for x in range(r + 1, 12)):
            return 1
    return 2


def can_chop(hand: int, t: Play, quad_on_pair: bool) -> bool:
    """Whether ``hand`` holds a bomb that chops the 2-play ``t``."""
    if t[0] not in (SINGLE, PAIR):
        return False
    sets = _sets(hand)
    if (t[0] == SINGLE or quad_on_pair) and any(s == 15 for s in sets[:12]):
        return True
    need, run = (3 if t[0] == SINGLE else 4), 0
    for s in sets[:12]:
        run = run + 1 if s.bit_count() >= 2 else 0
        if run >= need:
            return True
    return False


# -- the inference's weighing and drawing, read clue by clue (``game.ai.reading.inference``) ------------------------


def weigh(clues: list[Clue], leads: int, quad_on_pair: bool, prior: float, hand: int) -> tuple[float, float]:
    """``Inference.weigh`` of an opponent with these clues, read clue by clue with the readings above. The
    factors are taken in the same order, so the floats come out the same to the last bit."""
    w = LOOSE ** min(4, leads * loose_cards(hand)) if leads else 1.0
    keen = patient = 1.0
    for c in clues:
        h = hand | c.later
        t, p = c.table, c.play
        passed = c.kind == "pass"
        chances = [styles.chances(could, t[0] if t is not None else SINGLE, c.short, passed) for could in CLASSES]
        if passed:
            assert t is not None
            if t[2] >= 48 and can_chop(h, t, quad_on_pair):
                w *= PASS_BOMB
                continue
            could = could_beat(h, t)
            if could and c.size == t[3].bit_count():
                w *= PASS_OUT
            elif could:
                k, q = chances[could - 1]
                keen, patient = keen * k, patient * q
            continue
        assert p is not None
        if c.kind == "lead":
            if p[2] >= 48 or p[0] in (QUAD, PAIR_RUN):
                continue
            lowest = (p[3] & -p[3]).bit_length() - 1
            shed = h & loose(h, 12) & ((1 << (lowest // 4 * 4)) - 1)  # loose cards of the ranks below it
            if shed:
                w *= LEAD_LOOSE[SINGLE if p[0] == SINGLE else PAIR][min(3, shed.bit_count())]
            continue
        assert t is not None
        if p[0] == SINGLE and t[0] == SINGLE and p[2] < 48:
            between = sum(1 << x for x in range(t[2] + 1, p[2]) if x < 48)
            if h & between & loose(h, 12):
                w *= FOLLOW_LOOSE
        if p[0] == t[0] and c.size > p[3].bit_count():  # it could have kept the play
            could = could_beat(h | p[3], t)
            if could:
                k, q = chances[could - 1]
                keen, patient = keen * k, patient * q
    mixed = prior * patient + (1.0 - prior) * keen
    return w * mixed, (prior * patient / mixed if mixed > 0 else prior)


def draw(inf: Inference, rng: random.Random) -> tuple[list[int], dict[int, float]]:
    """``Inference.draw`` with ``random.Random.sample`` and the weighing above."""
    pool = list(inf.unseen_cards)
    hands = [0] * inf.view.players
    hands[inf.view.seat] = mask_of(inf.view.hand)
    patient: dict[int, float] = {}
    for s in sorted(inf.opps, key=lambda o: inf.counts[o]):
        n = inf.counts[s]
        if n == 1:
            options = [1 << c for c in pool]
        else:
            options = [sum(1 << c for c in rng.sample(pool, n)) for _ in range(max(1, inf.tries))]
        weighed = [weigh(inf.clues[s], inf.leads[s], inf.quad_on_pair, inf.prior[s], m) for m in options]
        total, i = sum(w for w, _ in weighed), 0
        if total > 0:
            x, i = rng.random() * total, len(options) - 1
            for j, (w, _) in enumerate(weighed):
                x -= w
                if x <= 0:
                    i = j
                    break
        hands[s], patient[s] = options[i], weighed[i][1]
        pool = [c for c in pool if not hands[s] >> c & 1]
    return hands, patient
