"""The replay's controls: a row of buttons where the table has its play buttons, and a timeline beneath
them with a mark for every action (chops red, players going out gold, the coach's findings blue)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.engine.events import Chopped, PlayerOut
from game.review.replay import Replay
from ui import fonts, screen, theme
from ui.i18n import t
from ui.intents import Action
from ui.table.layout import Layout
from ui.widgets import Button

CHOP = (255, 120, 60)
FINDING = (110, 180, 255)


@dataclass
class ReplayBar:
    """Buttons (each an intent's action) and the timeline; ``layout`` places them, ``step_at`` reads a click."""

    buttons: list[Button] = field(default_factory=lambda: [
        Button("replay.start", Action.HOME),
        Button("replay.back", Action.LEFT),
        Button("replay.play", Action.TOGGLE_FOCUS, primary=True),
        Button("replay.next", Action.RIGHT),
        Button("replay.end", Action.END),
        Button("replay.close", Action.BACK),
    ])  # fmt: skip
    timeline: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    marks: list[tuple[int, tuple[int, int, int]]] = field(default_factory=list)  # (step, colour)

    def layout(self, lay: Layout) -> None:
        for button, rect in zip(self.buttons, lay.buttons(len(self.buttons)), strict=True):
            button.rect = pygame.Rect(rect)
        left, right = self.buttons[0].rect.left, self.buttons[-1].rect.right
        gap = lay.hand_y - self.buttons[0].rect.bottom
        height = max(8, int(12 * lay.unit))
        self.timeline = pygame.Rect(left, self.buttons[0].rect.bottom + (gap - height) // 2, right - left, height)

    def mark(self, replay: Replay, findings: Sequence[int]) -> None:
        """Marks at the chops, the players going out and the coach's findings (0-based steps)."""
        self.marks = []
        for step in replay.steps:
            for e in step.events:
                if isinstance(e, Chopped):
                    self.marks.append((step.index + 1, CHOP))
                elif isinstance(e, PlayerOut):
                    self.marks.append((step.index + 1, theme.GOLD))
        self.marks += [(s, FINDING) for s in findings]

    def button_at(self, pos: tuple[int, int]) -> Button | None:
        return next((b for b in self.buttons if b.enabled and b.contains(pos)), None)

    def step_at(self, pos: tuple[int, int], steps: int) -> int | None:
        """The position a click or drag on the timeline asks for (it is easy to hit: a band around it)."""
        band = self.timeline.inflate(16, max(16, self.timeline.height * 2))
        if not band.collidepoint(pos) or self.timeline.width <= 0:
            return None
        k = (pos[0] - self.timeline.left) / self.timeline.width
        return max(0, min(steps, round(k * steps)))

    def x_of(self, position: int, steps: int) -> int:
        return self.timeline.left + round(self.timeline.width * position / max(1, steps))

    def draw(self, surface: pygame.Surface, lay: Layout, position: int, steps: int, playing: bool) -> None:
        for b in self.buttons:
            key = "replay.pause" if b.action == Action.TOGGLE_FOCUS and playing else b.label_key
            b.draw(surface, t(key), lay.small_font)
        bar = self.timeline
        screen.bar(surface, bar, theme.FELT_DARK)
        done = bar.copy()
        done.width = max(bar.height, self.x_of(position, steps) - bar.left)
        screen.bar(surface, done, theme.GOLD)
        for step, colour in self.marks:
            x = self.x_of(step, steps)
            pygame.draw.line(surface, colour, (x, bar.top - 3), (x, bar.bottom + 2), max(2, bar.height // 4))
        knob = (self.x_of(position, steps), bar.centery)
        pygame.draw.circle(surface, theme.WHITE, knob, bar.height)
        label = fonts.text(t("replay.position", n=position, of=steps), lay.small_font, theme.CREAM, fonts.BOLD)
        surface.blit(label, label.get_rect(midleft=(bar.right + int(12 * lay.unit), bar.centery)))
