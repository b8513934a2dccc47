"""A stored lesson point is used only when it replays exactly through the lesson: anything else (moves that
are legal but not the lesson's, a pass the engine refuses, garbage, huge values) is dropped with a notice and
the lesson starts again — never a crash, never a lesson stuck on a move the engine refuses."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game import load_rules  # noqa: E402
from game.lessons import LessonRun, lesson  # noqa: E402
from tests.ui.learn.helpers import DT, play_lesson, until  # noqa: E402
from tests.ui.menus.helpers import click, item, press  # noqa: E402
from ui.intents import Action  # noqa: E402
from ui.learn.lesson_menu import LessonMenu  # noqa: E402
from ui.learn.lesson_scene import LessonScene  # noqa: E402
from ui.learn.progress import LessonProgress, load_progress, resume_run, save_progress  # noqa: E402

# Lesson 2 ("beating"): Say, Lan... seat 2 leads 5♦, you beat it, seat 1 Q♦, seat 2 K♠, then you are asked to pass.
GOOD = {"step": 5, "actions": [["play", 2, "5d"], ["play", 0, "7s"], ["play", 1, "Qd"], ["play", 2, "Ks"]]}
BROKEN = {
    # legal, but not the lesson's lead: the scripted moves after it are then illegal
    "legal_but_different": {"step": 2, "actions": [["play", 2, "6s"]]},
    # every move legal, but the player ends up leading where the lesson asks for a pass the engine refuses
    "pass_refused": {"step": 5, "actions": [["play", 2, "5d"], ["play", 0, "7s"], ["pass", 1], ["pass", 2]]},
    "cards_written_otherwise": {"step": 2, "actions": [["play", 2, "5D"]]},
    "not_the_players_move": {"step": 3, "actions": [["play", 2, "5d"], ["play", 1, "Qd"]]},
    "step_as_text": {"step": "3", "actions": []},
    "actions_not_lists": {"step": 2, "actions": ["play 2 5d"]},
    "action_of_numbers": {"step": 2, "actions": [[1, 2, 3]]},
    "action_none": {"step": 2, "actions": [None]},
    "cards_not_text": {"step": 3, "actions": [["play", 2, "5d"], ["play", 0, {"7s": 1}]]},
    "huge_step": {"step": 10**18, "actions": []},
    "huge_seat": {"step": 2, "actions": [["play", 10**30, "5d"]]},
    "huge_cards": {"step": 3, "actions": [["play", 2, "5d"], ["play", 0, "7s " * 5000]]},
    "too_many_actions": {"step": 2, "actions": [["play", 2, "5d"]] * 400},
}


@pytest.fixture
def rules():
    return load_rules("mien-nam")


def test_a_point_the_lesson_reaches_resumes_exactly(rules) -> None:
    run = LessonRun.resume(lesson("beating"), rules, GOOD)
    assert run.index == 5 and run.game.actions == GOOD["actions"] and run.game.current_player == 0
    assert run.pass_turn().ok  # the pass it asks for is one the engine takes


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_point_that_does_not_replay_exactly_is_dropped_with_a_notice(rules, name) -> None:
    progress = LessonProgress(open={"beating": BROKEN[name]})
    run, notice = resume_run(progress, lesson("beating"), rules)
    assert run.index == 0 and run.game.actions == []
    assert notice is not None and notice.key == "notice.lesson_restarted"
    assert "beating" not in progress.open


@pytest.mark.parametrize("name", ["legal_but_different", "pass_refused", "huge_cards", "action_of_numbers"])
def test_opening_a_lesson_from_a_crafted_file_tells_the_player_and_starts_it_again(make_app, paths, name) -> None:
    save_progress(paths, LessonProgress(["combos"], {"beating": BROKEN[name]}))
    app, _ = make_app("en")
    click(app, item(app.top, "learn"))
    click(app, item(app.top, "beating"))
    scene = app.stack[-2]
    assert isinstance(scene, LessonScene) and scene.run.index == 0
    assert "Beating and passing" in app.top.message()  # the notice, over the lesson
    press(app, Action.CONFIRM)
    assert app.top is scene
    assert "beating" not in load_progress(paths)[0].open  # the file forgets the point too
    for _ in range(60):
        app.step(DT)
    play_lesson(app, scene)  # the lesson plays on from its start, to its end
    press(app, Action.CONFIRM)
    assert isinstance(app.top, LessonMenu) and app.top.progress.is_done("beating")


def test_a_scripted_move_that_cannot_be_made_restarts_the_lesson_with_a_notice(make_app) -> None:
    app, _ = make_app("en")
    click(app, item(app.top, "learn"))
    click(app, item(app.top, "beating"))
    scene = app.top
    assert isinstance(scene, LessonScene)
    scene.run.game.play(scene.run.game.legal_moves(2)[-1], 2)  # seat 2 leads something the script does not
    scene.run.index = 1  # the script's own lead comes next, now illegal
    until(app, lambda: not isinstance(app.top, LessonScene))
    assert "Beating and passing" in app.top.message()
    assert scene.run.index == 0 and scene.run.game.actions == []  # back to the deal


def test_the_stored_file_is_never_read_back_with_a_huge_number_it_cannot_hold(paths) -> None:
    (paths.data / "lessons.json").write_text(json.dumps({"kind": "lessons", "format": 1, "done": [],
                                                         "open": {"beating": {"step": 10**40, "actions": []}}}))
    progress, notices = load_progress(paths)
    run, notice = resume_run(progress, lesson("beating"), load_rules("mien-nam"))
    assert run.index == 0 and notice is not None and notices == []
