"""A scene on the app's stack: the table, the results, a menu, a settings overlay."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.intents import Intent

if TYPE_CHECKING:
    from ui.app import App


class Scene:
    """Base scene. ``opaque`` scenes hide those beneath; ``modal`` scenes keep unhandled intents to themselves."""

    opaque = True
    modal = True

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered by a pop)."""

    def leave(self) -> None:
        """Called when the scene stops being the top (popped, replaced or covered)."""

    def handle(self, intent: Intent) -> bool:
        """React to an intent; return True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene on ``surface``."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def animating(self) -> bool:
        """True while something moves, so the app keeps drawing at full rate."""
        return False
