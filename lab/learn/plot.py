"""The learning curve as a PNG: the win rate against 3 normal and 3 hard by hours of training, with the even
share (25%) and hard's own rate against 3 normal (35%) marked. Drawn with pygame, which the game has already."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

SIZE = (900, 520)
PAD = 70
COLOURS = {"vs_normal": (40, 110, 220), "vs_hard": (220, 70, 50)}


def draw(log: Path, out: Path) -> None:
    entries = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]
    evals = [e for e in entries if e.get("kind") == "eval"]
    pygame.init()
    font = pygame.font.Font(None, 22)
    surf = pygame.Surface(SIZE)
    surf.fill((250, 250, 246))
    w, h = SIZE[0] - 2 * PAD, SIZE[1] - 2 * PAD
    hours = max([e["hours"] for e in evals] + [0.1])

    def at(x: float, y: float) -> tuple[int, int]:
        return PAD + int(w * x / hours), PAD + h - int(h * y / 0.6)

    for y in (0.0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6):
        colour = (150, 150, 150) if y in (0.25, 0.35) else (225, 225, 225)
        pygame.draw.line(surf, colour, at(0, y), at(hours, y), 1)
        surf.blit(font.render(f"{y:.0%}", True, (60, 60, 60)), (PAD - 45, at(0, y)[1] - 8))
    surf.blit(font.render("25% even", True, (90, 90, 90)), (at(hours, 0.25)[0] - 80, at(0, 0.25)[1] - 18))
    surf.blit(font.render("hard vs 3 normal 35%", True, (90, 90, 90)), (at(hours, 0.35)[0] - 170, at(0, 0.35)[1] - 18))
    for key, colour in COLOURS.items():
        points = [(e["hours"], e[key][0], e[key][1]) for e in evals if key in e]
        for x, y, ci in points:
            pygame.draw.line(surf, colour, at(x, max(0, y - ci)), at(x, min(0.6, y + ci)), 1)
            pygame.draw.circle(surf, colour, at(x, y), 4)
        if len(points) > 1:
            pygame.draw.lines(surf, colour, False, [at(x, y) for x, y, _ in points], 2)
    title = "Master's win rate (4 players, mien-nam, duplicate deals, 95% intervals) by hours of training"
    surf.blit(font.render(title, True, (20, 20, 20)), (PAD, 20))
    legend = [("against 3 normal", COLOURS["vs_normal"]), ("against 3 hard", COLOURS["vs_hard"])]
    for i, (label, colour) in enumerate(legend):
        pygame.draw.circle(surf, colour, (PAD + 10 + 200 * i, SIZE[1] - 25), 5)
        surf.blit(font.render(label, True, (20, 20, 20)), (PAD + 22 + 200 * i, SIZE[1] - 33))
    surf.blit(font.render(f"hours ({hours:.1f})", True, (60, 60, 60)), (SIZE[0] - PAD - 60, SIZE[1] - PAD + 10))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(out))
