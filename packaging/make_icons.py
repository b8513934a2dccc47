"""Draw the app icon (a fan of four aces on green felt) and write it as PNGs, a Windows .ico and a macOS .icns.

Run from the repository root: ``python3 packaging/make_icons.py``. Needs only pygame-ce; the .ico and .icns
containers are written by hand around PNG data, which Windows Vista+ and macOS 10.7+ read directly.
The outputs are committed under ``assets/icons/`` so a build never has to draw them.
"""

from __future__ import annotations

import io
import math
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "icons"
MASTER = 2048  # drawn once at this size, then scaled down smoothly
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# macOS icon types holding PNG data, by pixel size (https://en.wikipedia.org/wiki/Apple_Icon_Image_format)
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))

FELT_LIGHT = (38, 140, 84)
FELT_DARK = (10, 70, 42)
RIM = (214, 176, 92)
CARD = (252, 250, 244)
CARD_EDGE = (190, 184, 170)
RED = (206, 32, 46)
BLACK = (28, 30, 36)


def heart_points(cx: float, cy: float, size: float, flip: bool = False) -> list[tuple[float, float]]:
    """The classic parametric heart, ``size`` wide, centred on (cx, cy); flipped it is a spade's head."""
    pts = []
    for i in range(160):
        t = 2 * math.pi * i / 160
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        y = y + 2.5  # centre the curve's bounding box vertically
        pts.append((cx + x * size / 33, cy + (y if flip else -y) * size / 33))
    return pts


