"""A compact game simulator for the AI's playouts: hands as bitmasks, plays as tuples, no events.

It follows ``game.engine.game.Game`` move for move (turns, lock-out, the four-pair exception, players going
out, hưởng sái, cóng, đền bài and chặt chains) and settles a finished game as ``game.engine.scoring.settle`` does
(finishing order and net payments), so a playout scores exactly as the engine would.
``tests/ai/test_fastsim.py`` replays its games through the engine in every variant. Cards, hands and
plays are bitmasks and tuples (``game.ai.playouts.plays``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.playouts.plays import PAIR, PAIR_RUN, SINGLE, TRIPLE, Flags, Play, is_bomb, play_of
from game.engine.scoring import Transfer
from game.engine.view import SeatView

#: ``_NEXT[n][seat]``: the seats after ``seat`` in turn order, ending with ``seat`` itself.
_NEXT = tuple(tuple(tuple((s + k) % n for k in range(1, n + 1)) for s in range(n)) for n in range(5))
#: ``_FIRST[n][seat][skip]``: the first seat of ``_NEXT[n][seat]`` not in the seat bits ``skip`` (-1 if none).
_FIRST = tuple(tuple(tuple(next((s for s in order if not skip >> s & 1), -1) for skip in range(16)) for order in row)
               for row in _NEXT)  # fmt: skip


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
        if p is not None:
            t = self.table
            if t is None:
                if self.must >= 0 and not p[3] >> self.must & 1:
                    p = (SINGLE, 1, self.must, 1 << self.must)
            elif self.passed >> seat & 1 and (not self._exception_open() or p[0] != PAIR_RUN or p[1] < 4):
                p = None
            elif p[0] != t[0] or p[1] != t[1] or p[0] >= PAIR_RUN:  # a bomb, or another shape
                if not self.f.can_beat(p, t):
                    p = None
            elif not (p[2] >> 2 > t[2] >> 2 if p[0] == TRIPLE else p[2] > t[2]):  # Flags.can_beat, inline
                p = None
        if p is None:
            self.pass_turn(seat)
        else:
            self.play(seat, p)

    def play(self, seat: int, p: Play) -> None:
        if self.log is not None:
            self.log.append((seat, p[3]))
        hands = self.hands
        left = hands[seat] = hands[seat] & ~p[3]
        self.played_any[seat] = True
        self.must = -1
        if p[2] >= 48 or p[0] >= PAIR_RUN:  # a 2-play or a bomb (PAIR_RUN and QUAD are the top codes)
            self.chain.append((seat, p))  # every copy owns its chain
        elif self.chain:
            self.chain = []
        self.table, self.top_seat = p, seat
        self.on_top = 0
        passed = self.passed = self.passed & ~(1 << seat)
        self.last_play[seat] = p
        if not left:
            self._player_out(seat)
            if self.over:
                return
        # The next seat still playing that has not passed (or may answer a pair of 2s with a run of four
        # pairs); back to this seat closes the round.
        skip = self.gone
        if passed and not (p[0] == PAIR and p[2] >= 48 and self.f.run4_after_pass):
            skip |= passed
        s = _FIRST[self.n][seat][skip]
        if s < 0:
            self._advance(seat)
        elif s == seat:
            self._close_round(s)
        else:
            self.cur = s

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
        # The first seat after ``seat`` still playing that owns the table (the round closes), has not passed,
        # or passed before the top play went down and may answer it (the four-pair exception).
        top, gone, passed, n = self.top_seat, self.gone, self.passed, self.n
        blocked = passed if top < 0 else passed & ~(1 << top)
        if passed & ~self.on_top & ~gone and self._exception_open():
            blocked &= self.on_top
        s = _FIRST[n][seat][gone | blocked]
        if s < 0:
            self._close_round(_FIRST[n][top][gone])  # the next seat still playing after the table's owner
        elif s == top:
            self._close_round(s)
        else:
            self.cur = s

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
        """``game.engine.scoring.settle``'s net payments, on bitmasks: its transfers paid in its order."""
        f, n = self.f, self.n
        winner, last, cong = order[0], order[-1], self.cong
        place = [0.0] * n
        payouts = f.place_payouts.get(n)
        if payouts:
            for i, seat in enumerate(order):
                place[seat] = payouts[i]
            final = self.last_play[winner]
            if f.spades_final is not None and final and final[3] & 1:
                place[winner] = f.spades_final
            if f.spades_last is not None and last not in cong and self.hands[last] == 1:
                place[last] = f.spades_last
            if f.cong_place is not None:
                for seat in cong:
                    place[seat] = f.cong_place
        for t in self.chops:
            place[t.payer] -= t.amount
            place[t.payee] += t.amount
        first = self.first_out_hands
        hands = first if f.thoi_first_out and first is not None else self.hands
        payers = list(order[1:]) if f.every_loser else [last]
        # An unplayed seat's thối and charge are paid by the đền bài payer, if any.
        den = self.den_payer if cong else None
        if cong:
            payers += [s for s in order if s in cong and s not in payers]
        payee = winner if f.thoi_place is None else order[f.thoi_place[n] - 1]
        for seat in payers:
            value = f.hand_value(hands[seat])
            to = payee
            if cong and seat in cong:
                value *= f.cong_multiplier
                if f.cong_to_winner:
                    to = winner
            if value and to != seat:
                place[den if den is not None and seat in cong else seat] -= value
                place[to] += value
        if cong and f.cong_charge:
            for seat in order:
                if seat in cong:
                    place[den if den is not None else seat] -= f.cong_charge
                    place[winner] += f.cong_charge
        if f.last_place and last != winner and not (cong and f.cong_cancels_last):
            place[last] -= f.last_place
            place[winner] += f.last_place
        return tuple(place)
