"""The lesson and practice screens, driven headless through intents as a player would."""

from __future__ import annotations

import json
import os

import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.lessons import LESSONS, Ask, Say  # noqa: E402
from game.lessons.steps import PASS  # noqa: E402
from tests.ui.learn.helpers import (  # noqa: E402, F401 - some re-exported for tests that import them from here
    DT,
    my_turn,
    open_lesson,
    open_lessons,
    play_lesson,
    ready,
    the_answer,
    to_first_move,
    until,
)
from tests.ui.menus.helpers import click, item, press  # noqa: E402
from ui.intents import Action, Intent  # noqa: E402
from ui.learn.lesson_menu import LessonMenu  # noqa: E402
from ui.learn.panel import button_row, panel_rect, text_fits  # noqa: E402
from ui.learn.practice_scene import PracticeScene  # noqa: E402
from ui.learn.progress import load_progress  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_lesson_is_completed_on_the_table_and_marked_done(make_app, paths, lang) -> None:
    app, _ = make_app(lang)
    for lesson in LESSONS:
        scene = open_lesson(app, lesson.id)
        play_lesson(app, scene)
        press(app, Action.CONFIRM)  # Finish: back to the list
        assert isinstance(app.top, LessonMenu)
    progress, _ = load_progress(paths)
    assert sorted(progress.done) == sorted(x.id for x in LESSONS) and progress.open == {}
    assert all(item(app.top, x.id).label().startswith("✓") for x in LESSONS)


def test_a_refused_move_is_explained_in_the_panel_and_nothing_is_played(make_app) -> None:
    app, _ = make_app("en")
    scene = open_lesson(app, "beating")
    to_first_move(app, scene)
    low = [c for c in scene.table.model.hand.cards if str(c) == "4♣"]
    scene.table.model.hand.select_only(low)
    pos = scene.table.controls.button(Action.PLAY).rect.center  # the button is dimmed: still explained
    app.dispatch(Intent(Action.POINTER_DOWN, pos=pos))
    app.dispatch(Intent(Action.POINTER_UP, pos=pos))
    texts = [x.text for x in scene.lines()]
    assert "4♣ is not higher than 5♦" in texts
    assert any("rank first" in x for x in texts)
    assert len(scene.run.game.actions) == 1  # only Minh's lead


def test_leaving_a_lesson_half_way_and_coming_back_resumes_it(make_app, paths) -> None:
    app, _ = make_app()
    scene = open_lesson(app, "twos")
    to_first_move(app, scene)
    scene.table.model.hand.select_only(the_answer(scene))
    press(app, Action.PLAY)
    until(app, lambda: ready(scene))
    index, actions = scene.run.index, list(scene.run.game.actions)
    press(app, Action.BACK)
    assert isinstance(app.top, LessonMenu)
    saved = json.loads((paths.data / "lessons.json").read_text(encoding="utf-8"))
    assert saved["open"]["twos"]["step"] == index
    again = open_lesson(app, "twos")
    assert again.run.index == index and again.run.game.actions == actions
    assert again.table.model.pile  # the round's plays are back on the table


def test_start_over_goes_back_to_the_deal(make_app) -> None:
    app, _ = make_app()
    scene = open_lesson(app, "combos")
    play_lesson(app, scene)
    pos = scene.restart_button.rect.center
    app.dispatch(Intent(Action.POINTER_DOWN, pos=pos))
    app.dispatch(Intent(Action.POINTER_UP, pos=pos))
    assert scene.run.index == 0 and scene.run.game.actions == [] and not scene.run.game.is_over


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_lesson_text_fits_its_panel_at_960_by_600(make_app, lang) -> None:
    app, _ = make_app(lang)
    app.resize((960, 600))
    for lesson in LESSONS:
        scene = open_lesson(app, lesson.id)
        while True:
            lay = scene.table.layout
            rect = panel_rect(lay)
            button_row(rect, scene.buttons, lay)
            assert text_fits(rect, lay, scene.lines(), scene.buttons), (lesson.id, scene.run.index)
            if scene.run.done:
                break
            until(app, lambda s=scene: ready(s))
            step = scene.run.step
            if isinstance(step, Say):
                press(app, Action.CONFIRM)
            elif isinstance(step, Ask) and step.goal.action == PASS:
                press(app, Action.PASS)
            else:
                scene.table.model.hand.select_only(the_answer(scene))
                press(app, Action.PLAY)
        press(app, Action.CONFIRM)


# -- practice ------------------------------------------------------------------------------------------
@pytest.fixture(autouse=True)
def fixed_deals(monkeypatch) -> None:
    """A practice match deals from a random seed; tests deal the same cards every run."""
    monkeypatch.setattr("game.engine.match.random.randrange", lambda n: 20240)


