"""Headless UI tests: the real scenes, driven through intents and synthetic pygame events."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import time  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game import load_rules  # noqa: E402
from game.engine.match import Match  # noqa: E402
from game.table.choice import MatchChoice  # noqa: E402
from ui.app import App  # noqa: E402
from ui.settings_model import Settings  # noqa: E402
from ui.table.keeper import open_table  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

DT = 1 / 30


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def table(self) -> TableScene:
        scene = self.app.stack[0]
        assert isinstance(scene, TableScene)
        return scene

    def step(self, frames: int = 1, events: list[pygame.event.Event] | None = None) -> None:
        for i in range(frames):
            self.app.step(DT, events if (events and i == 0) else [])

    def until(self, cond: Callable[[], bool], frames: int = 6000) -> None:
        for _ in range(frames):
            if cond():
                return
            self.app.step(DT, [])
        raise AssertionError("condition not reached")

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.app.step(DT, [down, up])

    def key(self, key: int, mod: int = 0) -> None:
        self.app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0)])

    def wait_hint(self) -> None:
        """Frames until the hint asked for (H, Shift+H) has been thought out and shown or played."""
        wait_hint(self.app, self.table)

    def hint(self, play: bool = False) -> None:
        """H (Shift+H with ``play``), and frames until the hint is shown (or played)."""
        self.key(pygame.K_h, pygame.KMOD_LSHIFT if play else 0)
        self.wait_hint()


def wait_hint(app: App, table: TableScene) -> None:
    """Step ``app`` until ``table``'s hint is no longer being thought out (it thinks on a thread here)."""
    give_up = time.monotonic() + 120  # a guard against a hint that never comes, not a speed figure
    while table.actions.hint_thinking:
        assert time.monotonic() < give_up, "the hint never came"
        time.sleep(0.002)
        app.step(DT, [])


def make_driver(seed: int = 5, opponents: int = 3, demo: bool = False, variant: str | None = None) -> Driver:
    settings = Settings(animation_speed=4.0, opponent_speed=8.0, muted=True)
    app = App(settings)
    choice = MatchChoice(variant or "", ("normal",) * opponents)
    open_table(app, None, choice, Match(load_rules(variant), choice.players, seed), demo=demo)
    return Driver(app)


@pytest.fixture
def driver() -> Iterator[Driver]:
    yield make_driver()
    pygame.display.quit()


@pytest.fixture
def my_turn(driver: Driver) -> Driver:
    """A table where it is the human's turn and the deal animation has finished."""
    driver.until(lambda: driver.table.human_turn())
    return driver
