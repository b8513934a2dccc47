"""What a lesson shows answers what is on screen now: a refusal goes when the selection or the turn it answered
changes; at a lesson's end the header names the lesson, the status line says what Enter does there, and the
"You win!" banner hides the cards it lies over."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.lessons import LESSONS, Ask, Say  # noqa: E402
from game.lessons.steps import PASS  # noqa: E402
from tests.ui.learn.helpers import DT, open_lesson, ready, the_answer, to_first_move, until  # noqa: E402
from tests.ui.menus.helpers import press  # noqa: E402
from ui.i18n import set_language, t  # noqa: E402
from ui.intents import Action  # noqa: E402
from ui.learn.lesson_menu import LessonMenu  # noqa: E402
from ui.table import scene as table_scene  # noqa: E402
from ui.table.effects import Banner  # noqa: E402


def texts(scene) -> list[str]:
    return [x.text for x in scene.feedback]


def test_a_refusal_stays_while_its_selection_does_and_goes_when_the_selection_changes(make_app) -> None:
    app, _ = make_app("en")
    scene = open_lesson(app, "combos")
    to_first_move(app, scene)
    hand = scene.table.model.hand
    odd = [c for c in hand.cards if sum(x.rank == c.rank for x in hand.cards) == 1][:2]
    hand.select_only(odd)
    scene.table.changed()
    press(app, Action.PLAY)
    assert texts(scene) and texts(scene)[0] == t("reason.no_combo")
    for _ in range(5):
        app.step(DT)
    assert texts(scene)[0] == t("reason.no_combo")  # the same selection: the answer still holds
    hand.select_only(the_answer(scene))
    scene.table.changed()
    app.step(DT)
    assert texts(scene) == []  # no longer "these cards form no combination" under "Ready: …"
    assert scene.table.controls.status[0].startswith(t("table.ready", combo="")[:5])


def test_passing_is_allowed_goes_once_a_card_is_picked_and_never_outlives_the_play(make_app) -> None:
    app, _ = make_app("en")
    scene = open_lesson(app, "beating")
    to_first_move(app, scene)
    assert isinstance(scene.run.step, Ask) and scene.run.step.goal.action != PASS
    press(app, Action.PASS)
    assert texts(scene)[0] == t("learn.want_play")
    press(app, Action.PASS)  # asked again: still the answer
    assert texts(scene)[0] == t("learn.want_play")
    scene.table.model.hand.select_only(the_answer(scene))
    app.step(DT)
    assert texts(scene) == []
    press(app, Action.PASS)
    assert texts(scene)[0] == t("learn.want_play")
    press(app, Action.PLAY)
    assert t("learn.want_play") not in texts(scene)


def finish_the_game(app, scene) -> None:
    """Play the scoring lesson with the Play button until its game is over."""
    while not scene.run.game.is_over:
        until(app, lambda: ready(scene))
        if isinstance(scene.run.step, Say):
            press(app, Action.CONFIRM)
        else:
            scene.table.model.hand.select_only(the_answer(scene))
            press(app, Action.PLAY)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_lessons_end_names_the_lesson_and_says_what_enter_does_there(make_app, lang, monkeypatch) -> None:
    app, _ = make_app(lang)
    set_language(lang)
    scene = open_lesson(app, "scoring")
    pictures = []
    real = table_scene.draw_table
    monkeypatch.setattr(table_scene, "draw_table", lambda s, pic, now: (pictures.append(pic), real(s, pic, now)))
    finish_the_game(app, scene)
    until(app, lambda: ready(scene))
    app.draw()
    picture = pictures[-1]
    assert (picture.title, picture.subtitle) == (t("learn.header", n=5), t("lesson.scoring.title"))
    assert t("table.game_no", n=1) not in (picture.title, picture.subtitle)
    assert scene.table.controls.status[0] == t("learn.over_continue")  # not "Enter: next game"
    press(app, Action.PLAY)  # Enter: on to the lesson's last words
    assert scene.run.done and scene.table.controls.status[0] == t("learn.over_finish")
    press(app, Action.PLAY)  # Enter: back to the lessons, as the status line said
    assert isinstance(app.top, LessonMenu)


def test_a_lesson_that_ends_before_its_game_does_says_enter_goes_on_not_waiting_for_an_opponent(make_app) -> None:
    app, _ = make_app("en")
    scene = open_lesson(app, "beating")
    while not scene.run.done:
        until(app, lambda: ready(scene))
        step = scene.run.step
        if scene.run.index == len(scene.run.lesson.steps) - 1:  # the last words: nobody moves again
            assert scene.table.controls.status[0] == t("learn.words_left")
        if isinstance(step, Ask) and step.goal.action == PASS:
            press(app, Action.PASS)
        elif isinstance(step, Ask):
            scene.table.model.hand.select_only(the_answer(scene))
            press(app, Action.PLAY)
        else:
            press(app, Action.CONFIRM)
    until(app, lambda: not scene.table.busy)
    assert not scene.run.game.is_over and scene.table.controls.status[0] == t("learn.over_finish")


def test_the_you_win_banner_hides_the_played_cards_under_it(make_app) -> None:
    app, _ = make_app("en")
    scene = open_lesson(app, "scoring")
    finish_the_game(app, scene)
    table = scene.table

    def banner():
        return next((e for e in table.sprites.effects if isinstance(e, Banner) and e.age > 0.4), None)

    until(app, lambda: banner() is not None)
    app.draw()
    shown = banner()
    assert shown.title == t("table.you_win")
    lay = table.layout
    over = shown.rect(lay.unit).inflate(-12, -12)
    cards = [sp.rect(table.arts.centre) for group in table.sprites.pile for sp in group]
    under = [over.clip(r) for r in cards if over.colliderect(r)]
    assert under, "no played card lies under the banner: the case this test guards is gone"
    screen = app.screen
    greys = total = 0
    for r in under:
        for x in range(r.left, r.right, 2):
            for y in range(r.top, r.bottom, 2):
                red, green, blue, *_ = screen.get_at((x, y))
                total += 1
                greys += min(red, green, blue) > 50 and max(red, green, blue) - min(red, green, blue) < 25
    assert total > 200 and greys / total < 0.02, f"{greys} of {total} points show a card through the banner"



@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_lesson_header_stays_clear_of_the_lesson_panel(make_app, lang, size) -> None:
    from ui import fonts
    from ui.learn.panel import panel_rect

    app, _ = make_app(lang)
    set_language(lang)
    app.resize(size)
    for lesson in LESSONS:
        scene = open_lesson(app, lesson.id)
        lay = scene.table.layout
        title, sub = scene.table.header()
        first = fonts.text(title, lay.font, (0, 0, 0), fonts.BOLD)
        second = fonts.text(sub, lay.small_font, (0, 0, 0))
        head = pygame.Rect(lay.margin, lay.margin, max(first.get_width(), second.get_width()),
                           first.get_height() + second.get_height())
        assert not head.colliderect(panel_rect(lay)), (lesson.id, head, panel_rect(lay))
        press(app, Action.BACK)
        assert isinstance(app.top, LessonMenu)
