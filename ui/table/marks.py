"""Small marks that explain the table: who played the combination on top, the "1 card left" alert on a
seat, and arrows on the felt showing which way the turn goes. Pure drawing, from the layout and the model.
"""

from __future__ import annotations

import math

import pygame

from ui import fonts, screen, theme
from ui.i18n import t
from ui.table.layout import Layout, SeatPlace

Colour = tuple[int, int, int]
ALERT = (235, 70, 50)
_arrow_cache: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def seat_colour(seat: int) -> Colour:
    return theme.AVATAR_COLOURS[seat % len(theme.AVATAR_COLOURS)]


# -- who played the top combination --------------------------------------------------------------------
def top_marker_rect(play: pygame.Rect, pile: pygame.Rect, place: SeatPlace, size: tuple[int, int]) -> pygame.Rect:
    """Where the name tag of the top play sits: level with the play, just outside the whole pile, on the
    side facing its owner's seat (so it never covers a card of the round)."""
    w, h = size
    gap = 8
    rect = pygame.Rect(0, 0, w, h)
    if place.side == "bottom":
        rect.midtop = (play.centerx, pile.bottom + gap)
    elif place.side == "top":
        rect.midbottom = (play.centerx, pile.top - gap)
    elif place.side == "left":
        rect.midright = (pile.left - gap - h // 2, play.centery)
    else:
        rect.midleft = (pile.right + gap + h // 2, play.centery)
    return rect


def draw_top_marker(surface: pygame.Surface, lay: Layout, play: pygame.Rect, pile: pygame.Rect, place: SeatPlace,
                    name: str) -> pygame.Rect:
    """A tag in the seat's colour naming who played the combination to beat, pointing at that seat."""
    colour = seat_colour(place.seat)
    img = fonts.text(name, lay.small_font, theme.WHITE, fonts.BOLD)
    w, h = img.get_width() + 20, img.get_height() + 8
    rect = top_marker_rect(play, pile, place, (w, h))
    rect.clamp_ip(surface.get_rect())
    look = screen.Look(fill=(*tuple(int(c * 0.55) for c in colour), 235), edge=(*colour, 255), shadow=False)
    tag = screen.picture((w, h), look, corner=h // 2)
    tag.blit(img, img.get_rect(center=(w // 2, h // 2)))
    # a pointer from the tag towards the seat's avatar
    bx, by = place.badge
    dx, dy = bx - rect.centerx, by - rect.centery
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    reach = max(w, h) / 2 if abs(ux) > abs(uy) else h / 2
    edge = min(w / 2 / max(abs(ux), 1e-6), h / 2 / max(abs(uy), 1e-6), reach)
    size = max(7, h // 3)
    tip = (rect.centerx + ux * (edge + size * 1.4), rect.centery + uy * (edge + size * 1.4))
    base = (rect.centerx + ux * (edge - 2), rect.centery + uy * (edge - 2))
    px, py = -uy * size, ux * size
    pygame.draw.polygon(surface, colour, [tip, (base[0] + px, base[1] + py), (base[0] - px, base[1] - py)])
    surface.blit(tag, rect)
    return rect


# -- one card left ---------------------------------------------------------------------------------------
def alert_rect(place: SeatPlace, lay: Layout, size: tuple[int, int]) -> pygame.Rect:
    """Where a seat's "1 card left" alert sits: an opponent's in place of its card count badge (at the
    avatar's top corner), stretching towards the table's centre; at the top and bottom, beside the avatar."""
    x, y = place.badge
    r = lay.avatar_r
    rect = pygame.Rect(0, 0, *size)
    corner = x + int(r * 0.8)  # where the count badge sits; the alert ends above the avatar's face
    if place.side in ("bottom", "top"):
        rect.midleft = (x + r + 8, y)
    elif place.side == "right":
        rect.bottomright = (corner + size[1] // 2, y - r // 2 - 2)
    else:
        rect.bottomleft = (corner - size[1] // 2, y - r // 2 - 2)
    rect.clamp_ip(pygame.Rect((0, 0), lay.size).inflate(-4, -4))
    return rect


def draw_one_card_alert(surface: pygame.Surface, lay: Layout, place: SeatPlace) -> pygame.Rect:
    """A red "1 card left!" badge on the seat (báo 1 lá)."""
    img = fonts.text(t("alert.one_card"), lay.small_font, theme.WHITE, fonts.BOLD)
    w, h = img.get_width() + 22, img.get_height() + 10
    rect = alert_rect(place, lay, (w, h))
    badge = screen.picture((w, h), screen.Look(fill=(*ALERT, 240), edge=(*theme.WHITE, 230), shadow=False),
                           corner=h // 2)  # fmt: skip
    badge.blit(img, img.get_rect(center=(w // 2, h // 2)))
    surface.blit(badge, rect)
    return rect


# -- the turn direction --------------------------------------------------------------------------------
RING_CENTRE_Y = 0.43  # the felt's ring (painter.felt), as a share of the height


def arrow_paths(size: tuple[int, int]) -> list[list[tuple[float, float]]]:
    """The turn arrows as points along the felt's ring, tail first, head last.

    Seats are laid out bottom, right, top, left in turn order (``layout.SIDES``), so the turn goes
    counter-clockwise on screen, as in Tiến Lên Miền Nam: on screen (y down) the angle decreases.
    """
    w, h = size
    unit = screen.unit(size)
    cx, cy = w / 2, h * RING_CENTRE_Y
    a, b = w * 0.28 + 12 * unit, h * 0.22 + 12 * unit
    span = 35.0
    # lower right (bottom → right) and upper left (top → left), clear of the buttons and the seats
    return [[_on_ring(cx, cy, a, b, start - span * k / 24) for k in range(25)] for start in (50.0, 230.0)]


def turn_arrows(size: tuple[int, int], players: int) -> pygame.Surface:
    """Faint arrows along the felt's ring, going the way the turn goes (made once per size)."""
    key = (size, players)
    cached = _arrow_cache.get(key)
    if cached is not None:
        return cached
    unit = screen.unit(size)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    ink = (255, 255, 255, 60)
    for pts in arrow_paths(size):
        pygame.draw.lines(layer, ink, False, pts, max(2, int(3 * unit)))
        _head(layer, pts[-2], pts[-1], ink, 11 * unit)
    if len(_arrow_cache) > 4:
        _arrow_cache.clear()
    _arrow_cache[key] = layer
    return layer


def _on_ring(cx: float, cy: float, a: float, b: float, deg: float) -> tuple[float, float]:
    r = math.radians(deg)
    return cx + a * math.cos(r), cy + b * math.sin(r)


def _head(layer: pygame.Surface, before: tuple[float, float], tip: tuple[float, float],
          ink: tuple[int, int, int, int], size: float) -> None:
    dx, dy = tip[0] - before[0], tip[1] - before[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    back = (tip[0] - ux * size, tip[1] - uy * size)
    px, py = -uy * size * 0.6, ux * size * 0.6
    pygame.draw.polygon(layer, ink, [(tip[0] + ux * 2, tip[1] + uy * 2), (back[0] + px, back[1] + py),
                                     (back[0] - px, back[1] - py)])
