"""Interactive first lessons on scripted deals: the steps, how a move is checked, and the lessons."""

from __future__ import annotations

from game.lessons.catalogue import LESSONS, lesson
from game.lessons.run import PLAYER, LessonRun
from game.lessons.steps import WANT_CODES, Ask, Goal, Lesson, Opponent, Say, Step, Verdict

__all__ = ["LESSONS", "PLAYER", "WANT_CODES", "Ask", "Goal", "Lesson", "LessonRun", "Opponent", "Say", "Step",
           "Verdict", "lesson"]
