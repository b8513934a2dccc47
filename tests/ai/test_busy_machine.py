"""A searching bot's decision does not depend on how busy the machine is: its work budget decides, and its time
limit is only a safety net far above what the work takes (docs/ai.md, "Work, not the clock")."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from game import load_rules, new_game
from game.ai import make_bot
from game.engine.view import SeatView


def position(seed: int, decisions: int) -> SeatView:
    """Seat 0's view after ``decisions`` moves of a 4-player game among normal bots (a slow search to come)."""
    game = new_game(load_rules("mien-nam"), players=4, seed=seed)
    bots = [make_bot("normal", seed=s) for s in range(4)]
    for _ in range(decisions):
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        game.pass_turn(seat) if move is None else game.play(move, seat)
    assert game.current_player == 0
    return game.view(0)


@pytest.fixture
def busy() -> Iterator[None]:
    """Every processor core kept busy by another process spinning, for as long as the test runs."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(os.cpu_count() or 2)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


# Among the slowest decisions of their level in these games (hard about 0.1 s of processor time, expert about
# 0.3 s): with the former limits (0.18 s and 0.65 s) a busy machine cut these searches short.
SLOW = [("hard", 4, 12), ("expert", 0, 31)]


@pytest.mark.parametrize(("level", "seed", "decisions"), SLOW)
def test_a_busy_processor_leaves_the_searching_bots_decision_as_it_was(
    level: str, seed: int, decisions: int, request: pytest.FixtureRequest
) -> None:
    view = position(seed, decisions)
    quiet = make_bot(level, seed=5)
    move = quiet.choose(view)
    said = quiet.evidence  # type: ignore[attr-defined]
    assert said is not None  # it searched: the race's raw chance, read patience, memory
    request.getfixturevalue("busy")
    for _ in range(2):
        loaded = make_bot(level, seed=5)
        assert loaded.choose(view) == move
        assert loaded.evidence == said  # type: ignore[attr-defined]  # the same deals, to the last one
