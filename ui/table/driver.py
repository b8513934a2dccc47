"""The pace of a shown game: the one turn driver of the table and the replay.

A move's events wait in a queue and are shown one after another through the ``Choreographer`` (the model
follows, the tweens start), each after the wait the one before asked for. A game shown from its deal first
flies the cards out; its opening events (an instant win, cóng) come after the deal has landed. While anything
is queued, waited for or dealt, the driver is ``busy``: the table holds input that would change the game and
keeps its opponents waiting, the replay does not step on by itself. Waits run at the animation speed.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from game.engine.events import Event
from ui.table.choreo import Choreographer
from ui.table.model import TableModel


class EventDriver:
    """Shows queued events at their pace on the choreographer's stage. ``shown()`` is told each time the table
    changed under it (the deal landed, an event began to show), for whatever must follow (the controls)."""

    def __init__(self, choreo: Choreographer, shown: Callable[[], None] = lambda: None) -> None:
        self.choreo, self.stage, self.shown = choreo, choreo.stage, shown
        self.queue: deque[Event] = deque()
        self.wait = 0.0  # seconds, at pace 1, before the next event may be shown
        self.dealing = False

    @property
    def busy(self) -> bool:
        """True while a game's events are still being shown (the deal included)."""
        return self.wait > 0 or bool(self.queue) or self.dealing

    @property
    def moving(self) -> bool:
        """Busy, or something still moves on the table (tweens, timed effects, sprites): keep drawing."""
        st = self.stage
        return self.busy or st.tweener.busy or st.sprites.moving or st.timers.busy

    # -- what is shown ---------------------------------------------------------------------------------
    def clear(self) -> None:
        """Drop everything in flight: the queue, the wait, the deal, the tweens, timers and sprites."""
        self.queue.clear()
        self.wait, self.dealing = 0.0, False
        self.stage.tweener.tweens.clear()
        self.stage.timers.clear()
        self.stage.sprites.clear()

    def settle(self, model: TableModel) -> None:
        """Show ``model`` at once, every card at rest (a resumed game, a replay's jump)."""
        self.clear()
        self.stage.model = model
        self.stage.sprites.settle(model, self.stage.layout)

    def deal(self, model: TableModel, opening: Iterable[Event]) -> None:
        """Show a new game from its deal (``model`` as dealt), then its ``opening`` events."""
        self.clear()
        self.stage.model = model
        self.dealing = True
        self.wait = self.choreo.deal()
        self.queue.extend(opening)

    def submit(self, events: Iterable[Event]) -> None:
        """A move was made: its events are shown after whatever is still queued."""
        self.queue.extend(events)

    def hold(self, seconds: float) -> None:
        """Show nothing more for ``seconds`` and forget what was queued (a replay's step animated backwards)."""
        self.queue.clear()
        self.dealing = False
        self.wait = seconds

    # -- each frame ------------------------------------------------------------------------------------
    def update(self, dt: float, pace: float) -> bool:
        """Move everything on by ``dt`` seconds at ``pace``, then land the deal or show the next event once the
        wait is over. True when nothing is left to show: the game may move on."""
        st = self.stage
        st.tweener.pace = pace
        st.tweener.update(dt)
        st.timers.update(dt * pace)
        st.sprites.update(dt * pace)
        st.sprites.shake = max(0.0, st.sprites.shake - dt)
        if self.wait > 0:
            self.wait -= dt * pace
            if self.wait > 0:
                return False
        if self.dealing:
            self.dealing = False
            self.choreo.end_deal()
            self.shown()
        if self.queue:
            self.wait = self.choreo.show(self.queue.popleft())
            self.shown()
            return False
        return True
