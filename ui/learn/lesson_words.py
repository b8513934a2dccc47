"""The words of a lesson's panel: the lesson's title, the step's text with this game's figures in it, the
payments where the lesson shows them, and the feedback on the player's last move."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.lessons import LESSONS, Ask, LessonRun, Say
from ui import theme
from ui.i18n import language, t
from ui.learn.panel import Line
from ui.learn.words import payment_lines
from ui.table.words import amount


def text_key(run: LessonRun) -> str:
    """The words on show: the current step's, or (while an opponent moves) the last ones shown."""
    steps = run.lesson.steps
    for i in range(min(run.index, len(steps) - 1), -1, -1):
        step = steps[i]
        if isinstance(step, (Say, Ask)):
            return step.text
    return run.lesson.title


def panel_lines(run: LessonRun, key: str, feedback: Sequence[Line], seat_name: Callable[[int], str]) -> list[Line]:
    """The panel's lines: title, words, the payments when the lesson shows them, then the feedback."""
    lesson = run.lesson
    number = LESSONS.index(lesson) + 1 if lesson in LESSONS else 0
    out = [Line(f"{number}. {t(lesson.title)}", theme.GOLD, bold=True), Line(words(run, key), theme.WHITE)]
    last = lesson.steps[-1]
    shows_result = isinstance(last, Say) and last.result
    step = run.step
    result = run.game.result
    if result is not None and ((isinstance(step, Say) and step.result) or (run.done and shows_result)):
        out += [Line(x, theme.CREAM) for x in payment_lines(result, run.rules, seat_name)]
    return out + list(feedback)


def words(run: LessonRun, key: str) -> str:
    """The text of ``key`` with the lesson game's variant name, chop price and winnings filled in."""
    facts = run.facts()
    rules = run.rules
    return t(key, variant=rules.name.get(language()) or rules.id, chop=amount(facts["chop"]),
             won=amount(facts["won"]))  # fmt: skip
