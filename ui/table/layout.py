"""Where everything sits on the table for a window size and a player count. Pure geometry."""

from __future__ import annotations

from dataclasses import dataclass

from ui import screen, theme

Point = tuple[int, int]


@dataclass(frozen=True)
class SeatPlace:
    seat: int
    side: str          # bottom, right, top, left
    badge: Point       # centre of the avatar
    fan: Point         # centre of the face-down fan (top centre when vertical)
    vertical: bool     # fan runs down the screen (left/right seats)
    play_from: Point   # where this seat's cards fly from
    bubble: Point      # where "pass" / "thinking" shows


SIDES = {2: ("bottom", "top"), 3: ("bottom", "right", "left"), 4: ("bottom", "right", "top", "left")}


@dataclass(frozen=True)
class Fan:
    """An opponent's cards as they are drawn: ``count`` cards of ``card`` size (turned on their side in a
    face-down column), the first with its top-left corner at ``first``, each next one ``step`` further."""

    first: tuple[float, float]
    step: tuple[float, float]
    card: Point
    count: int

    def corners(self) -> list[Point]:
        """The top-left corner of each card, first to last (the last is drawn on top)."""
        (x, y), (dx, dy) = self.first, self.step
        return [(int(x + i * dx), int(y + i * dy)) for i in range(self.count)]

    def bounds(self) -> tuple[int, int, int, int]:
        """(left, top, width, height) of all the cards together."""
        corners = self.corners()
        (left, top), (last_x, last_y) = corners[0], corners[-1]
        return left, top, last_x + self.card[0] - left, last_y + self.card[1] - top


class Layout:
    """Computed once per window size; every coordinate the table draws with comes from here. Seat ``bottom``
    (the player's: at a network table not always seat 0) sits at the bottom, the others round the table in
    turn order from it."""

    def __init__(self, size: tuple[int, int], players: int, bottom: int = 0) -> None:
        self.size = w, h = size
        self.players = players
        self.unit = screen.unit(size)
        # the hand: 13 cards overlapping must fit in 80% of the width, and be ~21% of the height tall
        self.overlap = 0.46
        by_height = h * 0.205 / theme.CARD_RATIO
        by_width = w * 0.80 / (1 + 12 * self.overlap)
        self.card_w = int(min(by_height, by_width))
        self.card_h = int(self.card_w * theme.CARD_RATIO)
        self.small_w = max(26, int(self.card_w * 0.5))
        self.small_h = int(self.small_w * theme.CARD_RATIO)
        self.centre_w = int(self.card_w * 0.92)
        self.lift = int(self.card_h * 0.2)
        self.focus_lift = int(self.card_h * 0.1)  # the keyboard cursor's card: up, but less than a selected one
        self.margin = int(14 * self.unit) + 4
        self.hand_y = h - self.margin - self.card_h          # top of the resting hand
        self.button_h = max(34, int(44 * self.unit))
        self.button_w = max(104, int(150 * self.unit))
        self.button_y = self.hand_y - self.lift - self.button_h - int(10 * self.unit)
        self.message_y = self.button_y - int(26 * self.unit)
        self.font = max(14, int(19 * self.unit))
        self.small_font = max(12, int(15 * self.unit))
        self.avatar_r = max(22, int(32 * self.unit))
        top_area = self.margin + self.avatar_r * 2 + self.small_h + int(10 * self.unit)
        self.centre = (w // 2, (top_area + self.message_y) // 2 + int(4 * self.unit))
        self.deck_pos = (w // 2, self.centre[1])
        self.bottom = bottom
        self.seats = [self._seat(i, SIDES[players][(i - bottom) % players]) for i in range(players)]

    def _seat(self, seat: int, side: str) -> SeatPlace:
        w, h = self.size
        r, m = self.avatar_r, self.margin
        if side == "bottom":
            badge = (self.margin + r + int(8 * self.unit), self.hand_y - r - int(18 * self.unit))
            fan = (w // 2, self.hand_y + self.card_h // 2)
            bubble = (badge[0], badge[1] - r - 18)  # above the avatar, clear of the pile and the status line
            return SeatPlace(seat, side, badge, fan, False, fan, bubble)
        if side == "top":
            badge = (w // 2 - int(self.small_w * 4.2) - r, m + r)
            fan = (w // 2, m + self.small_h // 2 + int(4 * self.unit))
            return SeatPlace(seat, side, badge, fan, False, fan, (w // 2, fan[1] + self.small_h // 2 + r))
        x_pad = m + r + int(6 * self.unit)
        by = int(h * 0.27)
        fan_top = by + r + int(50 * self.unit)
        x = x_pad if side == "left" else w - x_pad
        badge, fan = (x, by), (x, fan_top)
        inward = 1 if side == "left" else -1
        bubble = (x + inward * (r + int(70 * self.unit)), by)
        play_from = (x, fan_top + self.small_w)
        return SeatPlace(seat, side, badge, fan, True, play_from, bubble)

    def fan(self, place: SeatPlace, count: int, face_up: bool) -> Fan | None:
        """Where the ``count`` cards an opponent holds at ``place`` are drawn (None when it holds none)."""
        if count <= 0:
            return None
        cx, cy = place.fan
        w, h = self.small_w, self.small_h
        if place.vertical:  # a column down from ``place.fan``; face-down cards lie on their side
            step = min(w * 0.3, (self.message_y - cy - w) / max(1, count - 1))
            if face_up:
                return Fan((cx - w // 2, cy), (0.0, min(step, h * 0.3)), (w, h), count)
            return Fan((cx - h // 2, cy), (0.0, step), (h, w), count)
        step = min(w * 0.34, self.size[0] * 0.32 / max(1, count))  # a row centred on ``place.fan``
        return Fan((cx - (w + step * (count - 1)) / 2, cy - h // 2), (step, 0.0), (w, h), count)

    def hand_slots(self, count: int, gaps: list[bool]) -> list[Point]:
        """Top-left corner of each card of the human's hand, centred; ``gaps`` marks group starts."""
        step = int(self.card_w * self.overlap)
        gap = int(self.card_w * 0.22)
        total = self.card_w + step * max(0, count - 1) + gap * sum(1 for g in gaps if g)
        max_total = int(self.size[0] * 0.86)
        if total > max_total and count > 1:
            step = max(8, (max_total - self.card_w - gap * sum(gaps)) // (count - 1))
            total = self.card_w + step * (count - 1) + gap * sum(gaps)
        x = (self.size[0] - total) // 2
        out = []
        for i in range(count):
            if gaps[i]:
                x += gap
            out.append((x, self.hand_y))
            x += step
        return out

    def play_slots(self, count: int, index: int) -> list[Point]:
        """Centres of the cards of the ``index``-th play of the round, fanned around the table centre."""
        step = int(self.centre_w * 0.52)
        jitter = ((index * 37) % 11 - 5) * self.unit * 6, ((index * 53) % 9 - 4) * self.unit * 4
        cx = self.centre[0] + jitter[0] + index * self.unit * 4
        cy = self.centre[1] + jitter[1] - index * self.unit * 3
        start = cx - step * (count - 1) / 2
        return [(int(start + i * step), int(cy)) for i in range(count)]

    def buttons(self, count: int) -> list[tuple[int, int, int, int]]:
        """Rects (x, y, w, h) of the action buttons, in a centred row above the hand."""
        gap = int(14 * self.unit)
        total = count * self.button_w + (count - 1) * gap
        x = (self.size[0] - total) // 2
        return [(x + i * (self.button_w + gap), self.button_y, self.button_w, self.button_h) for i in range(count)]
