"""Where a text about a seat goes (a payment, what a loser was stuck with): beside the seat, inside the window,
clear of every avatar, name plate and card on the table and of the other texts. Pure geometry.

Each seat has a few places it may use, nearest first, each tried at a few sizes, largest first; the first
that is free wins. If none is, the one overlapping least is taken, pulled inside the window.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import pygame

from ui.table.layout import Layout, SeatPlace
from ui.table.model import TableModel

Size = tuple[int, int]
Measure = Callable[[int], Size]  # a font size → the text's size at it
SIZES = (26, 22, 18, 15)


def avatar_rect(place: SeatPlace, lay: Layout) -> pygame.Rect:
    r = lay.avatar_r + 3
    return pygame.Rect(place.badge[0] - r, place.badge[1] - r, 2 * r, 2 * r)


def plate_rect(place: SeatPlace, lay: Layout) -> pygame.Rect:
    """The name plate under the avatar, as wide as a long name with its chips (painter.name_plate)."""
    w, h = max(120, int(170 * lay.unit)), lay.small_font * 2 + 14
    rect = pygame.Rect(0, 0, w, h)
    rect.midtop = (place.badge[0], place.badge[1] + lay.avatar_r + 4)
    return rect.clamp(pygame.Rect((0, 0), lay.size))


def fan_rect(place: SeatPlace, lay: Layout, model: TableModel) -> pygame.Rect | None:
    """The cards an opponent holds, where painter.fan draws them (the layout's fan of what the model shows)."""
    fan = lay.fan(place, model.count(place.seat), model.shown_faces(place.seat) is not None)
    return pygame.Rect(fan.bounds()) if fan is not None else None


def hand_rect(lay: Layout, count: int) -> pygame.Rect | None:
    """The player's hand at rest (with room for a lifted card)."""
    if count <= 0:
        return None
    slots = lay.hand_slots(count, [False] * count)
    left, right = slots[0][0], slots[-1][0] + lay.card_w
    return pygame.Rect(left, lay.hand_y - lay.lift, right - left, lay.card_h + lay.lift)


def pile_rects(lay: Layout, model: TableModel) -> list[pygame.Rect]:
    """The round's plays in the centre (a tilted card takes a little more room than its width)."""
    w = int(lay.centre_w * 1.12)
    h = int(lay.centre_w * 1.4 * 1.06)
    rects = []
    for index, turn in enumerate(model.pile):
        if turn.combo is not None:
            for cx, cy in lay.play_slots(len(turn.combo.cards), index):
                rects.append(pygame.Rect(cx - w // 2, cy - h // 2, w, h))
    return rects


def table_obstacles(lay: Layout, model: TableModel, extra: Iterable[pygame.Rect] = ()) -> list[pygame.Rect]:
    """Everything a seat text must not cover: avatars, name plates, place tags, the cards on the table."""
    rects = list(extra) + pile_rects(lay, model)
    for place in lay.seats:
        rects += [avatar_rect(place, lay), plate_rect(place, lay)]
        if place.seat in model.places or place.seat in model.passed:  # "1st" or "Passed" in the seat's bubble
            tag = pygame.Rect(0, 0, int(120 * lay.unit), lay.small_font + 14)
            tag.center = place.bubble
            rects.append(tag)
        if place.seat == model.human:
            hand = hand_rect(lay, len(model.hands[place.seat]))
        else:
            hand = fan_rect(place, lay, model)
        if hand is not None:
            rects.append(hand)
    return rects


def candidates(place: SeatPlace, lay: Layout, model: TableModel, size: Size) -> list[pygame.Rect]:
    """The places a text of ``size`` may take at ``place``, nearest to the seat first."""
    w, h = size
    x, y = place.badge
    r, gap = lay.avatar_r, max(6, int(8 * lay.unit))
    plate = plate_rect(place, lay)
    fan = fan_rect(place, lay, model)
    out: list[pygame.Rect] = []

    def at(anchor: str, point: tuple[int, int]) -> None:
        rect = pygame.Rect(0, 0, w, h)
        setattr(rect, anchor, point)
        out.append(rect)

    if place.side in ("left", "right"):
        inward = 1 if place.side == "left" else -1
        edge = "midleft" if inward > 0 else "midright"
        at(edge, (x + inward * (r + gap), y))
        if fan is not None:
            side_x = fan.right + gap if inward > 0 else fan.left - gap
            at(edge, (side_x, fan.centery))
            at(edge, (side_x, fan.top + h // 2))
        at(edge, (x + inward * (r + gap), y + r + h))
        at(edge, (x + inward * (r + gap), y - r - h // 2))
    elif place.side == "top":
        right = max(plate.right, fan.right if fan else 0) + gap
        at("midleft", (right, y))
        at("midleft", (right, place.fan[1]))
        at("midtop", (place.fan[0], (fan.bottom if fan else plate.bottom) + gap))
        at("midright", (x - r - gap, y))
        at("topleft", (plate.right + gap, plate.bottom + gap))
    else:
        at("midleft", (x + r + gap, y))
        at("midbottom", (lay.size[0] // 2, lay.hand_y - lay.lift - gap))
        at("bottomleft", (x - r, y - r - gap))
        at("midleft", (x + r + gap, y - r - h))
    return out


def place_texts(lay: Layout, model: TableModel, texts: Sequence[tuple[int, Measure]],
                avoid: Iterable[pygame.Rect] = ()) -> list[tuple[pygame.Rect, int]]:
    """For each (seat, measure) a rectangle and a font size, in the same order; later texts also avoid the
    earlier ones."""
    window = pygame.Rect((0, 0), lay.size).inflate(-4, -4)
    blocked = table_obstacles(lay, model, avoid)
    placed: list[tuple[pygame.Rect, int]] = []
    sizes = [max(12, int(s * lay.unit)) for s in SIZES]
    for seat, measure in texts:
        place = lay.seats[seat]
        best: tuple[int, pygame.Rect, int] | None = None
        for font_size in sizes:
            size = measure(font_size)
            for rect in candidates(place, lay, model, size):
                inside = rect.clamp(window)
                cost = _overlap(inside, blocked) + 4 * (abs(inside.x - rect.x) + abs(inside.y - rect.y))
                if best is None or cost < best[0]:
                    best = (cost, inside, font_size)
                if cost == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        placed.append((best[1], best[2]))
        blocked.append(best[1])
    return placed


def _overlap(rect: pygame.Rect, others: Iterable[pygame.Rect]) -> int:
    total = 0
    for other in others:
        clip = rect.clip(other)
        total += clip.w * clip.h
    return total
