"""Court cards (J, Q, K) drawn in code: a framed, double-ended portrait like a real deck's.

The top half shows a stylised bust — robe in the suit's colour with a gold collar, a face, and the rank's
headwear (the king's crown and beard, the queen's tiara and long hair, the jack's feathered cap); the
bottom half is the same picture turned, so the card reads either way up. Shapes are plain and high in
contrast so the figure still reads on a 40-pixel card.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.cards import Card, Rank
from ui import theme

SKIN = (246, 214, 178)
SKIN_EDGE = (150, 100, 70)
OUTLINE = (40, 30, 28)
HAIR = {Rank.JACK: (120, 72, 30), Rank.QUEEN: (226, 178, 72), Rank.KING: (236, 236, 230)}
PANEL_TINT = {Rank.JACK: (236, 242, 252), Rank.QUEEN: (252, 238, 242), Rank.KING: (252, 246, 226)}
Colour = tuple[int, int, int]


def _accent(suit_colour: Colour) -> Colour:
    """The robe's second colour: blue beside red, red beside the darker suits (as printed decks do)."""
    r, g, b = suit_colour
    return (40, 70, 150) if r > 150 and g < 100 else (190, 40, 50)


Glyph = Callable[[str, float, Colour], pygame.Surface]  # draws a text glyph at a pixel size in a colour


