"""Shared by the lesson and practice tests: opening lessons, following them, and waiting for the table."""

from __future__ import annotations

import time

from game.engine.combos import classify
from game.lessons import Ask, Opponent, Say
from game.lessons.steps import PASS, SHOW
from game.table.choice import MatchChoice
from tests.ui.menus.helpers import click, item, press
from ui.intents import Action, Intent
from ui.learn.lesson_menu import LessonMenu
from ui.learn.lesson_scene import LessonScene
from ui.learn.practice_scene import PracticeScene, open_practice
from ui.table.scene import TableScene

DT = 1 / 30  # one frame


def until(app, cond, frames: int = 3000, grace: float = 60.0) -> None:
    """Step ``app`` a frame at a time until ``cond()`` holds (at most ``frames`` frames). Work done off the UI
    thread (a hint's search) needs real time, not frames: on a busy machine the frames may run out first, so
    stepping goes on, a frame every 10 ms, for up to ``grace`` seconds more before the wait fails."""
    for _ in range(frames):
        if cond():
            return
        app.step(DT)
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline:
        if cond():
            return
        app.step(DT)
        time.sleep(0.01)
    raise AssertionError("condition not reached")


def open_lessons(app) -> LessonMenu:
    """Click Learn on the main menu."""
    click(app, item(app.top, "learn"))
    assert isinstance(app.top, LessonMenu)
    return app.top


def open_lesson(app, lesson_id: str) -> LessonScene:
    """Click lesson ``lesson_id`` in the lesson list (opened first if need be)."""
    menu = app.top if isinstance(app.top, LessonMenu) else open_lessons(app)
    click(app, item(menu, lesson_id))
    scene = app.top
    assert isinstance(scene, LessonScene) and isinstance(app.stack[-2], TableScene)
    return scene


def to_first_move(app, scene: LessonScene) -> None:
    """Read on until the lesson asks for a move."""
    while True:
        until(app, lambda: ready(scene))
        if isinstance(scene.run.step, Ask):
            return
        press(app, Action.CONFIRM)


def ready(scene: LessonScene) -> bool:
    """The lesson waits for the player (words to read or a move to make) and nothing is moving."""
    return not scene.table.busy and not isinstance(scene.run.step, Opponent)


def the_answer(scene: LessonScene) -> list:
    """The cards that answer the lesson's question."""
    goal = scene.run.goal
    if goal.action == SHOW:
        hand = scene.table.model.hand.cards
        by_rank: dict[int, list] = {}
        for c in hand:
            by_rank.setdefault(c.rank, []).append(c)
        return [c for cs in by_rank.values() if len(cs) >= 2 for c in cs[:2]]
    if goal.cards:
        return list(goal.card_list)
    moves = [m for m in scene.run.game.legal_moves(0) if goal.kind is None or classify(m).kind == goal.kind]
    return list(moves[0])


def play_lesson(app, scene: LessonScene) -> None:
    """Follow the lesson to its end: read on, and make the asked move with the table's own buttons."""
    while not scene.run.done:
        until(app, lambda: ready(scene))
        step = scene.run.step
        if isinstance(step, Say):
            press(app, Action.CONFIRM)
        elif isinstance(step, Ask) and step.goal.action == PASS:
            pos = scene.table.controls.button(Action.PASS).rect.center
            app.dispatch(Intent(Action.POINTER_DOWN, pos=pos))
            app.dispatch(Intent(Action.POINTER_UP, pos=pos))
        else:
            scene.table.model.hand.select_only(the_answer(scene))
            press(app, Action.PLAY)
        app.step(DT)


def my_turn(scene: PracticeScene) -> bool:
    """The practice table waits for the player."""
    return scene.table.human_turn()


def seeded_practice(app, profile, seed: int = 3) -> PracticeScene:
    """A practice match of a fixed deal, at the player's first turn with a move to make (passing till then)."""
    open_practice(app, profile, MatchChoice(variant="mien-nam"), seed=seed)
    scene = app.top
    assert isinstance(scene, PracticeScene)
    while True:
        until(app, lambda: my_turn(scene))
        if scene.table.session.game.legal_moves(0):
            return scene
        press(app, Action.PASS)
