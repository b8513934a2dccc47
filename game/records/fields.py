"""Flat dataclasses (settings, the New match choices, a saved match's setup) to and from JSON, field by field.

A field whose stored value has the wrong type or lies outside its range is reported and left at its
default, so one bad value costs the player that value only. Field types understood: ``bool``, ``int``,
``float``, ``str``, ``Literal[...]``, ``tuple``/``list`` of those, and dicts of str to those. Ranges and
choices may also be given in a field's metadata: ``field(default=1.0, metadata={"min": 0, "max": 1})``
or ``metadata={"choices": (...)}``.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

D = TypeVar("D")


def record_to_dict(record: Any) -> dict[str, Any]:
    """The fields of a dataclass instance as JSON-friendly values."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(record):
        value = getattr(record, f.name)
        out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


def record_from_dict(cls: type[D], data: dict[str, Any]) -> tuple[D, list[str]]:
    """Build ``cls`` from ``data``: unknown keys are ignored, bad ones reset; returns the reset field names."""
    hints = typing.get_type_hints(cls)
    good: dict[str, Any] = {}
    bad: list[str] = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name not in data or not f.init:
            continue
        value = _coerce(hints.get(f.name, Any), data[f.name])
        if value is _BAD or not _in_range(f.metadata, value):
            bad.append(f.name)
        else:
            good[f.name] = value
    try:
        return cls(**good), bad
    except (TypeError, ValueError):
        # The dataclass's own checks refused a combination of values: keep only what it accepts alone.
        kept: dict[str, Any] = {}
        for name, value in good.items():
            try:
                cls(**kept, **{name: value})
            except (TypeError, ValueError):
                bad.append(name)
            else:
                kept[name] = value
        return cls(**kept), bad


_BAD = object()


def _coerce(hint: Any, value: Any) -> Any:
    origin = get_origin(hint)
    if hint is Any:
        return value
    if origin is Literal:
        return value if value in get_args(hint) and type(value) in {type(a) for a in get_args(hint)} else _BAD
    if origin in (Union, types.UnionType):
        for option in get_args(hint):
            if option is type(None):
                if value is None:
                    return None
                continue
            result = _coerce(option, value)
            if result is not _BAD:
                return result
        return _BAD
    if hint is bool:
        return value if isinstance(value, bool) else _BAD
    if hint is int:
        return value if isinstance(value, int) and not isinstance(value, bool) else _BAD
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return _BAD
        try:
            number = float(value)
        except OverflowError:  # an int of 400 digits is as bad a value as any other, not a broken file
            return _BAD
        return number if math.isfinite(number) else _BAD
    if hint is str:
        return value if isinstance(value, str) else _BAD
    if origin in (tuple, list):
        if not isinstance(value, list):
            return _BAD
        args = [a for a in get_args(hint) if a is not Ellipsis]
        item_hint = args[0] if args else Any
        items = [_coerce(item_hint, v) for v in value]
        if any(i is _BAD for i in items):
            return _BAD
        return tuple(items) if origin is tuple else items
    if origin is dict:
        if not isinstance(value, dict):
            return _BAD
        key_hint, value_hint = (get_args(hint) + (Any, Any))[:2]
        out = {}
        for k, v in value.items():
            key, item = _coerce(key_hint, k), _coerce(value_hint, v)
            if key is _BAD or item is _BAD:
                return _BAD
            out[key] = item
        return out
    return value if isinstance(hint, type) and isinstance(value, hint) else _BAD


def _in_range(metadata: Any, value: Any) -> bool:
    if "choices" in metadata and value not in metadata["choices"]:
        return False
    if "min" in metadata and value < metadata["min"]:
        return False
    return not ("max" in metadata and value > metadata["max"])
