"""Opening the replay and the review of a finished game, from the results panel or from Recent games."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ui.replay.shown import ShownGame

if TYPE_CHECKING:
    from ui.scene import Host


def open_replay(app: Host, shown: ShownGame, start: int | None = None, findings: Sequence[int] = ()) -> None:
    """The replay of ``shown``: dealt from the start, or at rest just before step ``start``."""
    from ui.replay.scene import ReplayScene

    app.push(ReplayScene(app, shown, start, findings))


def open_review(app: Host, shown: ShownGame) -> None:
    """The coach's review of ``shown``; each finding opens the replay at its moment."""
    from ui.replay.review_scene import ReviewScene

    app.push(ReviewScene(app, shown, lambda step, marks: open_replay(app, shown, step, marks)))
