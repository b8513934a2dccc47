"""Checking one variant's merged fields into a ``Rules``: types, choices, ranges and unknown fields."""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from typing import Any

from game.engine.checks import short
from game.rules.variant import (
    FIRST_LEADS,
    GAME_ENDS,
    INSTANT_WIN_PATTERNS,
    CongRule,
    Prices,
    Rules,
    RulesError,
    ThoiRule,
)  # fmt: skip

Lines = dict[tuple[str, ...], int]
MAX_AMOUNT = 1000.0  # no price, charge or payout is larger (the built-in variants' largest is 26)
MAX_MULTIPLIER = 100.0

_SUITS = {"spades": None, "clubs": None, "diamonds": None, "hearts": None}
#: Every field a variant may have; a nested mapping lists the fields inside, ``None`` is a value.
SCHEMA: dict[str, Any] = {
    "extends": None, "name": None, "description": None, "source": None, "game_ends": None, "first_lead": None,
    "quad_beats_pair_of_twos": None, "longer_pair_run_beats_shorter": None, "pair_run4_ignores_pass": None,
    "instant_wins": {"every_game": None, "first_game": None},
    "prices": {"plain_card": None, "two": _SUITS, "pair_run_3": None, "quad": None, "pair_run_4": None},
    "thoi": {"when": None, "payers": None, "payee": None},
    "place_payouts": None, "last_place_pays_winner": None,
    "cong": {"multiplier": None, "charge": None, "place_payout": None, "thoi_to_winner": None,
             "cancels_last_place_payment": None},
    "instant_win_payment": {"fixed": None, "hand_value": None},
    "chop_exempt_if_hand_emptied": None,
    "three_of_spades": {"winner_final_play": None, "last_holding_only": None},
    "den_bai": None, "quit_charge": None,
}  # fmt: skip


