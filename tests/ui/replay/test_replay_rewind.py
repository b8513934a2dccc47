"""Stepping back in a replay shows the step undone (the play flying back, the pass tag going, a swept round
coming back) and ends on exactly the table at that step; a jump lands at rest with nothing left over."""

from __future__ import annotations

import pytest

from game.engine.events import RoundWon
from game.review.replay import Replay
from tests.ui.menus.helpers import press
from tests.ui.replay.helpers import shown_game
from ui.intents import Action, Intent
from ui.replay.scene import ReplayScene
from ui.table.effects import FloatText
from ui.table.model import TableModel
from ui.table.sprites import hand_targets


def _settle(app, scene: ReplayScene, frames: int = 400) -> None:
    for _ in range(frames):
        app.step(0.05)
        if not scene.animating():
            return
    raise AssertionError("the replay never came to rest")


def _at_rest_on(scene: ReplayScene, position: int) -> None:
    """The model is the table after ``position`` steps, and every card sprite rests where the model has it."""
    game = Replay(scene.shown.record).game_at(position)
    model, sprites, lay = scene.stage.model, scene.sprites, scene.layout
    expected = TableModel.from_game(game, scene.human, all_face_up=True)
    assert (model.hands, model.pile, model.passed, model.places) == (
        expected.hands, expected.pile, expected.passed, expected.places)
    assert model.hand.cards == expected.hand.cards
    assert set(sprites.hand) == set(model.hand.cards)
    for card, target in hand_targets(model.hand, lay).items():
        sp = sprites.hand[card]
        assert not sp.flying and sp.pos == pytest.approx(target) and sp.scale == 1.0 and sp.alpha == 255
    assert [[sp.card for sp in g] for g in sprites.pile] == [list(t.combo.cards) for t in model.pile]
    assert all(not sp.flying and sp.scale == 1.0 and sp.alpha == 255 for g in sprites.pile for sp in g)
    assert not sprites.sweeping and not sprites.flying and not scene.stage.tweener.busy


def _first(replay: Replay, test) -> int:
    return next(s.index for s in replay.steps if test(s))


def test_stepping_back_over_your_play_flies_its_cards_from_the_pile_into_your_hand(make_app, paths):
    app, _ = make_app("en")
    shown = shown_game(actions=20)
    k = _first(Replay(shown.record), lambda s: s.seat == 0 and s.kind == "play" and s.index > 0)
    scene = ReplayScene(app, shown, start=k + 1)
    app.push(scene)
    _settle(app, scene)
    pile_at = {sp.card: sp.pos for sp in scene.sprites.pile[-1]}
    app.dispatch(Intent(Action.LEFT))
    assert scene.replay.position == k and scene.busy
    flying = {c: sp for c, sp in scene.sprites.hand.items() if sp.flying}
    assert set(flying) == set(pile_at)  # the played cards are back in the hand, still on their way there
    assert all(flying[c].pos == pile_at[c] for c in flying)
    app.step(0.1)
    targets = hand_targets(scene.stage.model.hand, scene.layout)
    assert all(flying[c].pos not in (pile_at[c], targets[c]) for c in flying)  # in flight between the two
    _settle(app, scene)
    _at_rest_on(scene, k)


def test_stepping_back_over_an_opponents_play_sends_its_cards_back_to_their_seat(make_app, paths):
    app, _ = make_app()
    shown = shown_game(actions=20)
    k = _first(Replay(shown.record), lambda s: s.seat != 0 and s.kind == "play" and s.index > 0)
    scene = ReplayScene(app, shown, start=k + 1)
    app.push(scene)
    _settle(app, scene)
    played = [sp.card for sp in scene.sprites.pile[-1]]
    press(app, Action.LEFT)
    assert [sp.card for sp in scene.sprites.sweeping] == played and scene.busy
    _settle(app, scene)
    _at_rest_on(scene, k)


def test_stepping_back_over_a_pass_takes_its_tag_away(make_app, paths):
    app, _ = make_app()
    shown = shown_game(actions=20)
    replay = Replay(shown.record)
    k = _first(replay, lambda s: s.kind == "pass" and not any(isinstance(e, RoundWon) for e in s.events))
    scene = ReplayScene(app, shown, start=k + 1)
    app.push(scene)
    _settle(app, scene)
    seat = replay.steps[k].seat
    assert seat in scene.stage.model.passed
    press(app, Action.LEFT)
    assert seat not in scene.stage.model.passed
    assert any(isinstance(e, FloatText) for e in scene.sprites.effects)  # the tag fades where it was
    _settle(app, scene)
    _at_rest_on(scene, k)


def test_stepping_back_over_a_step_that_closed_a_round_brings_the_round_back_from_its_winner(make_app, paths):
    app, _ = make_app()
    shown = shown_game(actions=20)
    replay = Replay(shown.record)
    k = _first(replay, lambda s: any(isinstance(e, RoundWon) for e in s.events) and replay.game_at(s.index).round_plays)
    scene = ReplayScene(app, shown, start=k + 1)
    app.push(scene)
    _settle(app, scene)
    assert scene.sprites.pile == []
    press(app, Action.LEFT)
    winner = next(e.seat for e in replay.steps[k].events if isinstance(e, RoundWon))
    start = scene.layout.seats[winner].fan
    coming = [sp for g in scene.sprites.pile for sp in g]
    assert coming and all(sp.flying for sp in coming)
    assert all(abs(sp.pos[0] - start[0]) + abs(sp.pos[1] - start[1]) < 200 for sp in coming)  # near the winner
    _settle(app, scene)
    _at_rest_on(scene, k)


@pytest.mark.parametrize(("variant", "seed", "players"), [("mien-nam", 5, 4), ("dem-la", 9, 3), ("co-dien", 4, 2)])
def test_stepping_back_through_a_whole_game_ends_on_each_step_exactly(make_app, paths, variant, seed, players):
    app, _ = make_app()
    shown = shown_game(variant, seed, players, actions=20)
    scene = ReplayScene(app, shown, start=len(Replay(shown.record)))
    app.push(scene)
    while not scene.replay.at_start:
        press(app, Action.LEFT)
        if scene.replay.position % 3:  # sometimes pressed again before the last one has landed
            _settle(app, scene)
            _at_rest_on(scene, scene.replay.position)
    _settle(app, scene)
    _at_rest_on(scene, 0)


def test_a_jump_in_the_middle_of_an_animation_lands_at_rest_with_nothing_left_over(make_app, paths):
    app, _ = make_app()
    shown = shown_game(actions=20)
    replay = Replay(shown.record)
    k = _first(replay, lambda s: any(isinstance(e, RoundWon) for e in s.events))
    scene = ReplayScene(app, shown, start=k)
    app.push(scene)
    _settle(app, scene)
    press(app, Action.RIGHT)
    for _ in range(6):  # the round being swept away, effects on show
        app.step(0.05)
    bar = scene.bar.timeline
    target = k // 2
    x = scene.bar.x_of(target, len(scene.replay))
    app.dispatch(Intent(Action.POINTER_DOWN, pos=(x, bar.centery)))
    app.dispatch(Intent(Action.POINTER_UP, pos=(x, bar.centery)))
    assert scene.replay.position == target and not scene.busy
    assert not scene.sprites.effects and not scene.stage.timers.busy
    _at_rest_on(scene, target)
