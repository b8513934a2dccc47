"""The shipped fonts (never SysFont) and a small cache of rendered text."""

from __future__ import annotations

import functools
import unicodedata
from collections import OrderedDict

import pygame

from game.resources import asset
from game.table.names import MAX_MARKS

REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
CONDENSED = "DejaVuSansCondensed-Bold.ttf"
SERIF = "DejaVuSerif-Bold.ttf"

# Each Font holds its own FreeType face (the font file and a glyph cache, about half a megabyte), and every
# window size, fitted text and animation asks for other sizes: kept unbounded, the fonts alone grew a long
# session from 56 to 180 MB. So only the most recently used sizes are kept.
_fonts: OrderedDict[tuple[str, int], pygame.font.Font] = OrderedDict()
_FONT_CACHE_SIZE = 40
_texts: OrderedDict[tuple[str, int, str, tuple[int, ...]], pygame.Surface] = OrderedDict()
_TEXT_CACHE_SIZE = 600

LINE_LIMIT = 400  # characters in one drawn line: far more than any window shows, far less than a file can hold
WRAP_LIMIT = 100_000  # characters of one text to wrap (a page of the licences is a few thousand)
# What a drawn text loses, as a player's name does (``game.table.names.clean_name``, which also caps a name at
# 24 characters): controls, format marks (zero width, direction overrides), lone surrogates, private and
# unassigned code points, and line separators (drawn as spaces).
_DROPPED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_MARKS = {"Mn", "Me", "Mc"}


def clean(value: object, limit: int = LINE_LIMIT, keep_newlines: bool = False) -> str:
    """Text as it may be drawn, whatever a file held: controls (NUL, tabs), zero-width and direction marks
    (U+200B, U+202E), lone surrogates and line separators go (a space stands for a tab or a line break), runs of
    combining marks are cut to two (Vietnamese needs no more), and more than ``limit`` characters end in "…".
    Every text the game draws goes through it (``text``, ``fit_text``, ``wrap``, ``width``), so no player's name
    or file's text can crash a screen."""
    raw = str(value)
    if len(raw) <= limit and raw.isascii() and raw.isprintable():
        return raw  # the common case, at once
    if len(raw) <= 1000:
        return _clean(raw, limit, keep_newlines)
    return _clean.__wrapped__(raw, limit, keep_newlines)  # a huge text is not worth keeping in the cache


@functools.lru_cache(maxsize=4096)
def _clean(raw: str, limit: int, keep_newlines: bool) -> str:
    long = len(raw) > limit * 4
    out: list[str] = []
    marks = 0
    for ch in raw[: limit * 4] if long else raw:  # what is past this would be cut anyway: do not scan megabytes
        if ch == "\n" and keep_newlines:
            out.append(ch)
            marks = 0
            continue
        category = unicodedata.category(ch)
        if category in _DROPPED:
            if ch in "\t\n\r\u2028\u2029":
                out.append(" ")
            marks = 0
            continue
        if category in _MARKS:
            marks += 1
            if marks > MAX_MARKS or not out:
                continue
        else:
            marks = 0
        out.append(ch)
    if len(out) > limit or long:
        out = [*out[: max(0, limit - 1)], "…"]
    return "".join(out)


def width(value: str, size: int, face: str = REGULAR) -> int:
    """How wide ``value`` is drawn (``clean``ed, as ``text`` draws it)."""
    return int(font(size, face).size(clean(value))[0])


def font(size: int, face: str = REGULAR) -> pygame.font.Font:
    """A shipped font at ``size`` pixels; the last ``_FONT_CACHE_SIZE`` faces and sizes used are kept loaded."""
    size = max(6, int(size))
    key = (face, size)
    cached = _fonts.get(key)
    if cached is None:
        if not pygame.font.get_init():
            pygame.font.init()
        cached = pygame.font.Font(str(asset("fonts", face)), size)
        _fonts[key] = cached
        if len(_fonts) > _FONT_CACHE_SIZE:
            _fonts.popitem(last=False)
    else:
        _fonts.move_to_end(key)
    return cached


def text(value: str, size: int, colour: tuple[int, ...], face: str = REGULAR) -> pygame.Surface:
    """Rendered, anti-aliased text (``clean``ed first); the last few hundred renders are kept so redraws cost
    nothing."""
    key = (face, int(size), value, tuple(colour))
    surf = _texts.get(key)
    if surf is not None:
        _texts.move_to_end(key)
        return surf
    shown = clean(value)
    try:
        surf = font(size, face).render(shown, True, colour)
    except pygame.error:  # only marks no letter carries, say: nothing to see
        surf = font(size, face).render("", True, colour)
    _texts[key] = surf
    if len(_texts) > _TEXT_CACHE_SIZE:
        _texts.popitem(last=False)
    return surf


def fit_text(value: str, size: int, colour: tuple[int, ...], max_width: int, face: str = REGULAR) -> pygame.Surface:
    """Text shrunk until it fits ``max_width`` (down to 60% of ``size``), then cut short with "…" if it still
    does not: a long name from a file stays in its box."""
    value = clean(value)
    s = size
    surf = text(value, s, colour, face)
    while surf.get_width() > max_width and s > size * 0.6:
        s -= 1
        surf = text(value, s, colour, face)
    if surf.get_width() <= max_width:
        return surf
    f = font(s, face)
    lo, hi = 0, len(value)  # the longest start of the text that fits with "…" after it
    while lo < hi:
        mid = (lo + hi + 1) // 2
        lo, hi = (mid, hi) if f.size(value[:mid].rstrip() + "…")[0] <= max_width else (lo, mid - 1)
    return text(value[:lo].rstrip() + "…", s, colour, face)



def wrap(value: str, size: int, max_width: int, face: str = REGULAR) -> list[str]:
    """Split ``value`` (``clean``ed first, its line breaks kept) into lines no wider than ``max_width``."""
    f = font(size, face)
    lines: list[str] = []
    for para in clean(value, WRAP_LIMIT, keep_newlines=True).split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and f.size(trial)[0] > max_width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines
