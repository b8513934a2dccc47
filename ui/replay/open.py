"""Opening the replay and the review of a finished game, from the results panel or from Recent games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.replay.shown import ShownGame

if TYPE_CHECKING:
    from ui.app import App


def open_review(app: App, shown: ShownGame) -> None:
    """The coach's review of ``shown``; its findings open the replay at their moment."""
    from ui.replay.review_scene import ReviewScene

    app.push(ReviewScene(app, shown, replay_opener(app, shown)))


def replay_opener(app: App, shown: ShownGame):  # type: ignore[no-untyped-def]  # noqa: ANN201
    """A function that opens the replay of ``shown`` just before a given step, or None without a replay viewer."""
    return None
