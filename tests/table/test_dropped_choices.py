"""A choice nobody waits for any more (a hint asked before the player moved, an opponent's before a take-back)
is dropped: the worker process skips it if it has not started, stops it part-way if it can, and sends no answer;
the next choice is never held up behind it. The same on a thread."""

from __future__ import annotations

import pytest

from game import load_rules, new_game
from game.engine.view import SeatView
from game.table.bot_worker import BotWorker, wait_for
from game.table.bots import BotRunner
from tests.table.stubborn import Quick, Stubborn


def to_move(seed: int) -> SeatView:
    game = new_game(load_rules(), players=4, seed=seed)
    return game.view(game.current_player)


@pytest.fixture(scope="module")
def worker():
    w = BotWorker()
    assert w.start(), "the worker process should start on this machine"
    yield w
    w.shutdown()


def test_a_dropped_job_is_stopped_or_skipped_and_the_next_is_answered(worker: BotWorker) -> None:
    view = to_move(3)
    before = worker.answered
    thinking = worker.submit(Stubborn(), view)  # thinks for a minute unless stopped
    queued = worker.submit(Quick(), view)  # waits behind it
    worker.drop(queued)  # dropped before it starts: skipped
    worker.drop(thinking)  # dropped while it thinks: stopped
    last = worker.submit(Quick(), view)
    move, error = wait_for(worker, last)  # a guard of 20 s; the stubborn job alone would take 60
    assert error is None and move == tuple(view.legal_moves[0])
    assert worker.reports.pop(last, None) == {"deals": 7}
    assert worker.answered - before == 1  # the two dropped jobs sent nothing
    assert worker.poll(thinking) is None and worker.poll(queued) is None


def test_a_runner_that_cancels_drops_its_job_in_the_worker(worker: BotWorker) -> None:
    view = to_move(4)
    hint, opponent = BotRunner(worker), BotRunner(worker)
    hint.start(Stubborn(), view)
    hint.cancel()
    opponent.start(Quick(), view)
    move, _ = wait_for(worker, opponent._job[1])  # type: ignore[index]
    assert move == tuple(view.legal_moves[0]) and not worker.failed


def test_on_a_thread_a_cancelled_choice_stops_and_its_report_is_kept_for_an_answer() -> None:
    view = to_move(6)
    runner = BotRunner(worker=False)
    runner.start(Stubborn(), view)
    thread = runner._thread
    assert thread is not None and thread.is_alive()
    runner.cancel()
    thread.join(20)  # a guard: uncancelled it thinks for 60 s
    assert not thread.is_alive() and not runner.done
    runner.start(Quick(), view)
    assert runner._thread is not None
    runner._thread.join(20)
    assert runner.done and runner.result == tuple(view.legal_moves[0]) and runner.report == {"deals": 7}
