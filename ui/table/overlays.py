"""Small words drawn over the table after the painter: the drag-select hint beside the hand, the tip of a
hovered button (above the buttons) and of a hovered name plate (beside it). A tip never covers the hand.
They draw what ``Controls`` and the scene decided and change nothing."""

from __future__ import annotations

import pygame

from ui import fonts, screen, theme
from ui.i18n import t
from ui.intents import Action
from ui.table import painter
from ui.table.controls import Controls
from ui.table.layout import Layout

TIPS = {Action.PLAY: "tip.play", Action.PASS: "tip.pass", Action.HINT: "tip.hint", Action.SORT: "tip.sort"}
INK = (200, 222, 208)
HINT = screen.Look(fill=(0, 0, 0, 110), edge=(*INK, 70), shadow=False)
TIP = screen.Look(fill=(10, 20, 14, 225), edge=(*theme.GOLD, 150), shadow=False)


def draw_overlays(surface: pygame.Surface, lay: Layout, controls: Controls, hand_left: int,
                  plate_tip: tuple[pygame.Rect, str, list[pygame.Rect]] | None = None) -> None:
    """``plate_tip``: the hovered plate, its tip and what the tip must stay off (the hand, the buttons)."""
    if controls.drag_hint:
        drag_hint(surface, lay, hand_left)
    hovered = next((b for b in controls.buttons if b.hover and controls.visible), None)
    if hovered is not None and hovered.action in TIPS:
        tip(surface, lay, hovered.rect, t(TIPS[hovered.action]))
    elif plate_tip is not None:
        beside(surface, lay, *plate_tip)


def drag_hint(surface: pygame.Surface, lay: Layout, hand_left: int) -> pygame.Rect | None:
    """"Drag across cards to select several", in the free corner left of the hand, under the player's plate.
    Returns where it went (None when there is no room for it)."""
    size = max(11, lay.small_font - 1)
    room = hand_left - 2 * lay.margin
    if room < 80:
        return None  # no free corner at this size: better no hint than one over the cards
    lines = fonts.wrap("↔ " + t("controls.drag_hint"), size, room - 16, fonts.REGULAR)[:3]
    images = [fonts.text(line, size, INK) for line in lines]
    w = max(i.get_width() for i in images) + 16
    h = sum(i.get_height() for i in images) + 10
    box = screen.picture((w, h), HINT, corner=min(12, h // 3))
    y = 5
    for image in images:
        box.blit(image, (8, y))
        y += image.get_height()
    rect = box.get_rect(bottomleft=(lay.margin, lay.size[1] - lay.margin))
    surface.blit(box, rect)
    return rect


def tip_rect(lay: Layout, under: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where a button's tip of ``size`` goes: over the button, above the status line, so it covers neither the
    hand (the raised cards sit right under the buttons) nor the line that says what the selection is."""
    rect = pygame.Rect((0, 0), size)
    rect.midbottom = (under.centerx, painter.status_top(lay) - screen.pad(4, lay.unit))
    return rect.clamp(pygame.Rect((0, 0), lay.size).inflate(-2 * lay.margin, -2 * lay.margin))


def _tip_box(lay: Layout, value: str) -> pygame.Surface:
    image = fonts.text(value, max(11, lay.small_font - 1), theme.WHITE)
    w, h = image.get_width() + 18, image.get_height() + 8
    box = screen.picture((w, h), TIP, corner=h // 2)
    box.blit(image, image.get_rect(center=(w // 2, h // 2)))
    return box


def tip(surface: pygame.Surface, lay: Layout, under: pygame.Rect, value: str) -> pygame.Rect:
    """A hovered button's tip (``tip_rect``); returns where it went."""
    box = _tip_box(lay, value)
    rect = tip_rect(lay, under, box.get_size())
    surface.blit(box, rect)
    return rect


def beside_rect(lay: Layout, target: pygame.Rect, size: tuple[int, int], avoid: list[pygame.Rect]) -> pygame.Rect:
    """Where a tip of ``size`` about ``target`` goes: under it, over it, right or left of it, the first place
    inside the window that covers neither ``target`` nor anything in ``avoid``."""
    window = pygame.Rect((0, 0), lay.size).inflate(-lay.margin, -lay.margin)
    gap = screen.pad(4, lay.unit)
    rect = pygame.Rect((0, 0), size)
    tries = [("midtop", target.midbottom, (0, gap)), ("midbottom", target.midtop, (0, -gap)),
             ("midleft", target.midright, (gap, 0)), ("midright", target.midleft, (-gap, 0))]  # fmt: skip
    placed = []
    for anchor, point, (dx, dy) in tries:
        setattr(rect, anchor, (point[0] + dx, point[1] + dy))
        spot = rect.clamp(window)
        if not spot.colliderect(target) and spot.collidelist(avoid) == -1:
            return spot
        placed.append(spot)
    return placed[0]


def beside(surface: pygame.Surface, lay: Layout, target: pygame.Rect, value: str,
           avoid: list[pygame.Rect]) -> pygame.Rect:
    """A tip about ``target`` (a name plate) beside it (``beside_rect``); returns where it went."""
    box = _tip_box(lay, value)
    rect = beside_rect(lay, target, box.get_size(), avoid)
    surface.blit(box, rect)
    return rect
