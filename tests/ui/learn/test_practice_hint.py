"""The practice hint: the expert's move, searched off the UI thread (the worker process, as the opponents'),
explained in plain words; the window keeps going while it is thought out."""

from __future__ import annotations

import os
import threading

import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.ai import make_bot  # noqa: E402
from game.engine.cards import parse_cards  # noqa: E402
from game.review.advice import advise, explain  # noqa: E402
from game.review.judge import judge  # noqa: E402
from game.table.bot_worker import BotWorker  # noqa: E402
from game.table.bots import BotRunner  # noqa: E402
from tests.ui.learn.helpers import DT, seeded_practice, until  # noqa: E402
from tests.ui.menus.helpers import press  # noqa: E402
from ui.intents import Action, Intent  # noqa: E402
from ui.table.hint_job import HINT_LEVEL, HintJob  # noqa: E402


class HeldBot:
    """Answers with the highest legal move, only once the test lets it."""

    def __init__(self) -> None:
        self.go = threading.Event()

    def choose(self, view):
        assert self.go.wait(30)
        return view.legal_moves[-1] if view.legal_moves else None


def _held(scene) -> HeldBot:
    bot = HeldBot()
    scene.hints = HintJob(runner=BotRunner(worker=False), bot=lambda levels: bot)
    return bot


def test_the_hint_is_the_experts_move_with_its_reasons(make_app) -> None:
    app, profile = make_app("en")
    scene = seeded_practice(app, profile)
    press(app, Action.HINT)
    assert scene.advice is None and scene.hints.thinking  # asked, not answered in the same frame
    assert "best move" in scene.lines()[-1].text
    until(app, lambda: scene.advice is not None)
    advice = scene.advice
    assert advice.level == HINT_LEVEL == "expert" and advice.reasons
    view = scene.table.session.game.view(0)
    deals = judge(view, scene.table.session.levels()).deals  # the search named is the judge's own
    assert advice == explain(view, advice.move, "expert", deals=deals)
    assert set(scene.table.model.hand.selected) == set(advice.move or ())
    assert len(scene.lines()) >= 3  # the badge, the hint, at least one reason


def test_the_window_keeps_going_while_the_hint_is_thought_out(make_app) -> None:
    app, profile = make_app("en")
    scene = seeded_practice(app, profile)
    bot = _held(scene)
    press(app, Action.HINT)
    for _ in range(10):  # frames come while the search has not answered
        app.step(DT)
        app.draw()
    assert scene.advice is None and scene.hints.thinking and app.animating()
    bot.go.set()
    until(app, lambda: scene.advice is not None)
    view = scene.table.session.game.view(0)
    assert scene.advice.move == view.legal_moves[-1]
    assert set(scene.table.model.hand.selected) == set(view.legal_moves[-1])


def test_a_move_made_while_the_hint_is_thought_out_drops_the_hint(make_app) -> None:
    app, profile = make_app("en")
    scene = seeded_practice(app, profile)
    bot = _held(scene)
    press(app, Action.HINT)
    game = scene.table.session.game
    move = game.legal_moves(0)[0]
    scene.table.model.hand.select_only(move)
    press(app, Action.PLAY)
    bot.go.set()
    for _ in range(30):
        app.step(DT)
    assert scene.advice is None and not scene.hints.thinking
    assert all("best move" not in x.text for x in scene.lines())


def test_the_tables_hint_button_gives_the_hint_that_says_why(make_app) -> None:
    app, profile = make_app("en")
    scene = seeded_practice(app, profile)
    _held(scene).go.set()
    button = scene.table.controls.button(Action.HINT)
    app.dispatch(Intent(Action.POINTER_DOWN, pos=button.rect.center))
    app.dispatch(Intent(Action.POINTER_UP, pos=button.rect.center))
    assert scene.hints.thinking
    until(app, lambda: scene.advice is not None)
    assert scene.advice.reasons


def test_advice_for_a_move_found_elsewhere_is_the_advice_given_here(make_app) -> None:
    app, profile = make_app()
    scene = seeded_practice(app, profile, seed=4)
    view = scene.table.session.game.view(0)
    assert explain(view, make_bot("normal").choose(view), "normal") == advise(view, "normal")
    other = view.legal_moves[-1]
    if other != advise(view, "normal").move:
        assert explain(view, other, "hard").reasons[0].code == "search"
    with pytest.raises(ValueError):
        explain(view, (object(),), "hard")


@pytest.fixture(scope="module")
def worker():
    w = BotWorker()
    assert w.start(), "the worker process should start on this machine"
    yield w
    w.shutdown()


def test_the_hint_is_searched_in_the_worker_process(make_app, worker) -> None:
    app, profile = make_app("en")
    scene = seeded_practice(app, profile)
    scene.hints = HintJob(runner=BotRunner(worker))
    press(app, Action.HINT)
    assert scene.hints.runner.mode == "process"
    until(app, lambda: scene.advice is not None, frames=20000)
    assert scene.advice.level == "expert" and scene.advice.reasons


def test_shift_h_plays_the_experts_hint_once_it_comes(make_app) -> None:
    app, profile = make_app("en")
    scene = seeded_practice(app, profile)
    bot = _held(scene)
    game = scene.table.session.game
    before = len(game.actions)
    expected = game.view(0).legal_moves[-1]  # what the held bot answers, not the normal level's choice
    press(app, Action.PLAY_HINT)
    assert len(game.actions) == before and scene.hints.thinking  # nothing played before the expert answers
    bot.go.set()
    until(app, lambda: len(game.actions) > before)
    assert game.actions[before][0] == "play" and int(game.actions[before][1]) == 0
    assert set(parse_cards(game.actions[before][2])) == set(expected)