class Checker:
    """Reads one merged variant, raising ``RulesError`` with the line of the offending field."""

    def __init__(self, file: str, vid: str, data: Mapping[str, Any], lines: Lines) -> None:
        self.file, self.vid, self.data, self.lines = file, vid, data, lines

    def fail(self, path: tuple[str, ...], message: str) -> RulesError:
        full = ("variants", self.vid) + path
        line = None
        for i in range(len(full), 0, -1):
            line = self.lines.get(full[:i])
            if line:
                break
        return RulesError(self.file, line, ".".join(full), message)

    def get(self, *path: str) -> Any:
        node: Any = self.data
        for i, key in enumerate(path):
            if isinstance(node, list) and key.isdigit() and int(key) < len(node):
                node = node[int(key)]
                continue
            if not isinstance(node, Mapping):
                raise self.fail(path[:i], f"expected a mapping, got {short(node)}")
            if key not in node:
                raise self.fail(path, "missing field")
            node = node[key]
        return node

    def number(self, *path: str, lo: float = 0.0, hi: float = MAX_AMOUNT) -> float:
        """A finite number in ``lo..hi`` (amounts are table bets: no NaN, no infinity, no 1e308)."""
        value = self.get(*path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"expected a number, got {short(value)}")
        if isinstance(value, float) and not math.isfinite(value) or not lo <= value <= hi:
            raise self.fail(path, f"expected a number from {lo:g} to {hi:g}, got {short(value)}")
        return float(value)

    def optional_number(self, *path: str, lo: float = 0.0, hi: float = MAX_AMOUNT) -> float | None:
        return None if self.get(*path) is None else self.number(*path, lo=lo, hi=hi)

    def flag(self, *path: str) -> bool:
        value = self.get(*path)
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {short(value)}")
        return value

    def choice(self, options: tuple[str, ...], *path: str) -> str:
        value = self.get(*path)
        if value not in options:
            raise self.fail(path, f"expected one of {', '.join(options)}, got {short(value)}")
        return str(value)

    def text(self, *path: str) -> str:
        value = self.get(*path)
        if not isinstance(value, (str, int)):
            raise self.fail(path, f"expected text, got {short(value)}")
        return str(value)

    def texts(self, *path: str) -> dict[str, str]:
        value = self.get(*path)
        if not isinstance(value, Mapping):
            raise self.fail(path, f"expected a mapping of language to text, got {short(value)}")
        for lang in value:
            self.text(*path, str(lang))
        for lang in ("vi", "en"):
            self.text(*path, lang)
        return {str(k): str(v) for k, v in value.items()}

    def patterns(self, *path: str) -> tuple[str, ...]:
        value = self.get(*path)
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list of instant-win patterns, got {short(value)}")
        for i, name in enumerate(value):
            if name not in INSTANT_WIN_PATTERNS:
                raise self.fail(
                    path + (str(i),),
                    f"unknown instant-win pattern {short(name)} (known: {', '.join(INSTANT_WIN_PATTERNS)})",
                )
        return tuple(value)

    def players_map(self, *path: str) -> dict[int, Any]:
        value = self.get(*path)
        if not isinstance(value, Mapping):
            raise self.fail(path, f"expected a mapping by player count, got {short(value)}")
        out: dict[int, Any] = {}
        for key, item in value.items():
            if str(key) not in ("2", "3", "4"):
                raise self.fail(path + (str(key),), f"expected a player count 2 to 4, got {short(key)}")
            out[int(key)] = item
        return out

    def rules(self) -> Rules:
        self.known(self.data, SCHEMA, ())
        two = self.get("prices", "two")
        if not isinstance(two, Mapping):
            raise self.fail(("prices", "two"), f"expected a price per suit, got {short(two)}")
        suits = ("spades", "clubs", "diamonds", "hearts")
        payee_raw = self.get("thoi", "payee")
        payee: str | dict[int, int]
        if payee_raw == "winner":
            payee = "winner"
        elif isinstance(payee_raw, Mapping):
            payee = {}
            for players, place in self.players_map("thoi", "payee").items():
                if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= players:
                    raise self.fail(("thoi", "payee", str(players)),
                                    f"expected a place 1 to {players}, got {short(place)}")
                payee[players] = place
        else:
            raise self.fail(("thoi", "payee"), f"expected 'winner' or places by player count, got {short(payee_raw)}")
        payouts: dict[int, tuple[float, ...]] = {}
        for players, row in self.players_map("place_payouts").items():
            if not isinstance(row, list) or len(row) != players:
                raise self.fail(("place_payouts", str(players)), f"expected {players} payouts, got {short(row)}")
            payouts[players] = tuple(
                self.number("place_payouts", str(players), str(i), lo=-MAX_AMOUNT) for i in range(players))
        return Rules(
            id=self.vid,
            name=self.texts("name"),
            description=self.texts("description"),
            source=self.text("source"),
            game_ends=self.choice(GAME_ENDS, "game_ends"),
            first_lead=self.choice(FIRST_LEADS, "first_lead"),
            quad_beats_pair_of_twos=self.flag("quad_beats_pair_of_twos"),
            longer_pair_run_beats_shorter=self.flag("longer_pair_run_beats_shorter"),
            pair_run4_ignores_pass=self.flag("pair_run4_ignores_pass"),
            instant_wins_every_game=self.patterns("instant_wins", "every_game"),
            instant_wins_first_game=self.patterns("instant_wins", "first_game"),
            prices=Prices(
                plain_card=self.number("prices", "plain_card"),
                two=tuple(self.number("prices", "two", s) for s in suits),  # type: ignore[arg-type]
                pair_run_3=self.number("prices", "pair_run_3"),
                quad=self.number("prices", "quad"),
                pair_run_4=self.number("prices", "pair_run_4"),
            ),
            thoi=ThoiRule(
                when=self.choice(("first_out", "game_end"), "thoi", "when"),
                payers=self.choice(("every_loser", "last_place"), "thoi", "payers"),
                payee=payee,
            ),
            place_payouts=payouts,
            last_place_pays_winner=self.number("last_place_pays_winner"),
            cong=CongRule(
                multiplier=self.number("cong", "multiplier", hi=MAX_MULTIPLIER),
                charge=self.number("cong", "charge"),
                place_payout=self.optional_number("cong", "place_payout", lo=-MAX_AMOUNT),
                thoi_to_winner=self.flag("cong", "thoi_to_winner"),
                cancels_last_place_payment=self.flag("cong", "cancels_last_place_payment"),
            ),
            instant_win_fixed=self.number("instant_win_payment", "fixed"),
            instant_win_hand_value=self.flag("instant_win_payment", "hand_value"),
            chop_exempt_if_hand_emptied=self.flag("chop_exempt_if_hand_emptied"),
            three_of_spades_winner_final_play=self.optional_number(
                "three_of_spades", "winner_final_play", lo=-MAX_AMOUNT),
            three_of_spades_last_holding_only=self.optional_number(
                "three_of_spades", "last_holding_only", lo=-MAX_AMOUNT),
            den_bai=self.flag("den_bai"),
            quit_charge=self.number("quit_charge"),
            data=dict(self.data),
        )

    def known(self, node: Any, schema: Mapping[str, Any], path: tuple[str, ...]) -> None:
        """Report the first field the schema does not know (a typo must not be silently ignored)."""
        if not isinstance(node, Mapping):
            return  # the field's own reader reports the wrong type
        for key, value in node.items():
            if key not in schema:
                near = difflib.get_close_matches(str(key), list(schema), n=1)
                hint = f" (did you mean {near[0]!r}?)" if near else f" (known: {', '.join(schema)})"
                raise self.fail(path + (str(key),), "unknown field" + hint[:160])
            if isinstance(schema[key], Mapping):
                self.known(value, schema[key], path + (str(key),))
