"""Cards, hands and plays on bitmasks, and what beats what in a variant: the compact simulator's vocabulary.

A card is its ``Card.index`` (rank * 4 + suit); a hand is the sum of ``1 << index`` over its cards; a play
is ``(kind, length, top, mask)`` with the kind codes below and ``length`` as in ``Combo`` (ranks for
straights and pair runs, else cards). ``Flags`` reads a variant's rules once; ``plays_by_shape`` lists a
hand's plays. ``game.ai.playouts.sim`` plays games with them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from game.engine import combos
from game.engine.cards import DECK, Card
from game.engine.combos import Combo, classify
from game.engine.hand_prices import _best_items
from game.rules import Rules

SINGLE, PAIR, TRIPLE, STRAIGHT, PAIR_RUN, QUAD = range(6)
KIND_CODE = {combos.SINGLE: SINGLE, combos.PAIR: PAIR, combos.TRIPLE: TRIPLE, combos.STRAIGHT: STRAIGHT,
             combos.PAIR_RUN: PAIR_RUN, combos.QUAD: QUAD}  # fmt: skip
TWO = 12
Play = tuple[int, int, int, int]
#: For each 4-bit suit set: its cards' suits, lowest first, and how many.
SUITS = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))
ALL_CARDS = (1 << 52) - 1
_NIBBLE_CARDS = tuple(tuple(tuple(DECK[4 * r + s] for s in SUITS[m]) for m in range(16)) for r in range(13))


def mask_of(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def cards_of(mask: int) -> list[Card]:
    out: list[Card] = []
    for r in range(13):
        nibble = mask >> (4 * r) & 15
        if nibble:
            out += _NIBBLE_CARDS[r][nibble]
    return out


def play_of(combo: Combo) -> Play:
    return (KIND_CODE[combo.kind], combo.length, combo.top.index, mask_of(combo.cards))


def combo_of(play: Play) -> Combo:
    combo = classify(cards_of(play[3]))
    assert combo is not None
    return combo


def is_twos(p: Play) -> bool:
    return p[2] >= 48


def is_bomb(p: Play) -> bool:
    return p[0] == QUAD or p[0] == PAIR_RUN


class Flags:
    """The parts of a variant that decide what beats what, read once from ``Rules``."""

    __slots__ = ("rules", "quad_on_twos", "longer_run", "run4_after_pass", "den_bai", "first_out", "chop_exempt",
                 "two_price", "quad_price", "run3_price", "run4_price", "_values", "_items", "_answers",
                 "_twos_value", "_plain", "place_payouts", "spades_final", "spades_last", "cong_place",
                 "thoi_first_out", "every_loser", "thoi_place", "cong_multiplier", "cong_to_winner", "cong_charge",
                 "last_place", "cong_cancels_last")  # fmt: skip

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.quad_on_twos = rules.quad_beats_pair_of_twos
        self.longer_run = rules.longer_pair_run_beats_shorter
        self.run4_after_pass = rules.pair_run4_ignores_pass
        self.den_bai = rules.den_bai
        self.first_out = rules.ends_at_first_out
        self.chop_exempt = rules.chop_exempt_if_hand_emptied
        self.two_price = rules.prices.two
        self.quad_price = rules.prices.quad
        self.run3_price = rules.prices.pair_run_3
        self.run4_price = rules.prices.pair_run_4
        # Settlement (``game.engine.scoring.settle``), as ``Sim`` reads it.
        thoi, cong = rules.thoi, rules.cong
        self.place_payouts = rules.place_payouts
        self.spades_final = rules.three_of_spades_winner_final_play
        self.spades_last = rules.three_of_spades_last_holding_only
        self.cong_place = cong.place_payout
        self.thoi_first_out, self.every_loser = thoi.when == "first_out", thoi.payers == "every_loser"
        self.thoi_place = None if isinstance(thoi.payee, str) else thoi.payee  # None: the winner is paid
        self.cong_multiplier, self.cong_to_winner, self.cong_charge = cong.multiplier, cong.thoi_to_winner, cong.charge
        self.last_place, self.cong_cancels_last = rules.last_place_pays_winner, cong.cancels_last_place_payment
        self._values: dict[int, float] = {}
        self._items: dict[int, float] = {}  # by the rank counts 3 to A, four bits a rank
        self._twos_value = tuple(sum(self.two_price[s] for s in SUITS[m]) for m in range(16))  # by the 2s' suits
        # ``_plain[k]``: k plain cards (3 to A) with no bomb among them, summed as ``_best_items`` sums them.
        plain, value = [0.0], 0.0
        for _ in range(48):
            value = rules.prices.plain_card + value
            plain.append(value)
        self._plain = tuple(plain)
        self._answers: dict[tuple[int, Play | None], list[Play]] = {}

    def answers(self, hand: int, table: Play | None) -> list[Play]:
        """The plays of ``hand`` that may be led (``table`` None) or that beat ``table``: those that empty the
        hand first, then bigger, then higher (cached)."""
        key = (hand, table)
        found = self._answers.get(key)
        if found is not None:
            return found
        plays, shapes, bombs = plays_by_shape(hand)
        if table is None:
            found = plays
        else:
            found = [p for p in shapes.get((table[0], table[1]), ()) if self.can_beat(p, table)]
            if bombs and (table[2] >= 48 or table[0] == QUAD or table[0] == PAIR_RUN):
                found += [p for p in bombs if (p[0] != table[0] or p[1] != table[1]) and self.can_beat(p, table)]
        if len(self._answers) > 100_000:
            self._answers.clear()
        self._answers[key] = found
        return found

    def hand_value(self, hand: int) -> float:
        """``game.engine.hand_prices.hand_value`` of a hand given as a bitmask."""
        value = self._values.get(hand)
        if value is None:
            # The items priced depend only on the rank counts: one reading per count pattern.
            t = hand - (hand >> 1 & 0x5555555555555)
            key = ((t & 0x3333333333333) + (t >> 2 & 0x3333333333333)) & 0xFFFFFFFFFFFF
            pairs = (key >> 1 | key >> 2) & 0x111111111111  # the ranks 3 to A with two cards or more
            if not key & 0x444444444444 and not pairs & pairs >> 4 & pairs >> 8:  # no quad, no run of pairs
                items = self._plain[(hand & 0xFFFFFFFFFFFF).bit_count()]
            else:
                found = self._items.get(key)
                if found is None:
                    counts = tuple(key >> (4 * r) & 15 for r in range(12))
                    found = self._items[key] = _best_items(self.rules.prices, counts)
                items = found
            twos = self._twos_value[hand >> 48 & 15]
            if len(self._values) > 100_000:
                self._values.clear()
            value = self._values[hand] = twos + items
        return value

    def can_beat(self, p: Play, t: Play) -> bool:
        """``Rules.can_beat`` on plays."""
        if (p[0] == QUAD or p[0] == PAIR_RUN) and (t[2] >= 48 or t[0] == QUAD or t[0] == PAIR_RUN):
            return self._bomb_beats(p, t)
        if p[0] != t[0] or p[1] != t[1]:
            return False
        if p[0] == TRIPLE or p[0] == QUAD:
            return p[2] >> 2 > t[2] >> 2
        return p[2] > t[2]

    def _bomb_beats(self, b: Play, t: Play) -> bool:
        if t[2] >= 48 and t[0] != QUAD:  # four 2s are a quad, and beaten as one
            if t[0] == SINGLE:
                return True
            if t[0] == PAIR:
                return self.quad_on_twos if b[0] == QUAD else b[1] >= 4
            return False
        if t[0] == QUAD:
            return b[2] >> 2 > t[2] >> 2 if b[0] == QUAD else b[1] >= 4
        if b[0] == QUAD:
            return t[1] == 3
        if b[1] == t[1]:
            return b[2] > t[2]
        if b[1] > t[1]:
            return t[1] == 3 or self.longer_run
        return False

    def price(self, p: Play) -> float:
        """``Rules.combo_price``: what a 2-play or bomb costs in a chặt chain."""
        if p[2] >= 48:
            return self._twos_value[p[3] >> 48 & 15]  # the 2s' prices summed in suit order
        if p[0] == QUAD:
            return self.quad_price
        if p[0] == PAIR_RUN:
            return self.run3_price if p[1] == 3 else self.run4_price
        return 0.0


#: Each byte of a hand as the suit sets of its two ranks.
_BYTE_SETS = tuple((b & 15, b >> 4) for b in range(256))


def rank_sets(hand: int) -> list[int]:
    """The 4-bit suit set of each of the 13 ranks."""
    t = _BYTE_SETS
    return [*t[hand & 255], *t[hand >> 8 & 255], *t[hand >> 16 & 255], *t[hand >> 24 & 255], *t[hand >> 32 & 255],
            *t[hand >> 40 & 255], hand >> 48 & 15]  # fmt: skip


def all_plays(hand: int) -> Iterator[Play]:
    """Every combination in ``hand`` with every suit choice, like ``combos.generate``."""
    sets = rank_sets(hand)
    for r in range(13):
        for s in SUITS[sets[r]]:
            yield (SINGLE, 1, 4 * r + s, 1 << (4 * r + s))
    for r in range(13):
        base = 4 * r
        for size, kind in ((2, PAIR), (3, TRIPLE), (4, QUAD)):
            for top, bits in _PICKS[size][sets[r]]:
                yield (kind, size, base + top, bits << base)
    for width, kind in ((1, STRAIGHT), (2, PAIR_RUN)):
        picks_of = _PICKS[width]
        for start in range(12):
            picks: list[tuple[int, int]] = [(0, 0)]  # (mask, top) so far
            for r in range(start, 12):
                choices = picks_of[sets[r]]
                if not choices:
                    break
                base = 4 * r
                picks = [(m | bits << base, base + top) for m, _ in picks for top, bits in choices]
                n = r - start + 1
                if n >= 3:
                    for m, top in picks:
                        yield (kind, n, top, m)


def _picks(suits: int, k: int) -> tuple[tuple[int, int], ...]:
    """Every choice of ``k`` suits from the suit set ``suits``, as (top suit, suit bits), in suit order."""
    from itertools import combinations

    return tuple((c[-1], sum(1 << s for s in c)) for c in combinations(SUITS[suits], k))


#: ``_PICKS[k][suits]``: the choices of ``k`` cards of one rank holding the suits ``suits``.
_PICKS = tuple(tuple(_picks(m, k) if k else () for m in range(16)) for k in range(5))
#: Each hand's plays (see ``plays_by_shape``), shared by every search.
_BY_SHAPE: dict[int, tuple[list[Play], dict[tuple[int, int], list[Play]], list[Play]]] = {}


def plays_by_shape(hand: int) -> tuple[list[Play], dict[tuple[int, int], list[Play]], list[Play]]:
    """``hand``'s plays (those that empty it first, then bigger, then higher), the same grouped by
    (kind, length), and its bombs; cached."""
    found = _BY_SHAPE.get(hand)
    if found is None:
        plays = sorted(all_plays(hand), key=lambda p: (-p[3].bit_count(), -p[2]))
        shapes: dict[tuple[int, int], list[Play]] = {}
        for p in plays:
            shapes.setdefault((p[0], p[1]), []).append(p)
        if len(_BY_SHAPE) > 50_000:
            _BY_SHAPE.clear()
        found = _BY_SHAPE[hand] = (plays, shapes, [p for p in plays if p[0] == QUAD or p[0] == PAIR_RUN])
    return found


_FLAGS: dict[str, tuple[Rules, Flags]] = {}


def flags_for(rules: Rules) -> Flags:
    """The simulator's reading of ``rules``, made once per variant."""
    found = _FLAGS.get(rules.id)
    if found is None or found[0] != rules:
        found = _FLAGS[rules.id] = (rules, Flags(rules))
    return found[1]