def start_practice(app) -> PracticeScene:
    click(app, item(app.top, "new"))
    new_match = app.top
    click(app, item(new_match, "practice"))
    assert new_match.practice
    click(app, item(new_match, "start"))
    scene = app.top
    assert isinstance(scene, PracticeScene) and isinstance(app.stack[-2], TableScene)
    # nobody saves or counts it; its finished games are only kept in the history, marked practice
    assert [type(x).__name__ for x in scene.table.session.listeners] == ["PracticeKeeper"]
    return scene


def test_practice_undo_takes_back_your_move_and_the_table_shows_the_earlier_position(make_app, paths) -> None:
    app, profile = make_app("en")
    scene = start_practice(app)
    until(app, lambda: my_turn(scene))
    before = scene.table.session.game.to_dict()
    hand_before = list(scene.table.model.hand.cards)
    press(app, Action.HINT)
    until(app, lambda: scene.advice is not None)  # thought out off the UI thread
    assert len(scene.lines()) >= 3  # the badge, the hint and at least one reason
    if scene.advice.move is None:
        press(app, Action.PASS)
    else:
        press(app, Action.PLAY)
    until(app, lambda: my_turn(scene) or scene.table.session.game.is_over and not scene.table.busy)
    assert scene.table.session.game.to_dict() != before
    app.feed([_ctrl_z()])
    app.step(DT)
    game = scene.table.session.game
    assert game.to_dict() == before and game.current_player == 0
    assert scene.table.model.hand.cards == hand_before
    assert [(x.seat, x.combo) for x in scene.table.model.pile] == list(game.round_plays)  # the pile is back
    assert not paths.save_file.exists()  # a practice match never replaces the saved match
    assert profile.stats.variants == {}


def test_practice_show_every_hand_turns_the_opponents_cards_face_up(make_app) -> None:
    app, _ = make_app()
    scene = start_practice(app)
    until(app, lambda: not scene.table.busy)
    press(app, Action.REVEAL)
    assert scene.table.model.face_up(1) and scene.table.model.face_up(2)
    press(app, Action.REVEAL)
    assert not scene.table.model.face_up(1)


def test_practice_games_never_count_in_the_statistics(make_app, paths) -> None:
    app, profile = make_app()
    scene = start_practice(app)
    game = scene.table.session.game
    until(app, lambda: not scene.table.busy)
    assert not game.is_over
    game.resign(0)
    scene.table.submit([])
    until(app, lambda: scene.table.results_shown, frames=600)
    app.step(DT, [])
    assert profile.stats.variants == {}
    assert not paths.stats_file.exists() or json.loads(paths.stats_file.read_text())["variants"] == {}


def _ctrl_z():
    import pygame

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z", scancode=0)


def test_a_broken_progress_file_is_set_aside_and_the_player_is_told(make_app, paths) -> None:
    (paths.data / "lessons.json").write_text("{broken", encoding="utf-8")
    app, _ = make_app("en")
    click(app, item(app.top, "learn"))
    assert list(paths.data.glob("lessons.json.corrupt-*"))
    assert isinstance(app.stack[-2], LessonMenu) and "lessons.json" in app.top.message()  # told over the list
    press(app, Action.CONFIRM)
    assert isinstance(app.top, LessonMenu) and app.top.progress.done == []


def test_ctrl_z_on_a_practice_results_screen_reopens_the_game_uncounted(make_app) -> None:
    from ui.learn.practice_scene import PracticeResults

    app, _ = make_app("en")
    scene = start_practice(app)
    until(app, lambda: my_turn(scene))
    before = scene.table.session.game.to_dict()
    scene.table.session.resign(0)  # the quickest way to a finished game
    scene.table.submit([])
    until(app, lambda: isinstance(app.top, PracticeResults), frames=600)
    session = scene.table.session
    assert session.match.results and session.match.totals[0] < 0
    app.feed([_ctrl_z()])
    app.step(DT)
    assert app.top is scene and not session.game.is_over
    assert session.game.to_dict() == before and session.match.current is session.game
    assert session.match.results == [] and session.match.totals == [0.0] * session.players


def test_a_practice_game_undone_from_its_results_and_finished_again_is_kept_once(make_app) -> None:
    from ui.learn.practice_scene import PracticeResults

    app, profile = make_app("en")
    scene = start_practice(app)
    until(app, lambda: my_turn(scene))
    session = scene.table.session
    for _ in range(2):  # finish, take the last move back from the results, finish again
        session.resign(0)
        scene.table.submit([])
        until(app, lambda: isinstance(app.top, PracticeResults), frames=600)
        assert profile.flush(10)
        app.feed([_ctrl_z()])
        app.step(DT)
    kept = profile.history.entries()
    assert len(kept) == 1 and kept[0].practice and kept[0].number == 1


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_lessons_keys_column_offers_shift_h_which_plays_the_lessons_hint_there(make_app, lang) -> None:
    from ui.i18n import set_language, t

    app, _ = make_app()
    set_language(lang)
    scene = open_lesson(app, "combos")
    assert scene.table.keys_help == "table.keys" and "Shift+H" in t(scene.table.keys_help)
