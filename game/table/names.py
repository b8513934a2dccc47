"""A player's name as a file may hold it, made safe to keep and to draw: ``clean_name``.

Names reach the game from files (the game history, a review's input), and a file can hold anything: a NUL, a
right-to-left override, a zero-width space before the name (whose first letter the avatar draws), a 2 MB
string. ``clean_name`` keeps what a name is made of (letters with their accents, digits, punctuation,
symbols, single spaces), drops what is invisible or controls the text, and caps the length. It is pure and
has no dependencies, so the one reader of the game history (``game.records.history``), which the review
and the game share, uses it, and the UI (``ui.persist.names``) cleans the names it shows with it.
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: The most characters a name keeps (the longest built-in name has 4; a seat plate shows about 16).
MAX_NAME = 24
#: Combining marks kept after one letter (Vietnamese needs at most two; "Zalgo" text stacks hundreds).
MAX_MARKS = 2
#: Category of what is dropped: controls (NUL, newlines), formats (U+200B zero width space, U+202E right-to-left
#: override, U+FEFF), lone surrogates, private use and unassigned code points.
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn"}
_SPACES = {"Zs", "Zl", "Zp"}
#: Invisible code points that are letters or marks by category (Unicode's default-ignorable fillers and
#: variation selectors): a name must not start with, or be made of, something that draws nothing.
_INVISIBLE = {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x3164, 0xFFA0,
              *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)}  # fmt: skip


def clean_name(name: Any, limit: int = MAX_NAME) -> str:
    """``name`` safe to keep and draw: NFC, no control or invisible characters, single spaces, at most ``limit``
    characters and ``MAX_MARKS`` accents on a letter; anything not a string gives ``""``."""
    if not isinstance(name, str):
        return ""
    text = unicodedata.normalize("NFC", name[: limit * 8])  # a bounded slice: a 2 MB name costs nothing
    out: list[str] = []
    marks = 0
    for ch in text:
        category = unicodedata.category(ch)
        if category in _SPACES or ch.isspace():  # a tab or a newline is a space too
            if out and out[-1] != " ":
                out.append(" ")
            marks = 0
            continue
        if category in _DROPPED or ord(ch) in _INVISIBLE:
            continue
        if category in ("Mn", "Me", "Mc"):
            if not out or out[-1] == " " or marks >= MAX_MARKS:  # a mark with no letter to sit on, or too many
                continue
            marks += 1
        else:
            marks = 0
        out.append(ch)
        if len(out) > limit:
            break
    return "".join(out)[:limit].strip()
