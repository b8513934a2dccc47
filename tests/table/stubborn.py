"""A chooser for tests that thinks until it is told to stop: only a dropped job ends it early (importable by the
worker process, which unpickles it by this module's name)."""

from __future__ import annotations

import time
from collections.abc import Callable

from game.engine.view import SeatView

THINKS_FOR = 60.0  # seconds, unless stopped: far longer than any test waits


class Stubborn:
    stoppable = True

    def __init__(self) -> None:
        self.report: dict[str, int] | None = None

    def choose(self, view: SeatView, stop: Callable[[], bool] | None = None) -> object:
        end = time.monotonic() + THINKS_FOR
        while time.monotonic() < end:
            if stop is not None and stop():
                return None
            time.sleep(0.005)
        self.report = {"deals": 0}
        return view.legal_moves[0] if view.legal_moves else None


class Quick:
    """Answers at once with the lowest move, and says so in its report."""

    def __init__(self) -> None:
        self.report: dict[str, int] | None = None

    def choose(self, view: SeatView) -> object:
        self.report = {"deals": 7}
        return view.legal_moves[0] if view.legal_moves else None
