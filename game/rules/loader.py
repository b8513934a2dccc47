"""Reading ``rules.yaml`` (and players' own rules files) into validated ``Rules``, with errors that name
the file, the line and the field.

A file is read by ``game.rules.reading`` (bounded in size, depth, values and aliases), then each variant is
resolved through its ``extends:`` chain (iteratively, at most ``MAX_EXTENDS`` deep) and checked by
``game.rules.check`` (types, choices, ranges, unknown fields). Work is linear in the number of variants, and
one file may define at most ``MAX_VARIANTS``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.checks import short
from game.resources import resource
from game.rules.check import Checker, Lines
from game.rules.reading import parse, read_text
from game.rules.variant import Rules, RulesError

MAX_VARIANTS = 100
MAX_EXTENDS = 16
FORMAT = 1  # a rules file's ``format:``, when it gives one
_FILE_FIELDS = ("format", "default", "variants")


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping) and key not in ("payee",):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


@dataclass
class Catalogue:
    """Every variant from one or more rules files, validated; later files add or override variants."""

    default: str
    raw: dict[str, dict[str, Any]]
    variants: dict[str, Rules]

    def ids(self) -> list[str]:
        return list(self.variants)

    def load(self, variant: str | None = None, overrides: Mapping[str, Any] | None = None) -> Rules:
        """The variant (the default one when ``None``) with house rules such as ``{"prices.quad": 10}``;
        an unknown variant or a bad override raises ``RulesError``."""
        if variant is not None and not isinstance(variant, str):
            raise TypeError(f"a variant is named by its id, not {type(variant).__name__}")
        if overrides is not None and not isinstance(overrides, Mapping):
            raise TypeError(f"overrides must be a mapping of field to value, not {type(overrides).__name__}")
        vid = variant or self.default
        if vid not in self.variants:
            known = ", ".join(self.variants)
            raise RulesError("rules", None, "", f"unknown variant {short(vid)} (known: {short(known, 200)})")
        if not overrides:
            return self.variants[vid]
        data = self.raw[vid]
        for key, value in overrides.items():
            if not isinstance(key, str) or not key:
                raise TypeError(f"an override is named by its field, such as 'prices.quad', not {short(key)}")
            nested: Any = value
            for part in reversed(key.split(".")):
                nested = {part: nested}
            data = _merge(data, nested)
        return Checker("overrides", vid, data, {}).rules()


def _read(path: Path) -> tuple[dict[str, Any], Lines]:
    name = path.name
    data, lines = parse(read_text(path, name), name)
    if not isinstance(data, dict):
        raise RulesError(name, 1, "", "expected a mapping with a 'variants' section")
    for key in data:
        if key not in _FILE_FIELDS:
            raise RulesError(name, lines.get((key,)), short(key), f"unknown field (known: {', '.join(_FILE_FIELDS)})")
    return data, lines


def _variant_lines(lines: Lines) -> dict[str, Lines]:
    """The file's lines grouped by variant id, keyed by the path inside the variant (one pass)."""
    out: dict[str, Lines] = {}
    for key, line in lines.items():
        if len(key) >= 2 and key[0] == "variants":
            out.setdefault(key[1], {})[key[2:]] = line
    return out


