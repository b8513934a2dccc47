"""The words of a lesson's panel: the lesson's title, the step's text with this game's figures in it, the
payments where the lesson shows them, and the feedback on the player's last move; and the table's header and
status line while a lesson is on it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.lessons import LESSONS, Ask, LessonRun, Say
from game.lessons.steps import SHOW, changes_game
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


def lesson_number(run: LessonRun) -> int:
    return LESSONS.index(run.lesson) + 1 if run.lesson in LESSONS else 0


def header(run: LessonRun) -> tuple[str, str]:
    """The table's header during a lesson: its number, then its title (in place of the variant and game)."""
    return t("learn.header", n=lesson_number(run)), t(run.lesson.title)


def status_key(run: LessonRun) -> str | None:
    """What the status line says once the lesson or its game is over: what Enter does there, not "next game"."""
    goal = run.goal
    if run.done:
        return "learn.over_finish"
    if run.game.is_over:
        return "learn.over_show" if goal is not None and goal.action == SHOW else "learn.over_continue"
    if not any(changes_game(s) for s in run.lesson.steps[run.index:]):
        return "learn.words_left"  # nobody moves again: not "waiting for Lan…"
    return None


def panel_lines(run: LessonRun, key: str, feedback: Sequence[Line], seat_name: Callable[[int], str]) -> list[Line]:
    """The panel's lines: title, words, the payments when the lesson shows them, then the feedback."""
    lesson = run.lesson
    number = lesson_number(run)
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
