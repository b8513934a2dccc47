"""Lesson progress on disk: done marks and resume points survive a restart; a broken file is set aside."""

from __future__ import annotations

import json

import pytest

from game import load_rules
from game.lessons import Ask, LessonRun, lesson
from ui.learn.progress import LessonProgress, load_progress, progress_file, save_progress
from ui.persist.paths import Paths


@pytest.fixture
def paths(tmp_path) -> Paths:
    p = Paths.under(tmp_path)
    p.ensure()
    return p


def test_no_file_means_no_lesson_done_and_no_notice(paths: Paths) -> None:
    progress, notices = load_progress(paths)
    assert progress == LessonProgress() and notices == []


def test_a_lesson_left_half_way_resumes_after_a_restart(paths: Paths) -> None:
    les, rules = lesson("beating"), load_rules("mien-nam")
    run = LessonRun(les, rules)
    for _ in range(3):
        run.advance() if not isinstance(run.step, Ask) else run.play(run.game.legal_moves(0)[-1])
    progress = LessonProgress()
    progress.keep(les.id, run.progress())
    progress.mark_done("combos")
    save_progress(paths, progress)
    again, notices = load_progress(paths)
    assert notices == [] and again.is_done("combos") and not again.is_done("beating")
    back = LessonRun.resume(les, rules, again.open["beating"])
    assert back.index == run.index and back.game.to_dict() == run.game.to_dict()


def test_finishing_a_lesson_marks_it_done_and_forgets_its_resume_point(paths: Paths) -> None:
    progress = LessonProgress()
    progress.keep("twos", {"step": 2, "actions": [["play", 1, "Kd"]]})
    progress.mark_done("twos")
    progress.mark_done("twos")
    save_progress(paths, progress)
    again, _ = load_progress(paths)
    assert again.done == ["twos"] and again.open == {}


def test_the_file_is_versioned(paths: Paths) -> None:
    save_progress(paths, LessonProgress(["combos"]))
    data = json.loads(progress_file(paths).read_text(encoding="utf-8"))
    assert data["kind"] == "lessons" and data["format"] == 1 and data["done"] == ["combos"]


@pytest.mark.parametrize("text", ["{not json", '{"kind": "lessons", "format": 1, "done": "combos"}',
                                  '{"kind": "lessons", "format": 1, "open": {"x": {"step": -1, "actions": []}}}',
                                  '{"kind": "lessons", "format": 7}', "[]"])
def test_a_broken_file_is_set_aside_with_a_notice_and_nothing_is_done(paths: Paths, text: str) -> None:
    progress_file(paths).write_text(text, encoding="utf-8")
    progress, notices = load_progress(paths)
    assert progress == LessonProgress()
    assert [n.key for n in notices] == ["notice.file_set_aside"]
    kept = list(paths.data.glob("lessons.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == text
    assert not progress_file(paths).exists()
