"""Every way of making a move goes through the lesson's check: the Play button after clicks, Enter, a
double-click, Shift+H and a drag-selection (a pass: the Pass button, P or Shift+H), each as real events through
the app. Each way leads a lesson exactly where the Play button does; a wrong move is refused whichever way."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.engine.cards import parse_cards  # noqa: E402
from game.lessons import LESSONS, Ask, Say  # noqa: E402
from game.lessons.steps import PASS, SHOW  # noqa: E402
from tests.ui.learn.helpers import DT, open_lesson, ready, the_answer, to_first_move, until  # noqa: E402
from tests.ui.learn.ways import WAYS, double_click, pass_by, play_by  # noqa: E402
from tests.ui.menus.helpers import press  # noqa: E402
from ui.i18n import t  # noqa: E402
from ui.intents import Action  # noqa: E402
from ui.learn.lesson_menu import LessonMenu  # noqa: E402


def follow(app, scene, way: str) -> list[tuple[int, list, str]]:
    """Play the lesson to its end, every asked move made by ``way``; what each asked step led to: the step
    reached, the game's actions, and the panel's feedback."""
    seen = []
    while not scene.run.done:
        until(app, lambda: ready(scene))
        step = scene.run.step
        if isinstance(step, Say):
            press(app, Action.CONFIRM)
            continue
        assert isinstance(step, Ask)
        at = scene.run.index
        if step.goal.action == SHOW:
            scene.table.model.hand.select_only(the_answer(scene))
            press(app, Action.PLAY)
        elif step.goal.action == PASS:
            pass_by(app, scene.table, way)
        else:
            play_by(app, scene.table, way, the_answer(scene))
        assert scene.run.index == at + 1, f"{way}: step {at} of {scene.run.lesson.id} did not advance"
        seen.append((at, [list(a) for a in scene.run.game.actions], scene.feedback[0].text if scene.feedback else ""))
        app.step(DT)
    return seen


@pytest.mark.parametrize("lesson", [x.id for x in LESSONS])
def test_every_way_of_moving_leads_each_lesson_where_the_play_button_does(make_app, lesson) -> None:
    app, _ = make_app("en")
    app.settings.animation_speed = 4.0
    app.settings.opponent_speed = 8.0
    results = {}
    for way in WAYS:
        scene = open_lesson(app, lesson)
        results[way] = follow(app, scene, way)
        assert all(feedback in ("", t("learn.well_done")) for _, _, feedback in results[way])  # new words or praise
        press(app, Action.CONFIRM)  # Finish
        assert isinstance(app.top, LessonMenu)
    reference = results["click_play"]
    assert reference, f"lesson {lesson} asks for no move"
    for way in WAYS:
        assert results[way] == reference, way


def to_step_asking(app, scene, text: str) -> None:
    """Read and play on until the lesson's step is the one that says ``text``."""
    to_first_move(app, scene)
    while not (isinstance(scene.run.step, Ask) and scene.run.step.text == text):
        step = scene.run.step
        if isinstance(step, Ask) and step.goal.action == PASS:
            press(app, Action.PASS)
        elif isinstance(step, Ask):
            scene.table.model.hand.select_only(the_answer(scene))
            press(app, Action.PLAY)
        else:
            press(app, Action.CONFIRM)
        until(app, lambda: ready(scene))


@pytest.mark.parametrize(("lesson", "step", "cards"), [("twos", "play_two", "2s"), ("beating", "lead", None)])
def test_a_double_click_on_the_card_the_lesson_asks_for_is_well_done_and_the_lesson_goes_on(make_app, lesson, step,
                                                                                          cards) -> None:
    """Lesson 3's "play 2♠" (and lesson 2's lead, any card): a double-click is judged and praised."""
    app, _ = make_app("en")
    scene = open_lesson(app, lesson)
    to_step_asking(app, scene, f"lesson.{lesson}.{step}")
    at = scene.run.index
    double_click(app, scene.table, parse_cards(cards) if cards else scene.table.model.hand.cards[:1])
    assert scene.run.index == at + 1
    assert [x.text for x in scene.feedback] in ([t("learn.well_done")], [])  # praised, or the next words say so
    until(app, lambda: ready(scene))  # the lesson goes on: the table does not wait for ever
    assert isinstance(scene.run.step, (Say, Ask)) and not scene.table.busy


def test_a_wrong_card_double_clicked_is_refused_by_the_lesson_and_the_table_is_unchanged(make_app) -> None:
    app, _ = make_app("en")
    scene = open_lesson(app, "twos")
    to_step_asking(app, scene, "lesson.twos.play_two")
    at, actions = scene.run.index, list(scene.run.game.actions)
    hand = list(scene.table.model.hand.cards)
    wrong = next(c for c in hand if c != parse_cards("2s")[0])  # too low to beat K♦
    double_click(app, scene.table, [wrong])
    for _ in range(10):
        app.step(DT)
    assert scene.run.index == at and scene.run.game.actions == actions
    assert scene.table.model.hand.cards == hand and not scene.table.busy
    assert scene.feedback and scene.feedback[0].text != t("learn.well_done")  # the lesson says why
