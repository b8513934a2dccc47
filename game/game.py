"""One game (one deal): turns, rounds, lock-out, players going out, and the events each step produces."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game.cards import Card, deal, parse_cards
from game.checks import check_bool, check_card, check_hands, check_int, check_seat
from game.combos import KINDS, PAIR, PAIR_RUN, QUAD, STRAIGHT, Combo, classify, generate
from game.events import (
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
)  # fmt: skip
from game.instant import instant_win_pattern
from game.refusals import IllegalMove, Refusal
from game.rules_file import load_rules
from game.scoring import (
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
)  # fmt: skip
from game.variant import Rules, beat_reason
from game.view import Action, SeatView


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
        self._must_contain_at_start = must_contain
        self.current_player = leader
        self.round_leader = leader
        self.table: Combo | None = None
        self.table_seat: int | None = None
        self.round_plays: list[tuple[int, Combo]] = []
        self.round_index = 0
        self.passed: set[int] = set()
        self._passed_on_top: set[int] = set()
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

    def _active(self, seat: int) -> bool:
        return seat not in self.finished and seat not in self.cong and seat != self.resigned

    def _exception_open(self) -> bool:
        """Four pairs after a pass: a pair of 2s on top lets players who passed answer with a run of 4 pairs."""
        t = self.table
        return self.rules.pair_run4_ignores_pass and t is not None and t.kind == PAIR and t.is_twos

    def _eligible(self, seat: int) -> bool:
        if not self._active(seat):
            return False
        if seat not in self.passed:
            return True
        return self._exception_open() and seat not in self._passed_on_top

    def legal_moves(self, seat: int | None = None) -> list[tuple[Card, ...]]:
        """Every card set that ``seat`` (default: the current player) may play now; [] when it may not."""
        seat = self.current_player if seat is None else seat
        if self.is_over or seat != self.current_player:
            return []
        if self._legal_cache and self._legal_cache[0] == self._version:
            return list(self._legal_cache[1])
        moves = [c.cards for c in self._candidates(seat) if self._allowed(seat, c)]
        self._legal_cache = (self._version, moves)
        return list(moves)

    def _candidates(self, seat: int) -> Iterable[Combo]:
        hand, table = self.hands[seat], self.table
        if table is None:
            return generate(hand, KINDS)
        if seat in self.passed:
            return (c for c in generate(hand, (PAIR_RUN,)) if c.length >= 4)
        same = generate(hand, (table.kind,), table.length if table.kind in (STRAIGHT, PAIR_RUN) else None)
        if table.is_twos or table.is_bomb:
            bombs = (c for c in generate(hand, (QUAD, PAIR_RUN)) if c.kind != table.kind or c.length != table.length)
            return [*same, *bombs]
        return same

    def _allowed(self, seat: int, combo: Combo) -> bool:
        """``_why_not(seat, combo) is None``, without building the reason (the move generator's hot path)."""
        if self.table is None:
            return self.must_contain is None or self.must_contain in combo.cards
        if seat in self.passed and (not self._exception_open() or combo.kind != PAIR_RUN or combo.length < 4):
            return False
        return self.rules.can_beat(combo, self.table)

    def _why_not(self, seat: int, combo: Combo) -> Refusal | None:
        if self.table is None:
            if self.must_contain is not None and self.must_contain not in combo.cards:
                return Refusal("must_contain", card=self.must_contain)
            return None
        if seat in self.passed:
            if not self._exception_open():
                return Refusal("passed")
            if combo.kind != PAIR_RUN or combo.length < 4:
                return Refusal("after_pass")
        return beat_reason(self.rules, combo, self.table)

    def check_play(self, cards: Iterable[Card], seat: int | None = None) -> Refusal | None:
        """Why ``play(cards, seat)`` would be refused, in plain words; ``None`` when it is legal."""
        seat = self.current_player if seat is None else check_int("seat", seat)
        cards = _card_list(cards)
        if self.is_over:
            return Refusal("game_over")
        if not 0 <= seat < self.players:
            return Refusal("no_seat", seat=seat)
        if not self._active(seat):
            return Refusal("out")
        if seat != self.current_player:
            return Refusal("passed" if seat in self.passed else "not_your_turn")
        if not cards:
            return Refusal("choose")
        if len(set(cards)) != len(cards):
            return Refusal("chosen_twice")
        missing = [c for c in cards if c not in self.hands[seat]]
        if missing:
            return Refusal("not_held", cards=" ".join(map(str, missing)))
        combo = classify(cards)
        if combo is None:
            return Refusal("no_combo")
        return self._why_not(seat, combo)

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own hand, the others' card counts, the table and the history."""
        check_seat("seat", seat, self.players)
        played = frozenset(c for a in self.history if a.combo for c in a.combo.cards)
        return SeatView(
            seat=seat,
            players=self.players,
            rules=self.rules,
            hand=tuple(self.hands[seat]),
            counts=tuple(len(h) for h in self.hands),
            table=self.table,
            table_seat=self.table_seat,
            current_player=self.current_player,
            leader=self.round_leader,
            round_index=self.round_index,
            passed=frozenset(self.passed),
            finished=tuple(self.finished),
            cong=tuple(self.cong),
            round_plays=tuple(self.round_plays),
            history=tuple(self.history),
            played_cards=played,
            first_game=self.first_game,
            must_contain=self.must_contain,
            is_over=self.is_over,
            legal_moves=tuple(self.legal_moves(seat)),
        )

    # ----------------------------------------------------------------------------------------------- actions

    def play(self, cards: Iterable[Card], seat: int | None = None) -> list[Event]:
        """Play ``cards`` for ``seat`` (default: the current player); raise ``IllegalMove`` if refused."""
        seat = self.current_player if seat is None else check_int("seat", seat)
        cards = _card_list(cards)
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
        self._passed_on_top.clear()
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
        if not 0 <= seat < self.players or not self._active(seat):
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
        self._passed_on_top.add(seat)
        events: list[Event] = [Passed(seat)]
        events += self._advance(seat)
        self.log.extend(events)
        return events

    def resign(self, seat: int) -> list[Event]:
        """``seat`` quits: it pays each other seat the variant's quit charge, and the game is over."""
        check_int("seat", seat)
        if self.is_over:
            raise IllegalMove(Refusal("game_over"))
        if not 0 <= seat < self.players or not self._active(seat):
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
        remaining = [s for s in range(self.players) if self._active(s)]
        if self.rules.ends_at_first_out or len(remaining) <= 1:
            events += self._close_round()
            events += self._finish()
        return events

    def _advance(self, seat: int) -> list[Event]:
        """Move the turn on from ``seat``; close the round when nobody else may still play."""
        n, top = self.players, self.table_seat
        for step in range(1, n + 1):
            s = (seat + step) % n
            if s == top and self._active(s):
                return self._close_round(s)
            if s != top and self._eligible(s):
                self.current_player = s
                return []
        # The last play emptied its owner's hand and nobody beat it: the next seat in play leads (hưởng sái).
        assert top is not None
        leader = next((top + k) % n for k in range(1, n + 1) if self._active((top + k) % n))
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
        self._passed_on_top.clear()
        self._beatable_passes = []
        self.round_index += 1
        if leader is not None:
            self.current_player = self.round_leader = leader
        return events

    def _finish(self) -> list[Event]:
        winner = self.finished[0]
        last = [s for s in range(self.players) if self._active(s)]
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
        return {
            "format": 1,
            "variant": self.rules.id,
            "hands": [" ".join(c.ascii for c in h) for h in self.initial_hands],
            "leader": self.start_leader,
            "first_game": self.first_game,
            "must_contain": self._must_contain_at_start.ascii if self._must_contain_at_start else None,
            "actions": [list(a) for a in self.actions],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], rules: Rules | None = None) -> Game:
        """Rebuild a game saved by ``to_dict`` by replaying its actions; raise ``ValueError`` if it is broken."""
        try:
            if not isinstance(data, Mapping):
                raise TypeError(f"expected a mapping, not {type(data).__name__}")
            rules = rules or load_rules(str(data["variant"]))
            if str(data["variant"]) != rules.id:
                raise ValueError(f"the game is of variant {str(data['variant'])[:40]!r}, not {rules.id!r}")
            hands = [parse_cards(h) for h in _list("hands", data["hands"])]
            must = parse_cards(data["must_contain"])[0] if data.get("must_contain") else None
            game = cls(rules, hands, data["leader"], data["first_game"], must_contain=must)
            for action in _list("actions", data["actions"]):
                kind = _list("an action", action)[0]
                if kind == "play":
                    game.play(parse_cards(action[2]), action[1])
                elif kind == "pass":
                    game.pass_turn(action[1])
                elif kind == "resign":
                    game.resign(action[1])
                else:
                    raise ValueError(f"unknown action {str(kind)[:40]!r}")
        except (KeyError, IndexError, TypeError, IllegalMove) as exc:
            raise ValueError(f"the saved game cannot be replayed: {str(exc)[:200]}") from exc
        return game

    @classmethod
    def from_view(cls, view: SeatView, hands: Sequence[Iterable[Card]]) -> Game:
        """A game in the same position as ``view`` but with ``hands`` for every seat (for AI playouts)."""
        game = cls(view.rules, hands, view.leader, view.first_game, view.must_contain, check_deal=False)
        game.current_player = view.current_player
        game.table, game.table_seat = view.table, view.table_seat
        game.round_plays = list(view.round_plays)
        game.round_index = view.round_index
        game.passed = set(view.passed)
        if view.table is not None:
            for action in reversed(view.history):
                if action.combo is not None:
                    break
                game._passed_on_top.add(action.seat)
        game.finished = list(view.finished)
        game.cong = list(view.cong)
        played = {a.seat for a in view.history if a.combo is not None}
        game.played_any = [s in played for s in range(view.players)]
        game.history = list(view.history)
        game.is_over = view.is_over
        return game


