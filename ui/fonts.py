"""The shipped fonts (never SysFont) and a small cache of rendered text."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.resources import asset

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
    """Rendered, anti-aliased text; the last few hundred renders are kept so redraws cost nothing."""
    key = (face, int(size), value, tuple(colour))
    surf = _texts.get(key)
    if surf is not None:
        _texts.move_to_end(key)
        return surf
    surf = font(size, face).render(value, True, colour)
    _texts[key] = surf
    if len(_texts) > _TEXT_CACHE_SIZE:
        _texts.popitem(last=False)
    return surf


def fit_text(value: str, size: int, colour: tuple[int, ...], max_width: int, face: str = REGULAR) -> pygame.Surface:
    """Text shrunk until it fits ``max_width`` (down to 60% of ``size``)."""
    s = size
    surf = text(value, s, colour, face)
    while surf.get_width() > max_width and s > size * 0.6:
        s -= 1
        surf = text(value, s, colour, face)
    return surf


def wrap(value: str, size: int, max_width: int, face: str = REGULAR) -> list[str]:
    """Split ``value`` into lines no wider than ``max_width``."""
    f = font(size, face)
    lines: list[str] = []
    for para in value.split("\n"):
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
