from __future__ import annotations

import time

from game.table.choice import MatchChoice
from ui.intents import Action, Intent
from ui.table.keeper import open_table


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


def sit_at_table(app, profile, variant="mien-nam", opponents=("easy",), bet=1, seed=5):
    """A new match at the table (quick animations and opponents), opened as New match would."""
    app.settings.animation_speed = 4.0
    app.settings.opponent_speed = 8.0
    choice = MatchChoice(variant, opponents, bet)
    table = open_table(app, profile, choice, profile.new_match(choice, seed=seed))
    return table


def run_table(app, table, until, frames=4000, seconds=120.0):
    """Step the table until ``until()``; frames spent only waiting for a bot's worker are not counted,
    so a slow, busy machine gets the wall-clock time the bot needs (up to ``seconds``)."""
    end = time.monotonic() + seconds
    while frames > 0 and time.monotonic() < end:
        if until():
            return
        if table.human_turn():
            g = table.session.game
            legal = g.legal_moves(0)
            table.submit(table.session.play(legal[0], 0) if legal else table.session.pass_turn(0))
        if table.thinking is not None and not table.runner.done and table.think_left <= 0:
            time.sleep(0.005)  # only the worker can move the game on
        else:
            frames -= 1
        app.step(0.1)
    raise AssertionError("the table did not get there")
