"""The replay viewer: the table shows the recorded game step by step with every hand face up."""

from __future__ import annotations

from game.review.replay import Replay
from tests.review.helpers import state
from tests.ui.menus.helpers import press, run_table, sit_at_table
from tests.ui.replay.helpers import shown_game
from ui.intents import Action, Intent
from ui.replay.scene import ReplayScene
from ui.results import ResultsScene


def _settle(app, scene: ReplayScene, frames: int = 400) -> None:
    for _ in range(frames):
        app.step(0.05)
        if not scene.animating():
            return
    raise AssertionError("the replay never came to rest")


def test_stepping_shows_the_recorded_game_and_its_table(make_app, paths):
    app, _ = make_app("en")
    shown = shown_game()
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
    scene = ReplayScene(app, shown_game("xep-hang", 6), start=0)
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
    scene = ReplayScene(app, shown_game(), start=3, findings=[3])
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
    table = sit_at_table(app, profile, opponents=("easy",), seed=8)
    run_table(app, table, lambda: isinstance(app.top, ResultsScene))
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


def _last_play(scene: ReplayScene):
    from game.engine.events import CardsPlayed

    last = scene.replay.steps[-1]
    return next(e for e in last.events if isinstance(e, CardsPlayed))


def _shows_the_last_play(scene: ReplayScene) -> None:
    """The centre holds the last play, on top, as the status line names it."""
    played = _last_play(scene)
    model, sprites = scene.stage.model, scene.sprites
    assert model.top is not None and model.top.seat == played.seat and model.top.combo == played.combo
    assert sprites.pile and {sp.card for sp in sprites.pile[-1]} == set(played.combo.cards)
    assert all(not sp.flying for group in sprites.pile for sp in group)
    assert str(played.combo) in scene.controls.status[0]


def test_the_last_step_leaves_the_last_play_in_the_centre_however_it_is_reached(make_app, paths):
    """The last step left the centre empty while the status named the last play: the table rebuilt from the
    finished game showed no round at all (the engine closes the last round when the game ends)."""
    for variant, seed in (("mien-nam", 5), ("xep-hang", 6)):  # ends at the first out; plays on to the last
        app, _ = make_app("en")
        app.settings.animation_speed = 4.0
        scene = ReplayScene(app, shown_game(variant, seed), start=0)
        app.push(scene)
        press(app, Action.END)  # End, or the timeline's end: the table rebuilt at rest
        assert scene.replay.at_end
        _shows_the_last_play(scene)
        last_round = [t for t in scene.stage.model.round_log]
        assert last_round and last_round[-1].combo == _last_play(scene).combo  # the round's log as it stood
        press(app, Action.LEFT)  # one step back, then forward again with its animation
        _settle(app, scene)
        press(app, Action.RIGHT)
        _settle(app, scene)
        _shows_the_last_play(scene)
        press(app, Action.LEFT)
        _settle(app, scene)
        press(app, Action.RIGHT, Action.RIGHT)  # a second Right lands the step being shown at once
        _shows_the_last_play(scene)
        app.resize((960, 600))  # a new size lands and rebuilds the table too
        _shows_the_last_play(scene)
        press(app, Action.BACK)


def test_the_plates_say_their_number_is_this_games_money_so_far(make_app, paths, monkeypatch):
    from ui import fonts
    from ui.i18n import t

    app, _ = make_app("en")
    scene = ReplayScene(app, shown_game(), start=len(shown_game().record["actions"]))
    app.push(scene)
    words: list[str] = []
    real = fonts.text
    monkeypatch.setattr(fonts, "text", lambda value, *a, **k: (words.append(value), real(value, *a, **k))[1])
    app.draw()
    assert words.count(t("replay.total_label")) == scene.replay.players  # not "match": a replay shows one game
    assert t("table.total_label") not in words
