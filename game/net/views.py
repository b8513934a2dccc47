"""JSON forms of a seat's view (its history sent compactly) and of a variant's rules; see ``codec`` for cards,
combinations and events. A view carries only its own seat's hand: it is encoded from ``SeatView``, which holds
nothing else."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.cards import Card
from game.engine.combos import Combo, classify
from game.engine.view import Action, SeatView
from game.net.codec import (
    JSON,
    decode_card,
    decode_cards,
    decode_combo,
    decode_opt_combo,
    encode_cards,
    encode_combo,
    fail,
    get,
    get_int,
    get_list,
    get_opt_int,
    seats,
)
from game.rules.check import Checker
from game.rules.variant import Rules, RulesError


def encode_action(action: Action) -> JSON:
    """``[seat, "3s 4s 5s" or null for a pass, round]``: what was on the table before it follows from the
    history (the round's last play), so it is not sent; a view's history stays small."""
    cards = " ".join(c.ascii for c in action.combo.cards) if action.combo else None
    return [action.seat, cards, action.round_index]


def decode_history(items: list[Any], players: int) -> tuple[Action, ...]:
    history: list[Action] = []
    table: Combo | None = None
    current = -1
    for item in items:
        if not isinstance(item, list) or len(item) != 3:
            raise fail("view.history holds something that is not [seat, cards, round]")
        seat = seats([item[0]], players, "view.history")[0]
        rnd = item[2]
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not current <= rnd <= 400:
            raise fail("view.history's rounds should count up from 0")
        if rnd != current:
            table, current = None, rnd
        combo = None
        if item[1] is not None:
            if not isinstance(item[1], str) or len(item[1]) > 60:
                raise fail("view.history's cards should be text such as '3s 4s 5s'")
            combo = classify(decode_cards(item[1].split(), 13, "view.history"))
            if combo is None:
                raise fail("view.history holds cards that form no combination")
        history.append(Action(seat, combo, table, rnd))
        if combo is not None:
            table = combo
    return tuple(history)


def encode_view(view: SeatView) -> JSON:
    """The view as JSON: the rules are named by their variant id (the table's welcome carries them whole)."""
    return {**encode_own_part(view), **encode_shared_part(view), "history": [encode_action(a) for a in view.history]}


def encode_own_part(view: SeatView) -> JSON:
    """What differs from seat to seat in a view: the seat, its hand and its legal moves."""
    return encode_own(view.seat, view.hand, view.legal_moves)


def encode_own(seat: int, hand: Sequence[Card], legal_moves: Sequence[Sequence[Card]]) -> JSON:
    return {"seat": seat, "hand": encode_cards(hand), "legal_moves": [encode_cards(m) for m in legal_moves]}


def encode_shared_part(view: SeatView) -> JSON:
    """What every seat's view of one position shares, but the history (``game.net.wire`` encodes it once)."""
    return {
        "variant": view.rules.id,
        "players": view.players,
        "counts": list(view.counts),
        "table": encode_combo(view.table),
        "table_seat": view.table_seat,
        "current_player": view.current_player,
        "leader": view.leader,
        "round_index": view.round_index,
        "passed": sorted(view.passed),
        "finished": list(view.finished),
        "cong": list(view.cong),
        "round_plays": [[seat, encode_combo(combo)] for seat, combo in view.round_plays],
        "played_cards": encode_cards(view.played_cards),
        "first_game": view.first_game,
        "must_contain": view.must_contain.ascii if view.must_contain else None,
        "is_over": view.is_over,
    }


def decode_view(data: JSON, rules: Rules) -> SeatView:
    """A ``SeatView`` from its JSON form, for a table playing ``rules`` (the variant ids must agree)."""
    w = "view"
    if get(data, "variant", str, w) != rules.id:
        raise fail("the view is of another variant than the table")
    players = get_int(data, "players", 2, 4, w)
    last = players - 1
    history = decode_history(get_list(data, "history", 400, w), players)
    plays = []
    for item in get_list(data, "round_plays", 60, w):
        if not isinstance(item, list) or len(item) != 2:
            raise fail("view.round_plays holds something that is not [seat, combo]")
        plays.append((seats([item[0]], players, "view.round_plays")[0], decode_combo(item[1])))
    counts = get_list(data, "counts", 4, w)
    if len(counts) != players or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 13
                                     for c in counts):  # fmt: skip
        raise fail("view.counts should give each seat's card count")
    must = data.get("must_contain")
    return SeatView(
        seat=get_int(data, "seat", 0, last, w),
        players=players,
        rules=rules,
        hand=decode_cards(get(data, "hand", list, w), 13, "view.hand"),
        counts=tuple(counts),
        table=decode_opt_combo(data.get("table")),
        table_seat=get_opt_int(data, "table_seat", 0, last, w),
        current_player=get_int(data, "current_player", 0, last, w),
        leader=get_int(data, "leader", 0, last, w),
        round_index=get_int(data, "round_index", 0, 400, w),
        passed=frozenset(seats(get(data, "passed", list, w), players, "view.passed")),
        finished=seats(get(data, "finished", list, w), players, "view.finished"),
        cong=seats(get(data, "cong", list, w), players, "view.cong"),
        round_plays=tuple(plays),
        history=history,
        played_cards=frozenset(decode_cards(get(data, "played_cards", list, w), 52, "view.played_cards")),
        first_game=get(data, "first_game", bool, w),
        must_contain=None if must is None else decode_card(must),
        is_over=get(data, "is_over", bool, w),
        legal_moves=tuple(decode_cards(m, 13, "view.legal_moves") for m in get_list(data, "legal_moves", 5000, w)),
    )


# -- rules ---------------------------------------------------------------------------------------------------


def encode_rules(rules: Rules) -> JSON:
    """A variant whole (its id and resolved fields), so a client can play a variant it has never heard of."""
    return {"id": rules.id, "data": rules.data}


def decode_rules(data: JSON) -> Rules:
    vid = get(data, "id", str, "rules")
    fields = get(data, "data", dict, "rules")
    try:
        return Checker("server", vid[:40], fields, {}).rules()
    except (RulesError, TypeError, ValueError) as exc:
        raise fail(f"the table's rules cannot be read: {str(exc)[:150]}") from None
