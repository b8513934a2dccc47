"""Sitting the player down at a lesson: its table (the lesson, not the computer, plays the opponents), resumed
where it was left or from its first step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.match import Match
from game.lessons import Lesson
from game.rules import Rules
from ui.learn.lesson_scene import LessonScene
from ui.learn.progress import Keeper, resume_run

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host

NAMES = ("", "Lan", "Minh", "Tuấn")


def open_lesson(app: Host, profile: Profile, lesson: Lesson, rules: Rules, menu: Keeper) -> LessonScene:
    """Sit the player at ``lesson``: resumed where it was left, or from its first step."""
    from game.table.choice import Difficulty, MatchChoice
    from game.table.session import Session
    from ui.table.scene import TableScene

    run, notice = resume_run(menu.progress, lesson, rules)
    if notice is not None:  # the point was dropped: the lesson starts again, and the file forgets it too
        app.notices.post(notice)
        menu.save(menu.progress)
    players = len(lesson.hands)
    match = Match(rules, players, 0)
    match.current = run.game
    levels: tuple[Difficulty, ...] = tuple("easy" for _ in range(players - 1))  # unused: the lesson plays them
    choice = MatchChoice(variant=rules.id, opponents=levels)
    session = Session(choice, match, names=NAMES[:players])  # no listeners: a lesson is never saved or counted
    session.bots = {}  # the lesson plays the opponents
    table = TableScene(app, session)
    table.auto_pass_allowed = False  # the lesson judges every move, a pass too
    app.push(table)
    scene = LessonScene(app, table, run, menu)
    app.push(scene)
    return scene
