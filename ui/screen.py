"""The one screen unit and the one panel every scene draws with.

Sizes are written as they look in a 720-pixel-high window and scaled by ``unit(size)``: the window's height over
720, or its width over 1150 when the window is narrower than that (so a 16:10 window scales by its height and a
tall narrow one does not run off the sides). Margins, text sizes and corner radii all come from this one number,
at the table and in the menus alike. Every box on screen — a menu block, a dialog, the results, a name plate, a
status pill, a key cap — is drawn by ``panel()``: a rounded, translucent body with a rim and a soft shadow,
with an optional gold title. Long thin bars (scroll tracks, progress, the replay's timeline) are ``bar()``,
the keyboard focus's outline ``ring()``.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import pygame

from ui import fonts, theme

REFERENCE_WIDTH = 1150
REFERENCE_HEIGHT = 720
MIN_TEXT = 11  # no text is drawn smaller than this, whatever the window

Colour = tuple[int, ...]


def unit(size: tuple[int, int]) -> float:
    """How many pixels one design pixel is in a window of ``size``."""
    return min(size[0] / REFERENCE_WIDTH, size[1] / REFERENCE_HEIGHT)


def px(design: float, u: float) -> int:
    """A length of ``design`` pixels (at 720 px of height) in a window whose unit is ``u``; at least 1."""
    return max(1, int(design * u))


def pad(design: float, u: float) -> int:
    """Room around small text: grows with the window and, like the text, never shrinks below its design size."""
    return max(int(design), int(design * u))


def text_px(design: float, u: float) -> int:
    """A text size of ``design`` pixels scaled by ``u``, never below ``MIN_TEXT``."""
    return max(MIN_TEXT, int(design * u))


@dataclass(frozen=True)
class Look:
    """How a panel is painted: its fill and rim (RGBA), the title's colour, and whether it casts a shadow."""

    fill: Colour = (8, 30, 20, 215)
    edge: Colour = (*theme.PANEL_EDGE, 200)
    title: Colour = theme.GOLD
    shadow: bool = True


BLOCK = Look()  # a block of menu rows, a page of text, the lesson's panel
DIALOG = Look(fill=(8, 30, 20, 248))  # a question over another scene
GOLDEN = Look(fill=(10, 36, 24, 240), edge=(*theme.GOLD, 230))  # the results of a game
PLATE = Look(fill=(8, 30, 20, 215), edge=(*theme.PANEL_EDGE, 200), shadow=False)  # a seat's name plate
PLATE_LIT = Look(fill=(8, 30, 20, 215), edge=(*theme.GOLD, 255), shadow=False)  # ... of the seat to play
STATUS = Look(fill=(0, 0, 0, 120), edge=(0, 0, 0, 0), shadow=False)  # the table's status line
GLOW = Look(fill=(255, 255, 255, 34), edge=(0, 0, 0, 0), shadow=False)  # under the focused menu row
PLOT = Look(fill=(*theme.FELT_DARK, 255), edge=(0, 0, 0, 0), shadow=False)  # behind a chart
KEYCAP = Look(fill=(8, 40, 26, 255), edge=(70, 120, 90, 255), shadow=False)  # a key in the keys' help


def tag(fill: Colour, ink: Colour) -> Look:
    """A small label's look: ``fill`` with a rim in its text colour (pass tags, places, "thinking…")."""
    return Look(fill=fill, edge=(*ink[:3], 160), shadow=False)


_images: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
_IMAGES_KEPT = 96  # a table frame shows about a dozen panels; a resize makes new sizes of all of them


def _image(size: tuple[int, int], corner: int, look: Look, drop: int) -> pygame.Surface:
    """The panel's picture (body, rim and shadow ``drop`` pixels below it), made once per size and look."""
    key = (size, corner, look, drop)
    image = _images.get(key)
    if image is not None:
        _images.move_to_end(key)
        return image
    w, h = size
    image = pygame.Surface((w, h + drop), pygame.SRCALPHA)
    if drop:
        # A soft shadow: two dark layers a little below the body, the outer one fainter.
        pygame.draw.rect(image, (0, 0, 0, 45), (0, drop, w, h), border_radius=corner)
        pygame.draw.rect(image, (0, 0, 0, 60), (drop // 3, drop, w - 2 * (drop // 3), h - drop // 3),
                         border_radius=corner)  # fmt: skip
    pygame.draw.rect(image, look.fill, (0, 0, w, h), border_radius=corner)  # replaces the shadow under it
    if look.edge[3:] != (0,):
        pygame.draw.rect(image, look.edge, (0, 0, w, h), width=max(1, corner // 6), border_radius=corner)
    _images[key] = image
    if len(_images) > _IMAGES_KEPT:
        _images.popitem(last=False)
    return image


def panel(surface: pygame.Surface, rect: pygame.Rect, look: Look = BLOCK, *, title: str = "",
          corner: int | None = None, u: float | None = None) -> pygame.Rect:  # fmt: skip
    """Draw a panel filling ``rect`` (its shadow falls just below it) with ``title`` centred at its top.

    ``corner`` is the corner radius (the screen's by default; half the height makes a pill); ``u`` the screen
    unit, from ``surface``'s size unless given (give it when drawing on a picture smaller than the window).
    Returns the part of ``rect`` below the title, for the panel's contents."""
    u = unit(surface.get_size()) if u is None else u
    corner = px(14, u) if corner is None else corner
    corner = max(0, min(corner, rect.height // 2, rect.width // 2))
    drop = px(4, u) if look.shadow else 0
    surface.blit(_image(rect.size, corner, look, drop), rect.topleft)
    if not title:
        return rect.copy()
    top = rect.top + px(18, u)
    size = text_px(30, u)
    shade = fonts.fit_text(title, size, theme.SHADOW, rect.width - px(40, u), fonts.SERIF)
    image = fonts.fit_text(title, size, look.title, rect.width - px(40, u), fonts.SERIF)
    where = image.get_rect(midtop=(rect.centerx, top))
    shade.set_alpha(110)
    surface.blit(shade, where.move(max(1, px(2, u)), max(1, px(2, u))))
    surface.blit(image, where)
    return pygame.Rect(rect.left, where.bottom, rect.width, rect.bottom - where.bottom)


def picture(size: tuple[int, int], look: Look = BLOCK, *, corner: int, u: float = 1.0) -> pygame.Surface:
    """A panel as a picture of its own, to draw its contents on before it is placed (a copy: the caller may
    draw on it); its shadow, if the look has one, falls ``px(4, u)`` below ``size``."""
    corner = max(0, min(corner, size[1] // 2, size[0] // 2))
    return _image(size, corner, look, px(4, u) if look.shadow else 0).copy()


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, width: int, corner: int) -> None:
    """A rounded outline around ``rect``: the keyboard focus of a menu row or button."""
    pygame.draw.rect(surface, colour, rect, width, border_radius=corner)


def bar(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A long thin rounded bar: a scroll track or thumb, a progress bar, the replay's timeline."""
    pygame.draw.rect(surface, colour, rect, border_radius=min(rect.width, rect.height) // 2)
