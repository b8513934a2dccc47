"""JSON forms of the engine's values: cards ("3s", "Th"), combinations, every event and a game's result (a seat's
view and the rules: ``views``). ``encode_*`` gives plain JSON values; ``decode_*`` checks what it reads and raises
``ProtocolError`` (never ``KeyError`` or ``TypeError``) on anything malformed, so a peer's bad message is one
clear error."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine.cards import DECK, Card, parse_card
from game.engine.combos import Combo, classify
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
from game.engine.scoring import GameResult, Transfer

JSON = Any


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` is stable (docs/protocol.md), the text one line."""

    def __init__(self, code: str, message: str, **fields: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.fields = fields  # more about it for the peer, e.g. the engine's refusal code
        self.closes = False  # the server closes the link after answering


def fail(message: str, code: str = "bad_field") -> ProtocolError:
    return ProtocolError(code, message[:200])


# -- small readers -------------------------------------------------------------------------------------------


def get(data: JSON, key: str, kind: type | tuple[type, ...], where: str = "message") -> Any:
    """``data[key]`` if ``data`` is an object holding a value of ``kind`` there (a bool is never an int)."""
    if not isinstance(data, dict):
        raise fail(f"{where} should be an object")
    if key not in data:
        raise fail(f"{where} lacks {key!r}")
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise fail(f"{where}.{key} has the wrong type")
    if not isinstance(value, kind):
        raise fail(f"{where}.{key} has the wrong type")
    return value


def get_int(data: JSON, key: str, lo: int, hi: int, where: str = "message") -> int:
    value: int = get(data, key, int, where)
    if not lo <= value <= hi:
        raise fail(f"{where}.{key} must be {lo} to {hi}")
    return value


def get_opt_int(data: JSON, key: str, lo: int, hi: int, where: str = "message") -> int | None:
    if isinstance(data, dict) and data.get(key) is None:
        return None
    return get_int(data, key, lo, hi, where)


def get_list(data: JSON, key: str, limit: int, where: str = "message") -> list[Any]:
    value: list[Any] = get(data, key, list, where)
    if len(value) > limit:
        raise fail(f"{where}.{key} has more than {limit} items")
    return value


def seats(values: Any, players: int, where: str) -> tuple[int, ...]:
    if not isinstance(values, list) or len(values) > players:
        raise fail(f"{where} should be a list of seats")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < players:
            raise fail(f"{where} holds a seat that does not exist")
    return tuple(values)


# -- cards and combinations ----------------------------------------------------------------------------------


def encode_card(card: Card) -> str:
    return card.ascii


def decode_card(text: Any) -> Card:
    if not isinstance(text, str) or not 2 <= len(text) <= 3 or not text.isascii():
        raise fail(f"{str(text)[:12]!r} is not a card such as '3s' or 'Th'")
    try:
        return parse_card(text)
    except ValueError:
        raise fail(f"{text!r} is not a card such as '3s' or 'Th'") from None


_ASCII = tuple(c.ascii for c in DECK)  # by Card.index: the hot path of every message


def encode_cards(cards: Sequence[Card] | frozenset[Card]) -> list[str]:
    return [_ASCII[c.index] for c in (sorted(cards) if isinstance(cards, frozenset) else cards)]


def decode_cards(values: Any, limit: int = 52, where: str = "cards") -> tuple[Card, ...]:
    if not isinstance(values, list) or len(values) > limit:
        raise fail(f"{where} should be a list of at most {limit} cards")
    cards = tuple(decode_card(v) for v in values)
    if len(set(cards)) != len(cards):
        raise fail(f"{where} names a card twice")
    return cards


def encode_combo(combo: Combo | None) -> JSON:
    if combo is None:
        return None
    return {"kind": combo.kind, "cards": encode_cards(combo.cards), "length": combo.length}


def decode_combo(data: JSON, where: str = "combo") -> Combo:
    cards = decode_cards(get(data, "cards", list, where), 13, where)
    combo = classify(cards)
    if combo is None or combo.kind != data.get("kind") or combo.length != data.get("length"):
        raise fail(f"{where} is not the combination it says it is")
    return combo


def decode_opt_combo(data: JSON, where: str = "combo") -> Combo | None:
    return None if data is None else decode_combo(data, where)


# -- results and events --------------------------------------------------------------------------------------


def encode_result(result: GameResult) -> JSON:
    return {
        "order": list(result.order),
        "transfers": [{"payer": t.payer, "payee": t.payee, "amount": t.amount, "reason": t.reason}
                      for t in result.transfers],  # fmt: skip
        "place_payouts": list(result.place_payouts),
        "payments": list(result.payments),
        "instant_win": result.instant_win,
        "instant_win_pattern": result.instant_win_pattern,
        "cong": list(result.cong),
        "resigned": result.resigned,
        "hands": [encode_cards(h) for h in result.hands],
        "priced_hands": [encode_cards(h) for h in result.priced_hands],
    }


def _amounts(values: Any, where: str) -> tuple[float, ...]:
    if not isinstance(values, list) or len(values) > 4:
        raise fail(f"{where} should be a list of amounts")
    if any(isinstance(v, bool) or not isinstance(v, (int, float)) or abs(v) > 1e9 for v in values):
        raise fail(f"{where} holds something that is not an amount")
    return tuple(float(v) for v in values)


def decode_result(data: JSON, players: int = 4) -> GameResult:
    where = "result"
    transfers = []
    for t in get_list(data, "transfers", 64, where):
        amount = _amounts([get(t, "amount", (int, float), "transfer")], "transfer.amount")[0]
        transfers.append(Transfer(get_int(t, "payer", 0, 3, "transfer"), get_int(t, "payee", 0, 3, "transfer"),
                                  amount, get(t, "reason", str, "transfer")[:20]))  # fmt: skip
    pattern = data.get("instant_win_pattern") if isinstance(data, dict) else None
    return GameResult(
        order=seats(get(data, "order", list, where), players, "result.order"),
        transfers=tuple(transfers),
        place_payouts=_amounts(get(data, "place_payouts", list, where), "result.place_payouts"),
        payments=_amounts(get(data, "payments", list, where), "result.payments"),
        instant_win=get_opt_int(data, "instant_win", 0, players - 1, where),
        instant_win_pattern=pattern[:40] if isinstance(pattern, str) else None,
        cong=seats(get(data, "cong", list, where), players, "result.cong"),
        resigned=get_opt_int(data, "resigned", 0, players - 1, where),
        hands=tuple(decode_cards(h, 13, "result.hands") for h in get_list(data, "hands", 4, where)),
        priced_hands=tuple(decode_cards(h, 13, "result.hands") for h in get_list(data, "priced_hands", 4, where)),
    )


_ENCODERS: dict[type[Event], Callable[[Any], dict[str, Any]]] = {
    InstantWin: lambda e: {"seat": e.seat, "pattern": e.pattern, "cards": encode_cards(e.cards)},
    CardsPlayed: lambda e: {"seat": e.seat, "combo": encode_combo(e.combo), "chop": e.chop,
                            "cards_left": e.cards_left},
    Passed: lambda e: {"seat": e.seat},
    RoundWon: lambda e: {"seat": e.seat, "leader": e.leader},
    Chopped: lambda e: {"payer": e.payer, "payee": e.payee, "amount": e.amount,
                        "chain": [encode_combo(c) for c in e.chain]},
    PlayerOut: lambda e: {"seat": e.seat, "place": e.place},
    Cong: lambda e: {"seats": list(e.seats)},
    Resigned: lambda e: {"seat": e.seat},
    GameOver: lambda e: {"result": encode_result(e.result)},
}  # fmt: skip


def _seat(d: JSON, key: str = "seat") -> int:
    return get_int(d, key, 0, 3, "event")


_DECODERS: dict[str, Callable[[JSON], Event]] = {
    "instant_win": lambda d: InstantWin(_seat(d), get(d, "pattern", str, "event")[:40],
                                        decode_cards(get(d, "cards", list, "event"), 13)),
    "played": lambda d: CardsPlayed(_seat(d), decode_combo(get(d, "combo", dict, "event")),
                                    get(d, "chop", bool, "event"), get_int(d, "cards_left", 0, 13, "event")),
    "passed": lambda d: Passed(_seat(d)),
    "round_won": lambda d: RoundWon(_seat(d), _seat(d, "leader")),
    "chopped": lambda d: Chopped(_seat(d, "payer"), _seat(d, "payee"),
                                 _amounts([get(d, "amount", (int, float), "event")], "amount")[0],
                                 tuple(decode_combo(c) for c in get_list(d, "chain", 16, "event"))),
    "player_out": lambda d: PlayerOut(_seat(d), get_int(d, "place", 1, 4, "event")),
    "cong": lambda d: Cong(seats(get(d, "seats", list, "event"), 4, "event.seats")),
    "resigned": lambda d: Resigned(_seat(d)),
    "game_over": lambda d: GameOver(decode_result(get(d, "result", dict, "event"))),
}  # fmt: skip


def encode_event(event: Event) -> JSON:
    encoder = _ENCODERS.get(type(event))
    if encoder is None:  # a new engine event must get a wire form before it can be sent
        raise TypeError(f"no wire form for {type(event).__name__}")
    return {"kind": event.kind, **encoder(event)}


def decode_event(data: JSON) -> Event:
    kind = get(data, "kind", str, "event")
    decoder = _DECODERS.get(kind)
    if decoder is None:
        raise fail(f"unknown event kind {kind[:30]!r}")
    return decoder(data)
