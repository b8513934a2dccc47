"""A compact game simulator for the AI's playouts: hands as bitmasks, plays as tuples, no events.

It follows ``game.game.Game`` move for move (turns, lock-out, the four-pair exception, players going
out, hưởng sái, cóng, đền bài and chặt chains) and settles a finished game as ``game.scoring.settle`` does
(finishing order and net payments), so a playout scores exactly as the engine would.
``tests/ai/test_fastsim.py`` replays its games through the engine in every variant. A card is its
``Card.index`` (rank * 4 + suit); a hand is the sum of ``1 << index`` over its cards; a play is
``(kind, length, top, mask)`` with the kind codes below and ``length`` as in ``Combo`` (ranks for
straights and pair runs, else cards).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from game import combos
from game.cards import DECK, Card
from game.combos import Combo, classify
from game.rules import Rules
from game.scoring import Transfer, _best_items
from game.view import SeatView

SINGLE, PAIR, TRIPLE, STRAIGHT, PAIR_RUN, QUAD = range(6)
KIND_CODE = {combos.SINGLE: SINGLE, combos.PAIR: PAIR, combos.TRIPLE: TRIPLE, combos.STRAIGHT: STRAIGHT,
             combos.PAIR_RUN: PAIR_RUN, combos.QUAD: QUAD}  # fmt: skip
TWO = 12
Play = tuple[int, int, int, int]
#: For each 4-bit suit set: its cards' suits, lowest first, and how many.
SUITS = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))
_POP4 = tuple(len(s) for s in SUITS)
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
                 "_twos_value")  # fmt: skip

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
        self._values: dict[int, float] = {}
        self._items: dict[int, float] = {}  # by the rank counts 3 to A, four bits a rank
        self._twos_value = tuple(sum(self.two_price[s] for s in SUITS[m]) for m in range(16))  # by the 2s' suits
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
        """``game.scoring.hand_value`` of a hand given as a bitmask."""
        value = self._values.get(hand)
        if value is None:
            # The items priced depend only on the rank counts: one reading per count pattern.
            t = hand - (hand >> 1 & 0x5555555555555)
            key = ((t & 0x3333333333333) + (t >> 2 & 0x3333333333333)) & 0xFFFFFFFFFFFF
            items = self._items.get(key)
            if items is None:
                counts = tuple(key >> (4 * r) & 15 for r in range(12))
                items = self._items[key] = _best_items(self.rules.prices, counts)
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
        if t[2] >= 48:
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
            return sum(self.two_price[i & 3] for i in range(48, 52) if p[3] >> i & 1)
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


#: ``_NEXT[n][seat]``: the seats after ``seat`` in turn order, ending with ``seat`` itself.
_NEXT = tuple(tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in range(5))


class Sim:
    """One game position, mutable; ``copy`` is cheap. See the module docstring."""

    __slots__ = ("f", "n", "hands", "cur", "table", "top_seat", "chain", "passed", "on_top", "beatable",
                 "finished", "cong", "gone", "played_any", "first_out_hands", "den_payer", "last_play",
                 "must", "over", "chops", "log", "result")  # fmt: skip

    def __init__(self, flags: Flags, hands: list[int]) -> None:
        self.f = flags
        self.n = len(hands)
        self.hands = hands
        self.cur = 0
        self.table: Play | None = None
        self.top_seat = -1
        self.chain: list[tuple[int, Play]] = []
        self.passed = 0  # seat bits
        self.on_top = 0  # seats that passed on the current top play
        self.beatable: list[int] = []
        self.finished: list[int] = []
        self.cong: list[int] = []
        self.gone = 0  # seat bits: finished or cóng
        self.played_any = [False] * self.n
        self.first_out_hands: tuple[int, ...] | None = None
        self.den_payer: int | None = None
        self.last_play: list[Play | None] = [None] * self.n
        self.must = -1
        self.over = False
        self.chops: list[Transfer] = []
        self.log: list[tuple[int, int]] | None = None  # (seat, mask or 0 for a pass), when recording
        self.result: tuple[tuple[int, ...], tuple[float, ...]] | None = None  # finishing order, net payments

    @classmethod
    def from_view(cls, flags: Flags, view: SeatView, hands: Sequence[int]) -> Sim:
        """The position of ``view`` with ``hands`` for every seat, as ``Game.from_view`` builds it."""
        sim = cls(flags, list(hands))
        sim.cur = view.current_player
        if view.table is not None:
            sim.table, sim.top_seat = play_of(view.table), view.table_seat if view.table_seat is not None else -1
            for seat, combo in view.round_plays:
                p = play_of(combo)
                sim.chain = [*sim.chain, (seat, p)] if (p[2] >= 48 or is_bomb(p)) else []
            for action in reversed(view.history):
                if action.combo is not None:
                    break
                sim.on_top |= 1 << action.seat
        for s in view.passed:
            sim.passed |= 1 << s
        sim.finished, sim.cong = list(view.finished), list(view.cong)
        for s in sim.finished + sim.cong:
            sim.gone |= 1 << s
        played = {a.seat for a in view.history if a.combo is not None}
        sim.played_any = [s in played for s in range(sim.n)]
        sim.must = view.must_contain.index if view.must_contain is not None else -1
        sim.over = view.is_over
        return sim

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.f, s.n, s.hands, s.cur = self.f, self.n, self.hands[:], self.cur
        s.table, s.top_seat = self.table, self.top_seat
        s.chain, s.passed, s.on_top, s.beatable = self.chain[:], self.passed, self.on_top, self.beatable[:]
        s.finished, s.cong, s.gone, s.played_any = self.finished[:], self.cong[:], self.gone, self.played_any[:]
        s.first_out_hands, s.den_payer, s.last_play = self.first_out_hands, self.den_payer, self.last_play[:]
        s.must, s.over, s.chops, s.log, s.result = self.must, self.over, self.chops[:], None, None
        return s

    # -- legality ------------------------------------------------------------------------------------
    def _exception_open(self) -> bool:
        t = self.table
        return self.f.run4_after_pass and t is not None and t[0] == PAIR and t[2] >= 48

    def allowed(self, seat: int, p: Play) -> bool:
        """Whether ``seat`` (the player to move, holding ``p``'s cards) may play ``p`` now."""
        t = self.table
        if t is None:
            return self.must < 0 or bool(p[3] >> self.must & 1)
        if self.passed >> seat & 1 and (not self._exception_open() or p[0] != PAIR_RUN or p[1] < 4):
            return False
        return self.f.can_beat(p, t)

    def has_legal(self, seat: int) -> bool:
        """Whether ``seat``, the seat to move, holds a play it may make now."""
        if self.table is None:
            return any(self.allowed(seat, p) for p in self.f.answers(self.hands[seat], None))
        return any(self.allowed(seat, p) for p in self.f.answers(self.hands[seat], self.table))

    # -- moves ---------------------------------------------------------------------------------------
    def step(self, seat: int, p: Play | None) -> None:
        """Play ``p`` for the seat to move, or pass on ``None``. A play the rules refuse becomes a pass
        when following, or the card the first play must hold when leading (as the engine playouts did)."""
        t = self.table
        if p is not None:
            if t is None:
                if self.must >= 0 and not p[3] >> self.must & 1:
                    p = (SINGLE, 1, self.must, 1 << self.must)
            elif (self.passed >> seat & 1 and (not self._exception_open() or p[0] != PAIR_RUN or p[1] < 4)
                  or not self.f.can_beat(p, t)):
                p = None
        if p is None:
            self.pass_turn(seat)
        else:
            self.play(seat, p)

    def play(self, seat: int, p: Play) -> None:
        if self.log is not None:
            self.log.append((seat, p[3]))
        hands = self.hands
        hands[seat] &= ~p[3]
        self.played_any[seat] = True
        self.must = -1
        if p[2] >= 48 or p[0] >= PAIR_RUN:  # a 2-play or a bomb (PAIR_RUN and QUAD are the top codes)
            self.chain.append((seat, p))  # every copy owns its chain
        elif self.chain:
            self.chain = []
        self.table, self.top_seat = p, seat
        self.on_top = 0
        self.passed &= ~(1 << seat)
        self.last_play[seat] = p
        if not hands[seat]:
            self._player_out(seat)
            if self.over:
                return
        # The next seat still playing that has not passed; back to this seat closes the round.
        gone, passed = self.gone, self.passed
        for s in _NEXT[self.n][seat]:
            if gone >> s & 1:
                continue
            if s == seat or not passed >> s & 1 or self._exception_open():
                if s == seat:
                    self._close_round(s)
                else:
                    self.cur = s
                return
        self._advance(seat)

    def pass_turn(self, seat: int) -> None:
        if self.log is not None:
            self.log.append((seat, 0))
        if self.f.den_bai and self.has_legal(seat):
            self.beatable.append(seat)
        self.passed |= 1 << seat
        self.on_top |= 1 << seat
        self._advance(seat)

    def _player_out(self, seat: int) -> None:
        self.finished.append(seat)
        self.gone |= 1 << seat
        if len(self.finished) == 1:
            self.first_out_hands = tuple(self.hands)
            self.cong = [s for s in range(self.n) if not self.played_any[s]]
            for s in self.cong:
                self.gone |= 1 << s
            if self.cong and self.f.den_bai:
                payers = [s for s in self.beatable if s != seat and s not in self.cong]
                self.den_payer = payers[-1] if payers else None
        remaining = sum(1 for s in range(self.n) if not self.gone >> s & 1)
        if self.f.first_out or remaining <= 1:
            self._close_round(-1)
            self._finish()

    def _advance(self, seat: int) -> None:
        top, gone, passed = self.top_seat, self.gone, self.passed
        exception = -1  # not worked out yet
        for s in _NEXT[self.n][seat]:
            if gone >> s & 1:
                continue
            if s == top:
                self._close_round(s)
                return
            if not passed >> s & 1:
                self.cur = s
                return
            if not self.on_top >> s & 1:
                if exception < 0:
                    exception = int(self._exception_open())
                if exception:
                    self.cur = s
                    return
        n = self.n
        leader = next((top + k) % n for k in range(1, n + 1) if not gone >> ((top + k) % n) & 1)
        self._close_round(leader)

    def _close_round(self, leader: int) -> None:
        chain = self.chain
        if len(chain) >= 2 and is_bomb(chain[-1][1]):
            payer, payee = chain[-2][0], chain[-1][0]
            if payer != payee and not (self.f.chop_exempt and payer in self.finished):
                amount = sum(self.f.price(p) for _, p in chain[:-1])
                if amount:
                    self.chops.append(Transfer(payer, payee, amount, "chop"))
        self.table, self.top_seat, self.chain = None, -1, []
        self.passed = self.on_top = 0
        self.beatable = []
        if leader >= 0:
            self.cur = leader

    def _finish(self) -> None:
        self.over = True
        n, winner = self.n, self.finished[0]
        if self.f.first_out:
            sizes = [h.bit_count() for h in self.hands]
            rest = [s for s in range(n) if s not in self.finished and s not in self.cong]
            rest.sort(key=lambda s: (sizes[s], (s - winner) % n))
            order = tuple(self.finished + rest + sorted(self.cong, key=lambda s: (s - winner) % n))
        else:
            last = [s for s in range(n) if not self.gone >> s & 1]
            order = tuple(self.finished + last + sorted(self.cong, key=lambda s: (s - winner) % n))
        self.result = (order, self._payments(order))

    def _payments(self, order: tuple[int, ...]) -> tuple[float, ...]:
        """``game.scoring.settle``'s net payments, on bitmasks."""
        f, rules, n = self.f, self.f.rules, self.n
        winner, last, cong = order[0], order[-1], self.cong
        transfers = [(t.payer, t.payee, t.amount, t.reason) for t in self.chops]
        place = [0.0] * n
        payouts = rules.place_payouts.get(n)
        if payouts:
            for i, seat in enumerate(order):
                place[seat] = payouts[i]
            final = self.last_play[winner]
            if rules.three_of_spades_winner_final_play is not None and final and final[3] & 1:
                place[winner] = rules.three_of_spades_winner_final_play
            if rules.three_of_spades_last_holding_only is not None and last not in cong and self.hands[last] == 1:
                place[last] = rules.three_of_spades_last_holding_only
            if rules.cong.place_payout is not None:
                for seat in cong:
                    place[seat] = rules.cong.place_payout
        first = self.first_out_hands
        hands = first if rules.thoi.when == "first_out" and first is not None else self.hands
        payers = list(order[1:]) if rules.thoi.payers == "every_loser" else [last]
        payers += [s for s in order if s in cong and s not in payers]
        payee_rule = rules.thoi.payee
        normal_payee = winner if isinstance(payee_rule, str) else order[payee_rule[n] - 1]
        for seat in payers:
            value = f.hand_value(hands[seat])
            payee = normal_payee
            if seat in cong:
                value *= rules.cong.multiplier
                if rules.cong.thoi_to_winner:
                    payee = winner
            if value and payee != seat:
                transfers.append((seat, payee, value, "thoi"))
        if rules.cong.charge:
            transfers += [(s, winner, rules.cong.charge, "cong") for s in order if s in cong]
        if rules.last_place_pays_winner and last != winner and not (cong and rules.cong.cancels_last_place_payment):
            transfers.append((last, winner, rules.last_place_pays_winner, "last_place"))
        payer = self.den_payer
        for payer_, payee, amount, reason in transfers:
            if payer is not None and cong and payer_ in cong and reason in ("thoi", "cong"):
                payer_ = payer
            place[payer_] -= amount
            place[payee] += amount
        return tuple(place)
