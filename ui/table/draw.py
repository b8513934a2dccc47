"""The painter: draws a whole table frame from a ``Picture`` and changes nothing it is given.

Everything it shows was decided before: the model (cards, pile, passes, places), the sprites (where cards
fly), the controls (which buttons are lit, the status line, dimmed cards) and the seats' labels.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.engine.cards import Card
from ui import fonts, screen, theme
from ui.card_art import CardArt
from ui.i18n import t
from ui.table import painter
from ui.table.controls import Controls
from ui.table.effects import CardSprite
from ui.table.focus import focus_glow
from ui.table.layout import Layout
from ui.table.marks import draw_one_card_alert, draw_top_marker, turn_arrows
from ui.table.model import TableModel
from ui.table.plates import SeatLabel, cards_left, draw_plate, plate
from ui.table.roundlog import draw_round_log
from ui.table.sprites import Arts, TableSprites
from ui.table.words import place_name

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Picture:
    """What one frame shows. ``active`` is the seat whose turn it is (None while dealing or after the game)."""

    layout: Layout
    arts: Arts
    model: TableModel
    sprites: TableSprites
    controls: Controls
    seats: list[SeatLabel]
    title: str
    game_no: int
    active: int | None
    thinking: int | None
    show_focus: bool
    round_log: bool = True  # off while a lesson's or practice's panel takes the log's corner
    keys: str = "table.keys"  # the text key of the keys column
    subtitle: str | None = None  # the header's second line in place of the game's number (a lesson's title)


def draw_table(surface: pygame.Surface, pic: Picture, now: float) -> None:
    lay, sprites, arts = pic.layout, pic.sprites, pic.arts
    surface.blit(painter.felt(lay.size), (0, 0))
    surface.blit(turn_arrows(lay.size, pic.model.players), (0, 0))
    _info(surface, pic)
    if pic.round_log:
        draw_round_log(surface, lay, pic.model.round_log, [s.name for s in pic.seats], arts.small.colours)
    for seat in range(pic.model.players):
        _seat(surface, pic, seat, now)
    offset = (0, 0)
    if sprites.shake > 0:
        rng = random.Random(int(now * 60))
        amp = 10 * lay.unit * sprites.shake / 0.45
        offset = (int(rng.uniform(-amp, amp)), int(rng.uniform(-amp, amp)))
    for group in sprites.pile:
        for sp in group:
            if not sp.flying:
                _blit_shifted(sp, arts.centre, surface, offset)
    _top_marker(surface, pic)
    for sp in sprites.sweeping:
        sp.draw(surface, arts.centre)
    _hand(surface, pic)
    for group in sprites.pile:
        for sp in group:
            if sp.flying:
                sp.draw(surface, arts.centre)
    for sp in sprites.flying:
        sp.draw(surface, arts.hand)
    for sp in sprites.hand.values():
        if sp.flying:
            sp.draw(surface, arts.hand)
    if pic.controls.visible:
        for b in pic.controls.buttons:
            b.draw(surface, t(b.label_key), lay.font)
    text, colour = pic.controls.status
    painter.message(surface, lay, text, colour)
    for effect in sprites.effects:
        effect.draw(surface, lay.unit)


def _blit_shifted(sp: CardSprite, art: CardArt, surface: pygame.Surface, offset: tuple[int, int]) -> None:
    """Draw ``sp`` moved by ``offset`` (the screen shake) without moving it."""
    if offset == (0, 0):
        sp.draw(surface, art)
        return
    x, y = sp.pos
    sp.pos = (x + offset[0], y + offset[1])
    sp.draw(surface, art)
    sp.pos = (x, y)


def _top_marker(surface: pygame.Surface, pic: Picture) -> None:
    """Name the seat whose play is on top, once that play has landed."""
    top, pile = pic.model.top, pic.sprites.pile
    if top is None or not pile or not pile[-1] or any(sp.flying for sp in pile[-1]):
        return
    art = pic.arts.centre
    play = pile[-1][0].rect(art).unionall([sp.rect(art) for sp in pile[-1][1:]])
    whole = play.unionall([sp.rect(art) for group in pile for sp in group if not sp.flying])
    draw_top_marker(surface, pic.layout, play, whole, pic.layout.seats[top.seat], pic.seats[top.seat].name)


def _info(surface: pygame.Surface, pic: Picture) -> None:
    lay = pic.layout
    line1 = fonts.text(pic.title, lay.font, theme.GOLD, fonts.BOLD)
    sub = pic.subtitle if pic.subtitle is not None else t("table.game_no", n=pic.game_no)
    line2 = fonts.text(sub, lay.small_font, theme.MUTED)
    x, y = lay.margin, lay.margin
    surface.blit(line1, (x, y))
    surface.blit(line2, (x, y + line1.get_height()))
    if pic.controls.visible:
        _keys_help(surface, lay, pic.keys)


def _keys_help(surface: pygame.Surface, lay: Layout, keys: str) -> None:
    """The keyboard keys as a quiet column of key caps in the free corner right of the hand."""
    size = max(11, lay.small_font - 3)
    pairs = [item.split(" ", 1) for item in t(keys).split(" · ")]
    rows = [(fonts.text(k, size, (215, 230, 220), fonts.BOLD), fonts.text(a, size, (150, 180, 162)))
            for k, a in (p if len(p) == 2 else (p[0], "") for p in pairs)]  # fmt: skip
    gap = screen.pad(6, lay.unit)
    cap_w = max(k.get_width() for k, _ in rows) + screen.pad(10, lay.unit)
    row_h = max(k.get_height() for k, _ in rows) + screen.pad(3, lay.unit)
    width = cap_w + gap + max(a.get_width() for _, a in rows)
    hand_right = lay.size[0] // 2 + (lay.card_w + int(lay.card_w * lay.overlap) * 12) // 2
    x = lay.size[0] - lay.margin - width
    y = lay.size[1] - lay.margin - row_h * len(rows)
    if x < hand_right + lay.margin:  # no room beside the hand: leave the table uncluttered
        return
    for keycap, action in rows:
        cap = pygame.Rect(x, y, cap_w, row_h - screen.pad(3, lay.unit))
        screen.panel(surface, cap, screen.KEYCAP, corner=screen.pad(4, lay.unit))
        surface.blit(keycap, keycap.get_rect(center=cap.center))
        surface.blit(action, action.get_rect(midleft=(cap.right + gap, cap.centery)))
        y += row_h


def _seat(surface: pygame.Surface, pic: Picture, seat: int, now: float) -> None:
    lay, model = pic.layout, pic.model
    place = lay.seats[seat]
    label = pic.seats[seat]
    human = seat == model.human
    active = pic.active == seat
    thinking = pic.thinking == seat
    pulse = 0.5 + 0.5 * math.sin(now * 5) if thinking else 0.6
    finished = model.place(seat)
    passed = seat in model.passed
    colour = theme.AVATAR_COLOURS[seat % len(theme.AVATAR_COLOURS)]
    count = model.count(seat)
    # the fan first, so the avatar and its labels sit on top of it
    if not human:
        painter.fan(surface, place, lay, pic.arts.small, count, model.shown_faces(seat))
    painter.avatar(surface, place, lay, label.name, colour, active, passed or finished is not None, pulse)
    draw_plate(surface, plate(place, lay, label, cards_left(model, seat)), active)
    if count == 1 and model.dealt is None and not model.is_over:
        draw_one_card_alert(surface, lay, place)  # báo 1 lá, in place of the count badge
    elif not human and count and not model.revealed:
        r = lay.avatar_r
        painter.count_badge(surface, (place.badge[0] + int(r * 0.8), place.badge[1] - int(r * 0.8)), count, lay)
    bubble = place.bubble
    if thinking:
        dots = "." * (1 + int(now * 3) % 3)
        painter.pill(surface, bubble, f"{t('table.thinking')}{dots:<3}", lay, ink=theme.GOLD)
    elif finished is not None:
        painter.pill(surface, bubble, place_name(finished, model.players), lay, fill=(60, 44, 6, 220), ink=theme.GOLD)
    elif passed:
        painter.pill(surface, bubble, t("table.passed"), lay, fill=(40, 40, 40, 200), ink=(210, 210, 210))


def _hand(surface: pygame.Surface, pic: Picture) -> None:
    art, hand, sprites = pic.arts.hand, pic.model.hand, pic.sprites
    focus_card = hand.focused if pic.show_focus else None
    dimmed = pic.controls.dimmed
    drawn: list[tuple[Card, pygame.Rect]] = []
    for card in hand.cards:
        sp = sprites.hand.get(card)
        if sp is None or sp.flying:
            continue
        sp.draw(surface, art)
        rect = sp.rect(art)
        drawn.append((card, rect))
        if card in dimmed:  # nothing this card is part of can beat the table
            surface.blit(art.dim(), rect)
        if card in hand.selected:
            ring = art.outline(theme.SELECT, "select")
            surface.blit(ring, ring.get_rect(center=rect.center))
    at = next((i for i, (card, _) in enumerate(drawn) if card == focus_card), None)
    if at is not None:  # the keyboard cursor: a glow round the part of its card that shows, over no other card
        glow, where = focus_glow(art, drawn[at][1], [r for _, r in drawn[at + 1:]])
        surface.blit(glow, where)