def draw_court(big: pygame.Surface, card: Card, colour: Colour, glyph: Glyph, ss: int) -> None:
    """Draw the portrait panel on ``big`` (a card face drawn ``ss`` times too large)."""
    w, h = big.get_size()
    frame = pygame.Rect(int(w * 0.2), int(h * 0.115), int(w * 0.6), int(h * 0.77))
    pygame.draw.rect(big, PANEL_TINT[card.rank], frame, border_radius=ss * 3)
    half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
    _bust(half, card.rank, colour, ss)
    big.blit(half, frame.topleft)
    big.blit(pygame.transform.rotate(half, 180), (frame.left, frame.bottom - half.get_height()))
    # the line between the two halves, and the frame
    mid = frame.top + frame.h // 2
    pygame.draw.line(big, theme.GOLD_DARK, (frame.left + ss * 2, mid), (frame.right - ss * 2, mid), max(1, ss))
    pygame.draw.rect(big, colour, frame, width=max(2, ss), border_radius=ss * 3)
    inner = frame.inflate(-ss * 5, -ss * 5)
    pygame.draw.rect(big, theme.GOLD_DARK, inner, width=max(1, ss // 2 + 1), border_radius=ss * 2)
    # the suit beside the figure's shoulder, top and (turned) bottom
    pip = glyph(card.suit.symbol, h * 0.08, colour)
    at = (frame.left + int(frame.w * 0.17), frame.top + int(frame.h * 0.11))
    big.blit(pip, pip.get_rect(center=at))
    turned = pygame.transform.rotate(pip, 180)
    big.blit(turned, turned.get_rect(center=(frame.right - (at[0] - frame.left), frame.bottom - (at[1] - frame.top))))


def _bust(s: pygame.Surface, rank: Rank, colour: Colour, ss: int) -> None:
    """One half of the portrait: shoulders at the bottom edge, head above, headwear on top."""
    w, h = s.get_size()
    line = max(1, ss)
    cx = w // 2
    face_r = int(min(w * 0.17, h * 0.185))
    face_c = (cx, int(h * 0.47))
    accent = _accent(colour)
    # robe: a wide rounded body cut by the bottom edge, two-tone, with a gold V collar
    body = pygame.Rect(0, 0, int(w * 0.86), int(h * 0.7))
    body.midtop = (cx, int(h * 0.68))
    pygame.draw.ellipse(s, colour, body)
    pygame.draw.ellipse(s, accent, body.inflate(-body.w // 2, 0))
    pygame.draw.ellipse(s, OUTLINE, body, line)
    collar = [(cx - int(w * 0.2), body.top + int(h * 0.03)), (cx, int(h * 0.93)),
              (cx + int(w * 0.2), body.top + int(h * 0.03))]  # fmt: skip
    pygame.draw.lines(s, theme.GOLD, False, collar, max(2, ss * 2))
    # hair behind the face (the queen's falls to the shoulders)
    hair = HAIR[rank]
    if rank == Rank.QUEEN:
        back = pygame.Rect(0, 0, int(face_r * 2.7), int(face_r * 3.1))
        back.midtop = (cx, face_c[1] - int(face_r * 1.05))
        pygame.draw.ellipse(s, hair, back)
        pygame.draw.ellipse(s, OUTLINE, back, line)
    # face
    pygame.draw.circle(s, SKIN, face_c, face_r)
    pygame.draw.circle(s, SKIN_EDGE, face_c, face_r, line)
    eye_y = face_c[1] - face_r // 6
    for dx in (-face_r // 2.6, face_r // 2.6):
        pygame.draw.circle(s, OUTLINE, (int(cx + dx), eye_y), max(1, face_r // 8))
    if rank == Rank.KING:  # a full beard and moustache
        beard = [(cx - int(face_r * 0.95), face_c[1]), (cx + int(face_r * 0.95), face_c[1]),
                 (cx + int(face_r * 0.5), face_c[1] + int(face_r * 1.35)), (cx, face_c[1] + int(face_r * 1.7)),
                 (cx - int(face_r * 0.5), face_c[1] + int(face_r * 1.35))]  # fmt: skip
        pygame.draw.polygon(s, hair, beard)
        pygame.draw.polygon(s, OUTLINE, beard, line)
        pygame.draw.arc(s, OUTLINE, pygame.Rect(cx - face_r // 2, face_c[1] + face_r // 4, face_r, face_r // 2),
                        0.3, 2.84, line)  # fmt: skip
    else:
        mouth = pygame.Rect(cx - face_r // 3, face_c[1] + face_r // 4, face_r * 2 // 3, face_r // 3)
        pygame.draw.arc(s, (170, 60, 60), mouth, 3.5, 5.9, max(1, line))
    top = face_c[1] - face_r
    if rank == Rank.KING:
        _crown(s, cx, top + face_r // 5, int(face_r * 2.1), int(face_r * 1.15), ss, points=3, jewel=accent)
    elif rank == Rank.QUEEN:
        _crown(s, cx, top + face_r // 3, int(face_r * 1.7), int(face_r * 0.8), ss, points=5, jewel=colour)
    else:
        _cap(s, cx, top, face_r, colour, accent, ss)


def _crown(s: pygame.Surface, cx: int, base: int, width: int, height: int, ss: int, points: int,
           jewel: Colour) -> None:
    """A gold crown standing on ``base`` with ``points`` tips, each tipped with a pearl."""
    left, right = cx - width // 2, cx + width // 2
    outline = [(left, base)]
    step = width / (points * 2 - 2) if points > 1 else width
    for i in range(points * 2 - 1):
        x = int(left + i * step)
        y = base - height if i % 2 == 0 else base - height // 2
        outline.append((x, y))
    outline += [(right, base)]
    pygame.draw.polygon(s, theme.GOLD, outline)
    pygame.draw.polygon(s, theme.GOLD_DARK, outline, max(1, ss))
    band = pygame.Rect(left, base - height // 4, width, height // 4 + ss)
    pygame.draw.rect(s, theme.GOLD_DARK, band)
    pygame.draw.circle(s, jewel, (cx, band.centery), max(2, height // 7))
    for i in range(0, points * 2 - 1, 2):
        pygame.draw.circle(s, (255, 250, 236), (int(left + i * step), base - height), max(2, height // 9))


def _cap(s: pygame.Surface, cx: int, top: int, face_r: int, colour: Colour, accent: Colour, ss: int) -> None:
    """The jack's soft cap, worn at an angle, with a gold band and a long feather."""
    cap = pygame.Rect(0, 0, int(face_r * 2.5), int(face_r * 1.2))
    cap.midbottom = (cx + face_r // 5, top + face_r // 2)
    pygame.draw.ellipse(s, colour, cap)
    pygame.draw.ellipse(s, OUTLINE, cap, max(1, ss))
    band = pygame.Rect(cap.left + face_r // 4, cap.bottom - face_r // 3, cap.w - face_r // 2, face_r // 3)
    pygame.draw.rect(s, theme.GOLD, band, border_radius=max(1, ss))
    feather = [(cap.right - face_r // 3, cap.centery), (cap.right + face_r // 2, cap.top - face_r // 2),
               (cap.right + face_r // 5, cap.centery + face_r // 6)]  # fmt: skip
    pygame.draw.polygon(s, accent, feather)
    pygame.draw.polygon(s, OUTLINE, feather, max(1, ss // 2 + 1))
