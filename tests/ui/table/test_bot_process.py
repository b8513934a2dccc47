"""Opponents think in a worker process: answers are legal, the window keeps drawing, failures fall back to a thread."""

from __future__ import annotations

import pickle
import time

import pygame
import pytest

from game import load_rules, new_game
from game.ai import make_bot
from game.table.bot_worker import BotWorker, wait_for
from game.table.bots import BotRunner
from tests.ui.conftest import DT, make_driver

# The hard bot stops searching at a time limit, so only a search fixed by its playout count repeats exactly.
REPEATABLE = {"easy": {}, "normal": {}, "hard": {"playouts": 6, "time_limit": 60.0}}


@pytest.fixture(scope="module")
def worker():
    w = BotWorker()
    assert w.start(), "the worker process should start on this machine"
    yield w
    w.shutdown()
    assert not w.alive


def test_seat_views_and_every_level_of_bot_survive_pickling():
    g = new_game(load_rules(), players=4, seed=11)
    view = g.view(g.current_player)
    assert pickle.loads(pickle.dumps(view)) == view
    for level, options in REPEATABLE.items():
        bot = make_bot(level, seed=3, **options)
        assert pickle.loads(pickle.dumps(bot)).choose(view) == bot.choose(view)


def test_a_decision_from_the_worker_process_is_legal_and_the_same_as_on_a_thread(worker):
    g = new_game(load_rules(), players=4, seed=9)
    assert not g.is_over
    for _ in range(6):  # a few moves in, with something on the table to beat
        if g.is_over:
            break
        seat = g.current_player
        view = g.view(seat)
        bot = make_bot("hard", seed=seat, **REPEATABLE["hard"])
        move, error = wait_for(worker, worker.submit(bot, view))
        assert error is None
        assert move == (tuple(m) if (m := bot.choose(view)) else None)
        if move:
            assert g.check_play(move, seat) is None
            g.play(move, seat)
        else:
            g.pass_turn(seat)


def test_the_window_keeps_drawing_while_a_hard_bot_thinks_in_the_process(worker, monkeypatch):
    d = make_driver(seed=4)
    table = d.table
    table.runner = BotRunner(worker)
    hard = make_bot("hard", seed=1, time_limit=0.8, playouts=800)
    hard.z = 50.0  # type: ignore[attr-defined]  # no candidate is ever dropped: it thinks the whole 0.8 s
    for seat in table.session.bots:
        table.session.bots[seat] = hard
    # Watch the pipe itself: the table takes an answer in the same step it arrives and asks the next seat.
    asked, answers = [], []
    submit, poll = worker.submit, worker.poll
    monkeypatch.setattr(worker, "submit", lambda bot, view: (asked.append(view), submit(bot, view))[1])
    monkeypatch.setattr(worker, "poll", lambda job: (a := poll(job)) and answers.append(a) or a)
    d.until(lambda: table.runner.mode != "")  # asked as soon as its turn comes, even while cards still move
    assert table.runner.mode == "process" and len(asked) == 1
    # Frames keep coming while the other process searches: the window never waits for the decision, and this
    # process never makes it (the worker is spawned: it does not see this process's spy).
    # (How long a frame takes is a benchmark's figure, tools/bench_frames.py, not a timed test's.)
    chosen_here: list[object] = []
    monkeypatch.setattr(type(hard), "choose", lambda bot, view: chosen_here.append(view))
    waiting, hang = 0, time.monotonic() + 120  # a guard against a worker that never answers, not a speed figure
    while not answers:
        d.app.draw()  # a full frame, drawn while the other process searches
        d.step()
        waiting += not answers  # the step came back with the decision still out
        assert time.monotonic() < hang, "the worker never answered"
    assert waiting >= 1, "the window should draw while the decision is still being made"
    assert not chosen_here, "the decision was made in the window's process"
    (move, error), view = answers[0], asked[0]
    assert error is None
    assert move in view.legal_moves or (move is None and view.table is not None)
    pygame.display.quit()


def test_a_dead_worker_hands_the_decision_to_a_thread():
    w = BotWorker()
    assert w.start()
    g = new_game(load_rules(), players=4, seed=2)
    runner = BotRunner(w)
    w._proc.kill()  # noqa: SLF001 - simulate a crash
    w._proc.join(5)  # noqa: SLF001
    runner.start(make_bot("normal", seed=1), g.view(g.current_player))
    deadline = time.time() + 10
    while not runner.done:
        assert time.time() < deadline
        time.sleep(DT / 10)
    assert runner.mode == "thread" and w.failed
    assert runner.result and g.check_play(runner.result, g.current_player) is None
    w.shutdown()


def test_a_bot_that_cannot_be_pickled_thinks_on_a_thread(worker):
    class Local:  # defined in a function: pickle cannot find it by name
        def choose(self, view):
            return view.legal_moves[0]

    g = new_game(load_rules(), players=2, seed=8)
    runner = BotRunner(worker)
    runner.start(Local(), g.view(g.current_player))
    deadline = time.time() + 10
    while not runner.done:
        assert time.time() < deadline
        time.sleep(0.002)
    assert runner.mode == "thread" and not worker.failed
