"""Drawing a whole table frame from the scene's state."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

import pygame

from ui import fonts, theme
from ui.i18n import t
from ui.table import painter
from ui.table.words import amount, place_name

if TYPE_CHECKING:
    from ui.table.scene import TableScene


def draw_table(s: TableScene, surface: pygame.Surface) -> None:
    lay = s.layout
    g = s.session.game
    now = pygame.time.get_ticks() / 1000.0
    surface.blit(painter.felt(lay.size), (0, 0))
    _info(s, surface)
    for seat in range(g.players):
        _seat(s, surface, seat, now)
    ox = oy = 0
    if s.shake > 0:
        rng = random.Random(int(now * 60))
        amp = 10 * lay.unit * s.shake / 0.45
        ox, oy = int(rng.uniform(-amp, amp)), int(rng.uniform(-amp, amp))
    shifted = surface if not (ox or oy) else None
    for group in s.pile:
        for sp in group:
            if not sp.flying:
                _blit_sprite(sp, s.centre_art, surface, (ox, oy), shifted)
    for sp in s.sweeping:
        sp.draw(surface, s.centre_art)
    _hand(s, surface)
    for group in s.pile:
        for sp in group:
            if sp.flying:
                sp.draw(surface, s.centre_art)
    for sp in s.flying:
        sp.draw(surface, s.art)
    for sp in s.hand_sprites.values():
        if sp.flying:
            sp.draw(surface, s.art)
    if s.session.human is not None and not g.is_over:
        s.refresh_buttons()
        for b in s.buttons:
            b.draw(surface, t(b.label_key), lay.font)
    text, colour = s.status()
    painter.message(surface, lay, text, colour)
    for effect in s.effects:
        effect.draw(surface, lay.unit)


def _blit_sprite(sp, art, surface, offset, _shifted) -> None:  # noqa: ANN001 - tiny helper
    if offset == (0, 0):
        sp.draw(surface, art)
        return
    x, y = sp.pos
    sp.pos = (x + offset[0], y + offset[1])
    sp.draw(surface, art)
    sp.pos = (x, y)


def _info(s: TableScene, surface: pygame.Surface) -> None:
    lay = s.layout
    rules = s.session.rules
    lang = "vi" if t("table.you") == "Bạn" else "en"
    title = rules.name.get(lang) or rules.id
    line1 = fonts.text(title, lay.font, theme.GOLD, fonts.BOLD)
    line2 = fonts.text(t("table.game_no", n=len(s.session.match.results) + 1 - (1 if s.results_shown else 0)),
                       lay.small_font, theme.MUTED)
    x, y = lay.margin, lay.margin
    surface.blit(line1, (x, y))
    surface.blit(line2, (x, y + line1.get_height()))
    if s.session.human is not None and not s.session.game.is_over:
        _keys_help(s, surface)


def _keys_help(s: TableScene, surface: pygame.Surface) -> None:
    """The keyboard keys as a quiet column of key caps in the free corner right of the hand."""
    lay = s.layout
    size = max(11, lay.small_font - 3)
    pairs = [item.split(" ", 1) for item in t("table.keys").split(" · ")]
    rows = [(fonts.text(k, size, (215, 230, 220), fonts.BOLD), fonts.text(a, size, (150, 180, 162)))
            for k, a in (p if len(p) == 2 else (p[0], "") for p in pairs)]  # fmt: skip
    cap_w = max(k.get_width() for k, _ in rows) + 10
    row_h = max(k.get_height() for k, _ in rows) + 3
    width = cap_w + 6 + max(a.get_width() for _, a in rows)
    hand_right = lay.size[0] // 2 + (lay.card_w + int(lay.card_w * lay.overlap) * 12) // 2
    x = lay.size[0] - lay.margin - width
    y = lay.size[1] - lay.margin - row_h * len(rows)
    if x < hand_right + lay.margin:  # no room beside the hand: leave the table uncluttered
        return
    for keycap, action in rows:
        cap = pygame.Rect(x, y, cap_w, row_h - 3)
        pygame.draw.rect(surface, (8, 40, 26), cap, border_radius=4)
        pygame.draw.rect(surface, (70, 120, 90), cap, 1, border_radius=4)
        surface.blit(keycap, keycap.get_rect(center=cap.center))
        surface.blit(action, action.get_rect(midleft=(cap.right + 6, cap.centery)))
        y += row_h


def _seat(s: TableScene, surface: pygame.Surface, seat: int, now: float) -> None:
    lay = s.layout
    g = s.session.game
    place = lay.seats[s.seat_slot(seat)]
    human = seat == s.session.human
    active = s.phase != "deal" and not g.is_over and g.current_player == seat
    thinking = s.thinking == seat
    pulse = 0.5 + 0.5 * math.sin(now * 5) if thinking else 0.6
    out = seat in g.finished
    passed = seat in g.passed
    colour = theme.AVATAR_COLOURS[seat % len(theme.AVATAR_COLOURS)]
    count = s.dealt[seat] if s.phase == "deal" else len(g.hands[seat])
    # the fan first, so the avatar and its labels sit on top of it
    if not human:
        faces = list(g.hands[seat]) if (s.revealed or s.session.human is None) else None
        shown = count if faces is None else len(faces)
        painter.fan(surface, place, lay, s.small_art, shown, faces)
    painter.avatar(surface, place, lay, s.seat_name(seat), colour, active, passed or out, pulse)
    detail = t("table.cards_left", n=count)
    total, total_colour = s.total_text(seat)
    chips = s.session.chips(seat)
    painter.name_plate(surface, place, lay, s.seat_name(seat), detail, total, total_colour, active,
                       None if chips is None else amount(chips))
    if not human and count and not s.revealed:
        r = lay.avatar_r
        painter.count_badge(surface, (place.badge[0] + int(r * 0.8), place.badge[1] - int(r * 0.8)), count, lay)
    bubble = place.bubble if not human else (place.badge[0], place.badge[1] - lay.avatar_r - 18)
    if thinking:
        dots = "." * (1 + int(now * 3) % 3)
        painter.pill(surface, bubble, f"{t('table.thinking')}{dots:<3}", lay, ink=theme.GOLD)
    elif out and g.finished:
        painter.pill(surface, bubble, place_name(g.finished.index(seat) + 1), lay,
                     fill=(60, 44, 6, 220), ink=theme.GOLD)
    elif passed:
        painter.pill(surface, bubble, t("table.passed"), lay, fill=(40, 40, 40, 200), ink=(210, 210, 210))


def _hand(s: TableScene, surface: pygame.Surface) -> None:
    art = s.art
    focus_card = s.hand.cards[s.hand.focus] if (s.show_focus and s.hand.cards) else None
    dimmed = s.dimmed_cards()
    for card in s.hand.cards:
        sp = s.hand_sprites.get(card)
        if sp is None or sp.flying:
            continue
        sp.draw(surface, art)
        rect = sp.rect(art)
        if card in dimmed:  # nothing this card is part of can beat the table
            surface.blit(art.dim(), rect)
        if card in s.hand.selected:
            ring = art.outline(theme.SELECT, "select")
            surface.blit(ring, ring.get_rect(center=rect.center))
        if card is focus_card:
            ring = art.outline(theme.FOCUS, "focus")
            surface.blit(ring, ring.get_rect(center=rect.center))
