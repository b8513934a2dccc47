"""One game (one deal): turns, rounds, lock-out, players going out, and the events each step produces.

Its helpers: what may be played (``legality``), the opening (``dealing``), what a seat may know (``view``),
saving and copying (``game_record``)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.engine import game_record, legality
from game.engine.cards import Card
from game.engine.checks import check_bool, check_card, check_hands, check_int, check_seat
from game.engine.combos import Combo, classify
from game.engine.dealing import choose_leader, opening
from game.engine.events import (
    CardsPlayed,
    Chopped,
    Cong,
    Event,
    GameOver,
    InstantWin,
    Passed,
    PlayerOut,
    Resigned,
    RoundWon,
)
from game.engine.instant import instant_win_pattern
from game.engine.refusals import IllegalMove, Refusal
from game.engine.scoring import (
    GameRecord,
    GameResult,
    Transfer,
    chain_of,
    chain_transfer,
    finish_order,
    read_at_first_out,
    settle,
    settle_instant_win,
    settle_resign,
)
from game.engine.view import Action, SeatView, seat_view
from game.rules.variant import Rules


class Game:
    """A game of Tiến Lên from the deal to its settlement. See docs/engine-api.md."""

    def __init__(self, rules: Rules, hands: Sequence[Iterable[Card]], leader: int, first_game: bool = True,
                 must_contain: Card | None = None, check_deal: bool = True) -> None:
        # Everything is checked before anything is kept: a refused game leaves nothing half-built.
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules (see load_rules), not {type(rules).__name__}")
        checked = check_hands(hands, allow_empty=not check_deal)
        check_seat("leader", leader, len(checked))
        check_bool("first_game", first_game)
        check_card("must_contain", must_contain)
        if check_deal and must_contain is not None and must_contain not in checked[leader]:
            raise ValueError(f"the leader (seat {leader}) must play {must_contain} but does not hold it")
        self.rules = rules
        self.players = len(checked)
        self.hands: list[list[Card]] = checked
        self.initial_hands = tuple(tuple(h) for h in self.hands)
        self.first_game = first_game
        self.start_leader = leader
        self.must_contain = must_contain
        self.must_contain_at_start = must_contain
        self.current_player = leader
        self.round_leader = leader
        self.table: Combo | None = None
        self.table_seat: int | None = None
        self.round_plays: list[tuple[int, Combo]] = []
        self.round_index = 0
        self.passed: set[int] = set()
        self.passed_on_top: set[int] = set()
        self._beatable_passes: list[int] = []
        self.finished: list[int] = []
        self.cong: list[int] = []
        self.resigned: int | None = None
        self.played_any = [False] * self.players
        self.history: list[Action] = []
        self.actions: list[list[Any]] = []
        self.log: list[Event] = []
        self.chops: list[Transfer] = []
        self._hands_at_first_out: tuple[tuple[Card, ...], ...] | None = None
        self._den_bai_payer: int | None = None
        self._last_play: list[Combo | None] = [None] * self.players
        self._legal_cache: tuple[int, list[tuple[Card, ...]]] | None = None
        self._version = 0
        self.is_over = False
        self.result: GameResult | None = None
        self.opening_events = self._check_instant_win() if check_deal else []
        self.log.extend(self.opening_events)

    # ----------------------------------------------------------------------------------------------- queries

    def active(self, seat: int) -> bool:
        """Whether ``seat`` is still in the game (not out, not cóng, not resigned)."""
        return seat not in self.finished and seat not in self.cong and seat != self.resigned

    def legal_moves(self, seat: int | None = None) -> list[tuple[Card, ...]]:
        """Every card set that ``seat`` (default: the current player) may play now; [] when it may not."""
        seat = self.current_player if seat is None else seat
        if self.is_over or seat != self.current_player:
            return []
        if self._legal_cache and self._legal_cache[0] == self._version:
            return list(self._legal_cache[1])
        moves = [c.cards for c in legality.candidates(self, seat) if legality.allowed(self, seat, c)]
        self._legal_cache = (self._version, moves)
        return list(moves)

    def check_play(self, cards: Iterable[Card], seat: int | None = None) -> Refusal | None:
        """Why ``play(cards, seat)`` would be refused, in plain words; ``None`` when it is legal."""
        seat = self.current_player if seat is None else check_int("seat", seat)
        return legality.refusal(self, legality.card_list(cards), seat)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own hand, the others' card counts, the table and the history."""
        check_seat("seat", seat, self.players)
        return seat_view(self, seat)

    # ----------------------------------------------------------------------------------------------- actions

    def play(self, cards: Iterable[Card], seat: int | None = None) -> list[Event]:
        """Play ``cards`` for ``seat`` (default: the current player); raise ``IllegalMove`` if refused."""
        seat = self.current_player if seat is None else check_int("seat", seat)
        cards = legality.card_list(cards)
        reason = self.check_play(cards, seat)
        if reason is not None:
            raise IllegalMove(reason)
        combo = classify(cards)
        assert combo is not None
        table = self.table
        chop = combo.is_bomb and table is not None and (table.is_twos or table.is_bomb)
        for card in combo.cards:
            self.hands[seat].remove(card)
        self._touch()
        self.played_any[seat] = True
        self.must_contain = None
        self.history.append(Action(seat, combo, table, self.round_index))
        self.actions.append(["play", seat, " ".join(c.ascii for c in combo.cards)])
        self.round_plays.append((seat, combo))
        self.table, self.table_seat = combo, seat
        self.passed_on_top.clear()
        self.passed.discard(seat)  # a run of 4 pairs after a pass brings the seat back into the round
        self._last_play[seat] = combo
        events: list[Event] = [CardsPlayed(seat, combo, chop, len(self.hands[seat]))]
        if not self.hands[seat]:
            events += self._player_out(seat)
        if not self.is_over:
            events += self._advance(seat)
        self.log.extend(events)
        return events

    def pass_turn(self, seat: int | None = None) -> list[Event]:
        """Pass for ``seat`` (default: the current player): locked out until the round ends."""
        seat = self.current_player if seat is None else check_int("seat", seat)
        if self.is_over:
            raise IllegalMove(Refusal("game_over"))
        if not 0 <= seat < self.players or not self.active(seat):
            raise IllegalMove(Refusal("out"))
        if seat != self.current_player:
            raise IllegalMove(Refusal("passed" if seat in self.passed else "not_your_turn"))
        if self.table is None:
            raise IllegalMove(Refusal("lead_no_pass"))
        if self.rules.den_bai and self.legal_moves(seat):
            self._beatable_passes.append(seat)
        self._touch()
        self.history.append(Action(seat, None, self.table, self.round_index))
        self.actions.append(["pass", seat])
        self.passed.add(seat)
        self.passed_on_top.add(seat)
        events: list[Event] = [Passed(seat)]
        events += self._advance(seat)
        self.log.extend(events)
        return events

    def resign(self, seat: int) -> list[Event]:
        """``seat`` quits: it pays each other seat the variant's quit charge, and the game is over."""
        check_int("seat", seat)
        if self.is_over:
            raise IllegalMove(Refusal("game_over"))
        if not 0 <= seat < self.players or not self.active(seat):
            raise IllegalMove(Refusal("out"))
        self._touch()
        self.actions.append(["resign", seat])
        self.resigned = seat
        settled = list(self.chops)  # chặt chains paid as their rounds closed stand (RULES.md §6)
        if self.finished and self._hands_at_first_out is not None:  # and penalties read at the first out
            settled += read_at_first_out(self.rules, self.finished[0], self._hands_at_first_out, self.cong,
                                         self._den_bai_payer)
        self.result = settle_resign(self.rules, self.hands, seat, self.finished, settled)
        self.is_over = True
        events: list[Event] = [Resigned(seat), GameOver(self.result)]
        self.log.extend(events)
        return events

    # ------------------------------------------------------------------------------------------- internals

    def _touch(self) -> None:
        self._version += 1

    def _check_instant_win(self) -> list[Event]:
        patterns = self.rules.instant_win_patterns(self.first_game)
        if not patterns:
            return []
        for step in range(self.players):
            seat = (self.start_leader + step) % self.players
            found = instant_win_pattern(self.hands[seat], patterns)
            if found:
                self.result = settle_instant_win(self.rules, self.hands, seat, found)
                self.is_over = True
                return [InstantWin(seat, found, tuple(self.hands[seat])), GameOver(self.result)]
        return []

    def _player_out(self, seat: int) -> list[Event]:
        self.finished.append(seat)
        events: list[Event] = [PlayerOut(seat, len(self.finished))]
        if len(self.finished) == 1:
            self._hands_at_first_out = tuple(tuple(h) for h in self.hands)
            self.cong = [s for s in range(self.players) if not self.played_any[s]]
            if self.cong:
                events.append(Cong(tuple(self.cong)))
                if self.rules.den_bai:
                    payers = [s for s in self._beatable_passes if s != seat and s not in self.cong]
                    self._den_bai_payer = payers[-1] if payers else None
        remaining = [s for s in range(self.players) if self.active(s)]
        if self.rules.ends_at_first_out or len(remaining) <= 1:
            events += self._close_round()
            events += self._finish()
        return events

    def _advance(self, seat: int) -> list[Event]:
        """Move the turn on from ``seat``; close the round when nobody else may still play."""
        n, top = self.players, self.table_seat
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s == top and self.active(s):
                return self._close_round(s)
            if s != top and legality.eligible(self, s):
                self.current_player = s
                return []
        # The last play emptied its owner's hand and nobody beat it: the next seat in play leads (hưởng sái).
        assert top is not None
        leader = next((top + k) % n for k in range(1, n + 1) if self.active((top + k) % n))
        return self._close_round(leader)

    def _close_round(self, leader: int | None = None) -> list[Event]:
        events: list[Event] = []
        transfer = chain_transfer(self.rules, chain_of(self.round_plays), self.finished)
        if transfer is not None:
            self.chops.append(transfer)
            chain = tuple(c for _, c in chain_of(self.round_plays))
            events.append(Chopped(transfer.payer, transfer.payee, transfer.amount, chain))
        if self.table_seat is not None and leader is not None:
            events.append(RoundWon(self.table_seat, leader))
        self.table = self.table_seat = None
        self.round_plays = []
        self.passed.clear()
        self.passed_on_top.clear()
        self._beatable_passes = []
        self.round_index += 1
        if leader is not None:
            self.current_player = self.round_leader = leader
        return events

    def _finish(self) -> list[Event]:
        winner = self.finished[0]
        last = [s for s in range(self.players) if self.active(s)]
        if self.rules.ends_at_first_out:
            order = finish_order(self.players, winner, self.finished, self.hands, self.cong)
        else:
            order = tuple(self.finished + last + sorted(self.cong, key=lambda s: (s - winner) % self.players))
        record = GameRecord(
            order=order,
            cong=tuple(self.cong),
            hands_at_first_out=self._hands_at_first_out or tuple(tuple(h) for h in self.hands),
            hands_at_end=tuple(tuple(h) for h in self.hands),
            winner_final_play=self._last_play[winner],
            den_bai_payer=self._den_bai_payer,
            chops=tuple(self.chops),
        )
        self.result = settle(self.rules, record)
        self.is_over = True
        return [GameOver(self.result)]

    # -------------------------------------------------------------------------------------- saving, copying

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly record of the deal and every action; ``from_dict`` replays it."""
        return game_record.to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules | None = None) -> Game:
        """Rebuild a game saved by ``to_dict`` by replaying its actions; raise ``ValueError`` if it is broken."""
        return game_record.from_dict(cls, data, rules)

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[Iterable[Card]]) -> Game:
        """A game in the same position as ``view`` but with ``hands`` for every seat (for AI playouts)."""
        return game_record.from_view(cls, view, hands)


def new_game(rules: Rules, players: int | None = None, seed: int | None = None, *,
             hands: Sequence[Iterable[Card]] | None = None, leader: int | None = None,
             first_game: bool = True, rng: random.Random | None = None) -> Game:
    """Deal a new game (or start one from given ``hands``). ``leader=None`` uses the variant's first-lead rule
    in a first game and a seeded random seat otherwise."""
    hand_lists, first_leader, must = opening(rules, players, seed, hands, leader, first_game, rng)
    return Game(rules, hand_lists, first_leader, first_game, must_contain=must)


__all__ = ["Action", "Game", "IllegalMove", "SeatView", "choose_leader", "new_game"]
