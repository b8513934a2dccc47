"""A lesson judges every move itself: the table's auto-pass never moves for the player, and Shift+H plays the
lesson's own hint through the lesson's check."""

from __future__ import annotations

import pygame

from game.lessons import LESSONS, Ask
from game.lessons.steps import PASS
from tests.ui.learn.helpers import open_lesson, play_lesson, ready, the_answer, to_first_move, until
from tests.ui.menus.helpers import press
from ui.i18n import t
from ui.intents import Action
from ui.learn.lesson_menu import LessonMenu


def test_every_lesson_completes_with_auto_pass_on(make_app) -> None:
    app, _ = make_app("en")
    app.settings.auto_pass = True
    for lesson in LESSONS:
        scene = open_lesson(app, lesson.id)
        play_lesson(app, scene)
        press(app, Action.CONFIRM)
        assert isinstance(app.top, LessonMenu)


def test_a_lesson_asking_for_a_pass_waits_for_the_player_with_auto_pass_on(make_app) -> None:
    asking = [lesson for lesson in LESSONS if any(isinstance(s, Ask) and s.goal.action == PASS for s in lesson.steps)]
    assert asking, "no lesson asks for a pass: the case this test guards is gone"
    app, _ = make_app("en")
    app.settings.auto_pass = True
    scene = open_lesson(app, asking[0].id)
    while True:
        assert not scene.run.done, "the lesson ended without asking for its pass"
        until(app, lambda: ready(scene))
        step = scene.run.step
        if isinstance(step, Ask) and step.goal.action == PASS:
            break
        play_lesson_step(app, scene)
    moves = len(scene.run.game.history)
    for _ in range(200):
        app.step(1 / 30)
    assert len(scene.run.game.history) == moves and scene.run.step is step


def play_lesson_step(app, scene) -> None:
    step = scene.run.step
    if isinstance(step, Ask):
        scene.table.model.hand.select_only(the_answer(scene))
        press(app, Action.PLAY)
    else:
        press(app, Action.CONFIRM)
    app.step(1 / 30)


def test_shift_h_in_a_lesson_plays_the_lessons_own_move_judged_by_the_lesson(make_app) -> None:
    app, _ = make_app("en")
    scene = open_lesson(app, "beating")
    to_first_move(app, scene)
    at, moves = scene.run.index, len(scene.run.game.history)
    app.step(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=pygame.KMOD_LSHIFT, unicode="H",
                                         scancode=0)])
    assert scene.run.index == at + 1 and len(scene.run.game.history) == moves + 1
    assert [x.text for x in scene.feedback] == [t("learn.well_done")]
