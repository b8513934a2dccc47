"""Every visible string, in Vietnamese and English, from the catalogues in ``assets/i18n/*.yaml``.

Each catalogue file maps a key to ``{vi: ..., en: ...}``; the files are merged, and a key defined twice is
an error. ``t("menu.new_match")`` gives the text in the current language; ``{name}`` fields are filled from
keyword arguments.

An entry may also give a singular form, ``en_one`` (or ``vi_one``), used when its count is 1 (the number, or
the text "1" that an amount is written as). The count is the field ``n``, or the field the entry names with
``one``: ``{vi: "{n} lá", en: "{n} cards", en_one: "{n} card"}``,
``{vi: "Trả {total} chip", en: "Pay {total} chips", en_one: "Pay {total} chip", one: total}``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.resources import asset

LANGUAGES = ("vi", "en")
DEFAULT_LANGUAGE = "vi"

_catalogue: dict[str, dict[str, str]] | None = None
_language = DEFAULT_LANGUAGE


def load_catalogue(folder: Path | None = None) -> dict[str, dict[str, str]]:
    """Read and merge every catalogue file; raise ``ValueError`` naming the file for a bad entry."""
    folder = folder or asset("i18n")
    merged: dict[str, dict[str, str]] = {}
    for path in sorted(folder.glob("*.yaml")):
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if not isinstance(data, dict):
            raise ValueError(f"{path.name}: expected a mapping of keys to texts")
        for key, texts in data.items():
            if key in merged:
                raise ValueError(f"{path.name}: key {key!r} is already defined in another catalogue")
            if not isinstance(texts, dict):
                raise ValueError(f"{path.name}: {key}: expected {{vi: ..., en: ...}}")
            merged[str(key)] = {str(k): str(v) for k, v in texts.items()}
    return merged


def catalogue() -> dict[str, dict[str, str]]:
    global _catalogue
    if _catalogue is None:
        _catalogue = load_catalogue()
    return _catalogue


def set_language(lang: str) -> None:
    global _language
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    _language = lang


def language() -> str:
    return _language


def t(key: str, **fields: object) -> str:
    """The text for ``key`` in the current language; a missing key shows as the key itself."""
    entry = catalogue().get(key)
    if entry is None:
        return key
    text = entry.get(_language) or entry.get("en") or key
    if is_one(fields.get(entry.get("one", "n"))):
        text = entry.get(f"{_language}_one") or text
    return text.format(**fields) if fields else text


def is_one(count: object) -> bool:
    """Whether a count calls for the singular: 1, or an amount written as "1"."""
    if isinstance(count, bool):
        return False
    return count == 1 or count == "1"