class _Resolver:
    """Each variant's fields and lines merged down its ``extends:`` chain, each variant merged once."""

    def __init__(self, raw: dict[str, dict[str, Any]], lines: dict[str, Lines], owner: dict[str, str]) -> None:
        self.raw, self.lines, self.owner = raw, lines, owner
        self.merged: dict[str, tuple[dict[str, Any], Lines]] = {}

    def fail(self, vid: str, message: str) -> RulesError:
        return RulesError(self.owner[vid], self.lines[vid].get(("extends",)), f"variants.{vid}.extends", message)

    def resolve(self, vid: str) -> tuple[dict[str, Any], Lines]:
        chain = [vid]  # child first, walked up without recursion
        while chain[-1] not in self.merged:
            parent = self.raw[chain[-1]].get("extends")
            if parent is None:
                break
            if not isinstance(parent, str) or parent not in self.raw:
                raise self.fail(chain[-1], f"no variant named {short(parent)} to extend")
            if parent in chain:
                loop = chain[chain.index(parent):] + [parent]
                raise self.fail(chain[-1], "variants extend each other in a loop: " + short(" → ".join(loop), 160))
            if len(chain) > MAX_EXTENDS:
                raise self.fail(vid, f"extends more than {MAX_EXTENDS} variants in a chain")
            chain.append(parent)
        for member in reversed(chain):
            if member in self.merged:
                continue
            body, own = self.raw[member], self.lines[member]
            parent = body.get("extends")
            if parent is None:
                self.merged[member] = (body, own)
            else:
                base, base_lines = self.merged[parent]
                merged = _merge(base, {k: v for k, v in body.items() if k != "extends"})
                self.merged[member] = (merged, {**base_lines, **own})  # the variant's own lines win
        return self.merged[vid]


def load_catalogue(*paths: Path | str, include_builtin: bool = True) -> Catalogue:
    """Load the built-in ``rules.yaml`` then each extra file in order; raise ``RulesError`` on a bad one."""
    files = ([resource("rules.yaml")] if include_builtin else []) + [Path(p) for p in paths]
    raw: dict[str, dict[str, Any]] = {}
    lines: dict[str, Lines] = {}
    owner: dict[str, str] = {}
    default = None
    default_at: tuple[str, int | None] = ("", None)  # the file and line that named the default
    for path in files:
        data, file_lines = _read(path)
        name = path.name
        found = data.get("format", FORMAT)
        if isinstance(found, bool) or found != FORMAT:
            newer = " (written for a newer game?)" if isinstance(found, int) and found > FORMAT else ""
            raise RulesError(name, file_lines.get(("format",)), "format",
                             f"expected {FORMAT}, got {short(found)}{newer}")
        variants = data.get("variants", {})
        if not isinstance(variants, dict):
            raise RulesError(name, file_lines.get(("variants",)), "variants", "expected a mapping of variants")
        if len(variants) > MAX_VARIANTS:
            raise RulesError(name, file_lines.get(("variants",)), "variants",
                             f"{len(variants):,} variants; a rules file may define at most {MAX_VARIANTS}")
        if "default" in data:
            default, default_at = data["default"], (name, file_lines.get(("default",)))
        by_variant = _variant_lines(file_lines)
        for vid, body in variants.items():
            if not isinstance(body, dict):
                raise RulesError(name, file_lines.get(("variants", vid)), f"variants.{short(vid)}",
                                 "expected a mapping")
            own_lines = by_variant.get(vid, {})
            if vid in raw and "extends" not in body:
                # A later file naming a known variant without `extends:` changes only the fields it gives.
                body = _merge(raw[vid], body)
                own_lines = {**lines[vid], **own_lines}
            raw[vid], owner[vid], lines[vid] = body, name, own_lines
    resolver = _Resolver(raw, lines, owner)
    variants_out: dict[str, Rules] = {}
    for vid in raw:
        data, vid_lines = resolver.resolve(vid)
        full_lines = {("variants", vid) + k: v for k, v in vid_lines.items()}
        variants_out[vid] = Checker(owner[vid], vid, data, full_lines).rules()
    if not variants_out:
        raise RulesError(files[-1].name if files else "rules.yaml", None, "variants", "no variants defined")
    if default_at[0] and (isinstance(default, bool) or not isinstance(default, (str, int))
                          or str(default) not in variants_out):  # fmt: skip
        known = ", ".join(variants_out)
        raise RulesError(*default_at, "default", f"no variant named {short(default)} (known: {short(known, 200)})")
    default = next(iter(variants_out)) if default is None else str(default)
    return Catalogue(default, {vid: resolver.merged[vid][0] for vid in raw}, variants_out)


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