def _list(name: str, value: Any) -> list[Any]:
    if not isinstance(value, list) or (name == "an action" and not value):
        raise TypeError(f"{name} should be a list, not {str(value)[:40]!r}")
    return value


def _card_list(cards: Iterable[Card]) -> list[Card]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"cards must be a collection of Card (see parse_cards), not {type(cards).__name__}")
    out = list(cards)
    for card in out:
        if not isinstance(card, Card):
            raise TypeError(f"cards must be Card values (see parse_cards), not {type(card).__name__} {card!r}")
    return out


def choose_leader(rules: Rules, hands: Sequence[Sequence[Card]], rng: random.Random) -> tuple[int, Card | None]:
    """The first game's leader by the variant's rule, and the card the first play must contain (if any)."""
    if rules.first_lead == "host":
        return 0, None
    if rules.first_lead == "three_of_spades":
        lowest = min(c for h in hands for c in h)
        seat = next(s for s, h in enumerate(hands) if lowest in h)
        return seat, lowest
    return rng.randrange(len(hands)), None


def new_game(rules: Rules, players: int | None = None, seed: int | None = None, *,
             hands: Sequence[Iterable[Card]] | None = None, leader: int | None = None,
             first_game: bool = True, rng: random.Random | None = None) -> Game:
    """Deal a new game (or start one from given ``hands``). ``leader=None`` uses the variant's first-lead rule
    in a first game and a seeded random seat otherwise."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules (see load_rules), not {type(rules).__name__}")
    if players is not None:
        check_int("players", players, 2, 4)
    if seed is not None:
        check_int("seed", seed)
    check_bool("first_game", first_game)
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    rng = rng or random.Random(seed)
    if hands is None:
        hand_lists = deal(4 if players is None else players, rng)
    else:
        hand_lists = check_hands(hands)
        if players is not None and players != len(hand_lists):
            raise ValueError(f"{len(hand_lists)} hands given for {players} players")
    if leader is not None:
        check_seat("leader", leader, len(hand_lists))
    must: Card | None = None
    if leader is None:
        if first_game:
            leader, must = choose_leader(rules, hand_lists, rng)
        else:
            leader = rng.randrange(len(hand_lists))
    elif first_game and rules.first_lead == "three_of_spades" and hand_lists[leader]:
        lowest = min(c for h in hand_lists for c in h)
        must = lowest if lowest in hand_lists[leader] else None
    return Game(rules, hand_lists, leader, first_game, must_contain=must)


__all__ = ["Action", "Game", "IllegalMove", "SeatView", "choose_leader", "new_game"]
