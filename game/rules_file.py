"""Reading ``rules.yaml`` (and players' own rules files) into validated ``Rules``, with errors that name
the file, the line and the field."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from game.resources import resource
from game.rules import (
    FIRST_LEADS,
    GAME_ENDS,
    INSTANT_WIN_PATTERNS,
    CongRule,
    Prices,
    Rules,
    RulesError,
    ThoiRule,
)  # fmt: skip

_Lines = dict[tuple[str, ...], int]


def _to_python(node: yaml.Node, path: tuple[str, ...], lines: _Lines) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = str(yaml.safe_load(yaml.serialize(key_node)))
            out[key] = _to_python(value_node, path + (key,), lines)
            lines.setdefault(path + (key,), key_node.start_mark.line + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_to_python(v, path + (str(i),), lines) for i, v in enumerate(node.value)]
    return yaml.safe_load(yaml.serialize(node))


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) and key not in ("payee",):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


class _Checker:
    """Reads one merged variant, raising ``RulesError`` with the line of the offending field."""

    def __init__(self, file: str, vid: str, data: dict[str, Any], lines: _Lines) -> None:
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
            if not isinstance(node, Mapping):
                raise self.fail(path[:i], f"expected a mapping, got {node!r}")
            if key not in node:
                raise self.fail(path, "missing field")
            node = node[key]
        return node

    def number(self, *path: str) -> float:
        value = self.get(*path)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.fail(path, f"expected a number, got {value!r}")
        return float(value)

    def optional_number(self, *path: str) -> float | None:
        return None if self.get(*path) is None else self.number(*path)

    def flag(self, *path: str) -> bool:
        value = self.get(*path)
        if not isinstance(value, bool):
            raise self.fail(path, f"expected true or false, got {value!r}")
        return value

    def choice(self, options: tuple[str, ...], *path: str) -> str:
        value = self.get(*path)
        if value not in options:
            raise self.fail(path, f"expected one of {', '.join(options)}, got {value!r}")
        return str(value)

    def text(self, *path: str) -> str:
        value = self.get(*path)
        if not isinstance(value, (str, int)):
            raise self.fail(path, f"expected text, got {value!r}")
        return str(value)

    def texts(self, *path: str) -> dict[str, str]:
        value = self.get(*path)
        if not isinstance(value, Mapping):
            raise self.fail(path, f"expected a mapping of language to text, got {value!r}")
        for lang in ("vi", "en"):
            self.text(*path, lang)
        return {str(k): str(v) for k, v in value.items()}

    def patterns(self, *path: str) -> tuple[str, ...]:
        value = self.get(*path)
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list of instant-win patterns, got {value!r}")
        for i, name in enumerate(value):
            if name not in INSTANT_WIN_PATTERNS:
                raise self.fail(
                    path + (str(i),),
                    f"unknown instant-win pattern {name!r} (known: {', '.join(INSTANT_WIN_PATTERNS)})",
                )
        return tuple(value)

    def players_map(self, *path: str) -> dict[int, Any]:
        value = self.get(*path)
        if not isinstance(value, Mapping):
            raise self.fail(path, f"expected a mapping by player count, got {value!r}")
        out: dict[int, Any] = {}
        for key, item in value.items():
            try:
                players = int(key)
            except ValueError:
                raise self.fail(path + (str(key),), f"expected a player count 2 to 4, got {key!r}") from None
            if not 2 <= players <= 4:
                raise self.fail(path + (str(key),), f"expected a player count 2 to 4, got {key!r}")
            out[players] = item
        return out

    def rules(self) -> Rules:
        for key in self.data:
            if key not in _KNOWN_FIELDS:
                raise self.fail((key,), "unknown field")
        two = self.get("prices", "two")
        if not isinstance(two, Mapping):
            raise self.fail(("prices", "two"), f"expected a price per suit, got {two!r}")
        suits = ("spades", "clubs", "diamonds", "hearts")
        payee_raw = self.get("thoi", "payee")
        payee: str | dict[int, int]
        if payee_raw == "winner":
            payee = "winner"
        elif isinstance(payee_raw, Mapping):
            payee = {}
            for players, place in self.players_map("thoi", "payee").items():
                if not isinstance(place, int) or not 1 <= place <= players:
                    raise self.fail(("thoi", "payee", str(players)), f"expected a place 1 to {players}, got {place!r}")
                payee[players] = place
        else:
            raise self.fail(("thoi", "payee"), f"expected 'winner' or places by player count, got {payee_raw!r}")
        payouts: dict[int, tuple[float, ...]] = {}
        for players, row in self.players_map("place_payouts").items():
            if not isinstance(row, list) or len(row) != players:
                raise self.fail(("place_payouts", str(players)), f"expected {players} payouts, got {row!r}")
            for i, amount in enumerate(row):
                if isinstance(amount, bool) or not isinstance(amount, (int, float)):
                    raise self.fail(("place_payouts", str(players), str(i)), f"expected a number, got {amount!r}")
            payouts[players] = tuple(float(a) for a in row)
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
                multiplier=self.number("cong", "multiplier"),
                charge=self.number("cong", "charge"),
                place_payout=self.optional_number("cong", "place_payout"),
                thoi_to_winner=self.flag("cong", "thoi_to_winner"),
                cancels_last_place_payment=self.flag("cong", "cancels_last_place_payment"),
            ),
            instant_win_fixed=self.number("instant_win_payment", "fixed"),
            instant_win_hand_value=self.flag("instant_win_payment", "hand_value"),
            chop_exempt_if_hand_emptied=self.flag("chop_exempt_if_hand_emptied"),
            three_of_spades_winner_final_play=self.optional_number("three_of_spades", "winner_final_play"),
            three_of_spades_last_holding_only=self.optional_number("three_of_spades", "last_holding_only"),
            den_bai=self.flag("den_bai"),
            quit_charge=self.number("quit_charge"),
            data=self.data,
        )


_KNOWN_FIELDS = {
    "extends", "name", "description", "source", "game_ends", "first_lead", "quad_beats_pair_of_twos",
    "longer_pair_run_beats_shorter", "pair_run4_ignores_pass", "instant_wins", "prices", "thoi",
    "place_payouts", "last_place_pays_winner", "cong", "instant_win_payment", "chop_exempt_if_hand_emptied",
    "three_of_spades", "den_bai", "quit_charge",
}  # fmt: skip


@dataclass
class Catalogue:
    """Every variant from one or more rules files, validated; later files add or override variants."""

    default: str
    raw: dict[str, dict[str, Any]]
    lines: dict[str, _Lines]
    files: dict[str, str]
    variants: dict[str, Rules]

    def ids(self) -> list[str]:
        return list(self.variants)

    def load(self, variant: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        vid = variant or self.default
        if vid not in self.variants:
            raise KeyError(f"unknown variant {vid!r} (known: {', '.join(self.variants)})")
        if not overrides:
            return self.variants[vid]
        data = self.raw[vid]
        for key, value in overrides.items():
            nested: Any = value
            for part in reversed(str(key).split(".")):
                nested = {part: nested}
            data = _merge(data, nested)
        return _Checker("overrides", vid, data, {}).rules()


def _read(path: Path, text: str | None = None) -> tuple[dict[str, Any], _Lines]:
    name = path.name if text is None else str(path)
    try:
        source = path.read_text(encoding="utf-8") if text is None else text
    except OSError as exc:
        raise RulesError(str(path), None, "", f"cannot read: {exc.strerror or exc}") from None
    try:
        node = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesError(name, mark.line + 1 if mark else None, "", f"not valid YAML: {problem}") from None
    lines: _Lines = {}
    data = _to_python(node, (), lines) if node is not None else None
    if not isinstance(data, dict):
        raise RulesError(name, 1, "", "expected a mapping with a 'variants' section")
    return data, lines


def load_catalogue(*paths: Path | str, include_builtin: bool = True) -> Catalogue:
    """Load the built-in ``rules.yaml`` then each extra file in order; raise ``RulesError`` on a bad one."""
    files = ([resource("rules.yaml")] if include_builtin else []) + [Path(p) for p in paths]
    raw: dict[str, dict[str, Any]] = {}
    lines: dict[str, _Lines] = {}
    owner: dict[str, str] = {}
    default = None
    for path in files:
        data, file_lines = _read(path)
        name = path.name
        variants = data.get("variants", {})
        if not isinstance(variants, dict):
            raise RulesError(name, file_lines.get(("variants",)), "variants", "expected a mapping of variants")
        if "default" in data:
            default = str(data["default"])
        for vid, body in variants.items():
            if not isinstance(body, dict):
                raise RulesError(name, file_lines.get(("variants", vid)), f"variants.{vid}", "expected a mapping")
            own_lines = {k: v for k, v in file_lines.items() if k[:2] == ("variants", vid)}
            if vid in raw and "extends" not in body:
                # A later file naming a known variant without `extends:` changes only the fields it gives.
                body = _merge(raw[vid], body)
                own_lines = {**lines[vid], **own_lines}
            raw[vid] = body
            owner[vid] = name
            lines[vid] = own_lines
    merged: dict[str, dict[str, Any]] = {}

    def resolve(vid: str, chain: tuple[str, ...]) -> dict[str, Any]:
        if vid in merged:
            return merged[vid]
        body = raw[vid]
        parent = body.get("extends")
        if parent is None:
            merged[vid] = body
            return body
        where = lines[vid].get(("variants", vid, "extends"))
        if parent not in raw:
            raise RulesError(owner[vid], where, f"variants.{vid}.extends", f"no variant named {parent!r} to extend")
        if parent in chain:
            raise RulesError(owner[vid], where, f"variants.{vid}.extends",
                             f"variants extend each other in a loop: {' → '.join(chain + (parent,))}")
        base = resolve(parent, chain + (parent,))
        merged[vid] = _merge(base, {k: v for k, v in body.items() if k != "extends"})
        return merged[vid]

    variants_out: dict[str, Rules] = {}
    for vid in raw:
        data = resolve(vid, (vid,))
        all_lines: _Lines = {}
        parent: str | None = vid
        family = []
        while parent is not None:
            family.append(parent)
            parent = raw[parent].get("extends")
        for member in reversed(family):  # the variant's own lines win over its parents'
            for k, v in lines[member].items():
                all_lines[("variants", vid) + k[2:]] = v
        variants_out[vid] = _Checker(owner[vid], vid, data, all_lines).rules()
    if not variants_out:
        raise RulesError(files[-1].name if files else "rules.yaml", None, "variants", "no variants defined")
    if default is None or default not in variants_out:
        default = next(iter(variants_out))
    return Catalogue(default, merged, lines, owner, variants_out)


_builtin: Catalogue | None = None


def builtin_catalogue() -> Catalogue:
    global _builtin
    if _builtin is None:
        _builtin = load_catalogue()
    return _builtin


def load_rules(variant: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
    """The named variant from the built-in ``rules.yaml`` (the default one when ``None``), with house rules."""
    return builtin_catalogue().load(variant, overrides)


def list_variants() -> list[str]:
    """Ids of the built-in variants, the default first."""
    cat = builtin_catalogue()
    return [cat.default] + [v for v in cat.ids() if v != cat.default]
