from __future__ import annotations

from ui.intents import Action, Intent


def press(app, *actions: Action, frames: int = 1) -> None:
    for action in actions:
        app.dispatch(Intent(action))
        for _ in range(frames):
            app.step(1 / 30)


def click(app, item, arrow: int = 1) -> None:
    """A real mouse click on a menu item (its centre, or an option's ▶ arrow; ◀ with ``arrow=-1``)."""
    pos = item.arrow_rects()[0 if arrow < 0 else 1].center if item.is_option else item.rect.center
    click_at(app, pos)


def click_at(app, pos) -> None:
    """A real mouse click at ``pos``."""
    app.dispatch(Intent(Action.POINTER_DOWN, pos=pos))
    app.dispatch(Intent(Action.POINTER_UP, pos=pos))
    app.step(1 / 30)


def item(scene, name: str):
    return next(i for i in scene.items if i.name == name)


def screen_text(scene) -> str:
    return " | ".join(i.label() + (" = " + i.value_text() if i.is_option else "") for i in scene.items)
