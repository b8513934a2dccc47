"""Time-based tweens: data plus a pure easing function (after python-arcade's easing module)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def in_cubic(t: float) -> float:
    return t * t * t


def _lerp(a: Any, b: Any, k: float) -> Any:
    if isinstance(a, (tuple, list)):
        return tuple(x + (y - x) * k for x, y in zip(a, b, strict=False))
    return a + (b - a) * k


@dataclass
class Tween:
    """Move ``target.attr`` to ``to`` over ``seconds`` after ``delay``; ``start`` is read when it begins."""

    target: Any
    attr: str
    to: Any
    seconds: float = 0.25
    ease: Ease = out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    start: Any = None
    elapsed: float = 0.0
    done: bool = field(default=False, init=False)
    _started: bool = field(default=False, init=False)

    def step(self, dt: float) -> None:
        if self.done:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0.0
        if not self._started:
            self._started = True
            if self.start is None:
                self.start = getattr(self.target, self.attr)
        self.elapsed += dt
        k = 1.0 if self.seconds <= 0 else min(1.0, self.elapsed / self.seconds)
        setattr(self.target, self.attr, _lerp(self.start, self.to, self.ease(k)))
        if k >= 1.0:
            self.finish()

    def finish(self) -> None:
        """Jump to the end and run ``on_done`` once."""
        if self.done:
            return
        setattr(self.target, self.attr, self.to)
        self.done = True
        if self.on_done:
            self.on_done()


class Tweener:
    """Runs tweens; a new tween on the same target and attribute replaces the old one."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []
        self.pace = 1.0  # the animation-speed setting

    def add(self, tween: Tween) -> Tween:
        self.tweens = [t for t in self.tweens if not (t.target is tween.target and t.attr == tween.attr)]
        self.tweens.append(tween)
        return tween

    def to(self, target: Any, attr: str, value: Any, seconds: float = 0.25, ease: Ease = out_cubic,
           delay: float = 0.0, on_done: Callable[[], None] | None = None) -> Tween:
        return self.add(Tween(target, attr, value, seconds, ease, delay, on_done))

    def update(self, dt: float) -> None:
        step = dt * self.pace
        for tween in list(self.tweens):
            tween.step(step)
        self.tweens = [t for t in self.tweens if not t.done]

    def finish_all(self) -> None:
        """Complete every tween now (used on resize, so nothing lands at a stale position)."""
        while self.tweens:
            pending, self.tweens = self.tweens, []
            for tween in pending:
                tween.finish()

    def cancel(self, targets: Sequence[Any]) -> None:
        ids = {id(t) for t in targets}
        self.tweens = [t for t in self.tweens if id(t.target) not in ids]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)


class Timers:
    """Calls to make later, in animation seconds (paced like the tweens)."""

    def __init__(self) -> None:
        self._pending: list[tuple[float, Callable[[], None]]] = []

    def later(self, seconds: float, fn: Callable[[], None]) -> None:
        self._pending.append((seconds, fn))

    def update(self, dt: float) -> None:
        due = [fn for left, fn in self._pending if left - dt <= 0]
        self._pending = [(left - dt, fn) for left, fn in self._pending if left - dt > 0]
        for fn in due:
            fn()

    def clear(self) -> None:
        self._pending.clear()

    @property
    def busy(self) -> bool:
        return bool(self._pending)
