"""The replay viewer: the table shows the recorded game step by step with every hand face up."""

from __future__ import annotations

from game.review.replay import Replay
from tests.lookback.helpers import play_recorded, state
from tests.menus.helpers import press
from tests.menus.test_table_link import _run, _sit
from ui.intents import Action, Intent
from ui.replay.scene import ReplayScene
from ui.replay.shown import ShownGame
from ui.results import ResultsScene


def _shown(variant: str = "mien-nam", seed: int = 5, players: int = 4) -> ShownGame:
    played = play_recorded(variant, seed, players, levels="normal")
    while len(played.game.actions) < 12:  # not an instant win: a game to step through
        seed += 1
        played = play_recorded(variant, seed, players, levels="normal")
    return ShownGame(played.game.to_dict(), played.game.rules, 0, ("", "Lan", "Minh", "Tuấn")[:players])


def _settle(app, scene: ReplayScene, frames: int = 400) -> None:
    for _ in range(frames):
        app.step(0.05)
        if not scene.animating():
            return
    raise AssertionError("the replay never came to rest")


def test_stepping_shows_the_recorded_game_and_its_table(make_app, paths):
    app, _ = make_app("en")
    shown = _shown()
    scene = ReplayScene(app, shown)
    app.push(scene)
    _settle(app, scene)
    assert scene.replay.position == 0 and scene.stage.model.all_face_up
    original = Replay(shown.record)
    for i in range(6):
        press(app, Action.RIGHT)
        _settle(app, scene)
        assert state(scene.replay.game) == state(original.game_at(i + 1))
        assert scene.stage.model.hands == [list(h) for h in original.game_at(i + 1).hands]
        assert [tuple(t.combo.cards) for t in scene.stage.model.pile] == [
            tuple(c.cards) for _, c in original.game_at(i + 1).round_plays]
    press(app, Action.LEFT, Action.LEFT)
    assert scene.replay.position == 4
    assert [tuple(t.combo.cards) for t in scene.stage.model.pile] == [
        tuple(c.cards) for _, c in original.game_at(4).round_plays]
    press(app, Action.END)
    assert scene.replay.at_end and scene.stage.model.is_over
    press(app, Action.HOME)
    assert scene.replay.position == 0 and scene.stage.model.pile == []


def test_space_plays_on_by_itself_to_the_end(make_app, paths):
    app, _ = make_app()
    app.settings.animation_speed = 4.0
    scene = ReplayScene(app, _shown("xep-hang", 6), start=0)
    app.push(scene)
    press(app, Action.TOGGLE_FOCUS)
    assert scene.playing
    for _ in range(4000):
        app.step(0.05)
        if scene.replay.at_end and not scene.busy:
            break
    assert scene.replay.at_end and not scene.playing
    assert scene.paid_so_far(0) == scene.replay.final.result.payments[0]


def test_the_timeline_jumps_anywhere_and_the_buttons_work(make_app, paths):
    app, _ = make_app()
    scene = ReplayScene(app, _shown(), start=3, findings=[3])
    app.push(scene)
    app.step(0.01)
    assert scene.replay.position == 3
    bar = scene.bar.timeline
    app.dispatch(Intent(Action.POINTER_DOWN, pos=(bar.right, bar.centery)))
    app.dispatch(Intent(Action.POINTER_UP, pos=(bar.right, bar.centery)))
    assert scene.replay.at_end
    back = next(b for b in scene.bar.buttons if b.action == Action.LEFT)
    app.dispatch(Intent(Action.POINTER_DOWN, pos=back.rect.center))
    app.dispatch(Intent(Action.POINTER_UP, pos=back.rect.center))
    assert scene.replay.position == len(scene.replay) - 1
    press(app, Action.BACK)
    assert app.top is not scene


def test_the_results_panel_opens_the_replay_of_the_game_just_played(make_app, paths):
    app, profile = make_app("en")
    table = _sit(app, profile, opponents=("easy",), seed=8)
    _run(app, table, lambda: isinstance(app.top, ResultsScene))
    results = app.top
    app.step(0.01)
    button = results.replay_button
    app.dispatch(Intent(Action.POINTER_DOWN, pos=button.rect.center))
    app.dispatch(Intent(Action.POINTER_UP, pos=button.rect.center))
    scene = app.top
    assert isinstance(scene, ReplayScene)
    assert scene.replay.final.result == table.session.game.result
    press(app, Action.END)
    assert scene.stage.model.is_over
    press(app, Action.BACK)
    assert app.top is results