def draw_pip(surf: pygame.Surface, suit: str, cx: float, cy: float, size: float) -> None:
    """Draw a suit symbol about ``size`` across, centred on (cx, cy)."""
    if suit == "hearts":
        pygame.draw.polygon(surf, RED, heart_points(cx, cy, size))
    elif suit == "diamonds":
        # Slightly concave sides, like a printed card's diamond.
        pts = []
        w, h = size * 0.42, size * 0.55
        corners = [(cx, cy - h), (cx + w, cy), (cx, cy + h), (cx - w, cy)]
        for i in range(4):
            (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
            for k in range(20):
                f = k / 20
                mx, my = x0 + (x1 - x0) * f, y0 + (y1 - y0) * f
                bow = math.sin(math.pi * f) * size * 0.05
                pts.append((mx + (cx - mx) * bow / size * 2.2, my + (cy - my) * bow / size * 2.2))
        pygame.draw.polygon(surf, RED, pts)
    elif suit == "spades":
        pygame.draw.polygon(surf, BLACK, heart_points(cx, cy - size * 0.08, size, flip=True))
        stem = [(cx - size * 0.05, cy + size * 0.1), (cx + size * 0.05, cy + size * 0.1),
                (cx + size * 0.2, cy + size * 0.52), (cx - size * 0.2, cy + size * 0.52)]
        pygame.draw.polygon(surf, BLACK, stem)
    elif suit == "clubs":
        r = size * 0.22
        for dx, dy in ((0, -0.24), (-0.24, 0.08), (0.24, 0.08)):
            pygame.draw.circle(surf, BLACK, (cx + dx * size, cy + dy * size), r)
        pygame.draw.circle(surf, BLACK, (cx, cy + 0.02 * size), r * 0.6)
        stem = [(cx - size * 0.05, cy), (cx + size * 0.05, cy),
                (cx + size * 0.2, cy + size * 0.52), (cx - size * 0.2, cy + size * 0.52)]
        pygame.draw.polygon(surf, BLACK, stem)


def card_surface(w: int, h: int, suit: str) -> pygame.Surface:
    """A card face: white, rounded, thin edge, a big pip in the middle and a small one in two corners."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = int(w * 0.1)
    pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, CARD, surf.get_rect().inflate(-w * 0.025, -w * 0.025), border_radius=radius)
    draw_pip(surf, suit, w / 2, h / 2, w * 0.62)
    draw_pip(surf, suit, w * 0.17, h * 0.13, w * 0.2)
    corner = pygame.Surface((w, h), pygame.SRCALPHA)
    draw_pip(corner, suit, w * 0.17, h * 0.13, w * 0.2)
    surf.blit(pygame.transform.rotate(corner, 180), (0, 0))
    return surf


def felt_tile(size: int) -> pygame.Surface:
    """The rounded-square background: a radial green gradient with a gold rim."""
    margin = int(size * 0.06)
    inner = size - 2 * margin
    grad = pygame.Surface((inner, inner), pygame.SRCALPHA)
    steps = 96
    for i in range(steps, 0, -1):
        f = i / steps
        colour = [int(FELT_LIGHT[c] + (FELT_DARK[c] - FELT_LIGHT[c]) * f) for c in range(3)]
        r = int(inner * 0.78 * f)
        pygame.draw.circle(grad, colour, (inner * 0.5, inner * 0.42), r)
    mask = pygame.Surface((inner, inner), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(inner * 0.2))
    base = pygame.Surface((inner, inner), pygame.SRCALPHA)
    base.fill((*FELT_DARK, 255))
    base.blit(grad, (0, 0))
    base.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    shadow = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(shadow, (0, 0, 0, 110), pygame.Rect(margin, margin + size * 0.012, inner, inner),
                     border_radius=int(inner * 0.2))
    tile.blit(pygame.transform.gaussian_blur(shadow, max(1, size // 120)), (0, 0))
    tile.blit(base, (margin, margin))
    rim = max(2, size // 90)
    pygame.draw.rect(tile, RIM, pygame.Rect(margin, margin, inner, inner), width=rim,
                     border_radius=int(inner * 0.2))
    return tile


def draw_icon(size: int, cards: tuple[str, ...]) -> pygame.Surface:
    """The icon at ``size``: the felt tile with a fan of ``cards`` (last one on top), pivoting below centre."""
    tile = felt_tile(size)
    card_w = int(size * (0.36 if len(cards) > 2 else 0.44))
    card_h = int(card_w * 1.4)
    pivot = (size * 0.5, size * 0.86)
    spread = 17 if len(cards) > 2 else 16
    first = -spread * (len(cards) - 1) / 2
    for i, suit in enumerate(cards):
        angle = -(first + spread * i)  # pygame turns anticlockwise; the top card ends up rightmost
        face = card_surface(card_w, card_h, suit)
        # Place the card so its bottom-centre sits a little above the pivot, then rotate about the pivot.
        offset = pygame.math.Vector2(0, -card_h * 0.5 - size * 0.08).rotate(-angle)
        rotated = pygame.transform.rotozoom(face, angle, 1.0)
        centre = (pivot[0] + offset.x, pivot[1] + offset.y)
        shadow = pygame.Surface(rotated.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90), special_flags=0)
        shadow.blit(rotated, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MIN)
        pad = size // 40
        padded = pygame.Surface((shadow.get_width() + 4 * pad, shadow.get_height() + 4 * pad), pygame.SRCALPHA)
        padded.blit(shadow, (2 * pad, 2 * pad))
        padded = pygame.transform.gaussian_blur(padded, max(1, size // 160))
        tile.blit(padded, padded.get_rect(center=(centre[0] + size * 0.012, centre[1] + size * 0.018)))
        tile.blit(rotated, rotated.get_rect(center=centre))
    return tile


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "png")
    return buf.getvalue()


def write_ico(path: Path, images: dict[int, bytes]) -> None:
    """An .ico whose entries are PNG data (width/height 0 means 256)."""
    entries, blobs = b"", b""
    offset = 6 + 16 * len(images)
    for size, data in sorted(images.items()):
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    path.write_bytes(struct.pack("<HHH", 0, 1, len(images)) + entries + blobs)


def write_icns(path: Path, images: dict[int, bytes]) -> None:
    """An .icns made of PNG-holding entries; ``ic11``-``ic14`` are the Retina (@2x) ones."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = images[size]
        body += kind + struct.pack(">I", len(data) + 8) + data
    path.write_bytes(b"icns" + struct.pack(">I", len(body) + 8) + body)


def main() -> int:
    pygame.init()
    OUT.mkdir(parents=True, exist_ok=True)
    full = draw_icon(MASTER, ("clubs", "diamonds", "spades", "hearts"))
    small = draw_icon(MASTER, ("spades", "hearts"))  # four cards turn to mush at 16-32 px
    images: dict[int, bytes] = {}
    for size in sorted(set(PNG_SIZES) | {s for _, s in ICNS_TYPES}):
        src = small if size <= 32 else full
        images[size] = png_bytes(pygame.transform.smoothscale(src, (size, size)))
    for size in PNG_SIZES:
        (OUT / f"tienlen-{size}.png").write_bytes(images[size])
    (OUT / "tienlen.png").write_bytes(images[512])
    write_ico(OUT / "tienlen.ico", {s: images[s] for s in ICO_SIZES})
    write_icns(OUT / "tienlen.icns", images)
    print(f"wrote {len(PNG_SIZES) + 3} files to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
