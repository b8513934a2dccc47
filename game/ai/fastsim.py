"""A compact game simulator for the AI's playouts: hands as bitmasks, plays as tuples, no events.

It follows ``game.game.Game`` move for move (turns, lock-out, the four-pair exception, players going
out, hưởng sái, cóng, đền bài and chặt chains) and settles a finished game as ``game.scoring.settle`` does
(finishing order and net payments), so a playout scores exactly as the engine would.
``tests/ai/test_fastsim.py`` replays its games through the engine in every variant. Cards, hands and
plays are bitmasks and tuples (``game.ai.fastrules``).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.fastrules import PAIR, PAIR_RUN, SINGLE, Flags, Play, is_bomb, play_of
from game.scoring import Transfer
from game.view import SeatView

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
