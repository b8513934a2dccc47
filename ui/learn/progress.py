"""Which lessons are done and where each unfinished one was left: ``lessons.json`` in the data folder.

Format 1: ``{"kind": "lessons", "format": 1, "done": [ids], "open": {id: {"step": n, "actions": [...]}}}``.
Written atomically; a file that cannot be used is set aside (``ui.persist.files``) and the player starts
with no lessons done, told so by the returned notice. A resume point is checked when its lesson is opened, by
replaying it through the lesson (``resume_run``): one that does not replay exactly is dropped with a notice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.lessons import Lesson, LessonRun
from game.rules import Rules
from ui.i18n import t
from ui.persist.files import FileProblem, Migration, Notice, read_versioned, write_versioned
from ui.persist.paths import Paths

KIND = "lessons"
FORMAT = 1
MIGRATIONS: dict[int, Migration] = {}


def progress_file(paths: Paths) -> Path:
    return paths.data / "lessons.json"


class Keeper(Protocol):
    """Who holds the progress while a lesson is played (the lesson menu): the lesson reads it and hands back
    what changed, to be stored."""

    progress: LessonProgress

    def save(self, progress: LessonProgress) -> None: ...


@dataclass
class LessonProgress:
    """Lessons finished (in the order they were finished) and the resume point of each one left open."""

    done: list[str] = field(default_factory=list)
    open: dict[str, dict[str, Any]] = field(default_factory=dict)

    def is_done(self, lesson_id: str) -> bool:
        return lesson_id in self.done

    def mark_done(self, lesson_id: str) -> None:
        if lesson_id not in self.done:
            self.done.append(lesson_id)
        self.open.pop(lesson_id, None)

    def keep(self, lesson_id: str, point: dict[str, Any]) -> None:
        """Remember where an unfinished lesson was left (``LessonRun.progress()``)."""
        self.open[lesson_id] = {"step": int(point["step"]), "actions": [list(a) for a in point["actions"]]}

    def forget(self, lesson_id: str) -> None:
        self.open.pop(lesson_id, None)


def _validate(data: dict[str, Any]) -> LessonProgress:
    done = data.get("done", [])
    if not isinstance(done, list) or not all(isinstance(x, str) for x in done):
        raise FileProblem("'done' should be a list of lesson names")
    opened = data.get("open", {})
    if not isinstance(opened, dict):
        raise FileProblem("'open' should be an object")
    points: dict[str, dict[str, Any]] = {}
    for key, point in opened.items():
        if not isinstance(point, dict) or not isinstance(point.get("actions"), list):
            raise FileProblem(f"open.{key}: expected a step and a list of actions")
        step = point.get("step")
        if isinstance(step, bool) or not isinstance(step, int) or step < 0:
            raise FileProblem(f"open.{key}.step: expected a step number, found {step!r}")
        points[str(key)] = {"step": step, "actions": point["actions"]}
    return LessonProgress(list(dict.fromkeys(done)), points)


def load_progress(paths: Paths) -> tuple[LessonProgress, list[Notice]]:
    """The stored progress (empty when there is none); a broken file is set aside with a notice."""
    loaded = read_versioned(progress_file(paths), KIND, FORMAT, MIGRATIONS, _validate)
    notices = [loaded.notice] if loaded.notice else []
    return loaded.value or LessonProgress(), notices


def save_progress(paths: Paths, progress: LessonProgress) -> None:
    write_versioned(progress_file(paths), KIND, FORMAT, {"done": progress.done, "open": progress.open})


def resume_run(progress: LessonProgress, lesson: Lesson, rules: Rules) -> tuple[LessonRun, Notice | None]:
    """``lesson`` where it was left, or from its first step. A stored point the lesson does not reach again
    exactly (a changed lesson, an edited file) is dropped, and the returned notice says the lesson starts again."""
    point = progress.open.get(lesson.id)
    if point is None:
        return LessonRun(lesson, rules), None
    try:
        return LessonRun.resume(lesson, rules, point), None
    except ValueError as exc:
        progress.forget(lesson.id)
        return LessonRun(lesson, rules), lesson_restarted(lesson, str(exc))


def lesson_restarted(lesson: Lesson, why: str) -> Notice:
    return Notice("notice.lesson_restarted", {"lesson": t(lesson.title), "error": why})
