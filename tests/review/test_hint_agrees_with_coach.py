"""The hint and the coach use one judge (``game.review.judge``): the move hinted in a position, graded by the
coach, is never worse than the coach's best there by more than the coach's own noise (the standard error of the
paired difference it states), over positions of seeded games in every variant and at two to four seats."""

from __future__ import annotations

import time

import pytest

from game.ai import make_bot
from game.engine.game import new_game
from game.engine.view import SeatView
from game.review.grade import grade
from game.review.judge import Judge, judge, judge_bot
from game.rules import load_rules

#: (variant, players, deal seed): every variant, two to four seats.
GAMES = [("mien-nam", 4, 1), ("dem-la", 3, 2), ("xep-hang", 4, 3), ("co-dien", 2, 4), ("co-dien-diem", 4, 5),
         ("mien-nam", 3, 6)]  # fmt: skip


def positions(variant: str, players: int, seed: int, every: int) -> list[tuple[SeatView, list[str | None]]]:
    """Seat 0's views with a choice to make, every ``every``-th, in a game the normal bot plays at every seat;
    with the seats' levels as the coach would get them from the record (seat 0 a person)."""
    game = new_game(load_rules(variant), players, seed=seed)
    bots = [make_bot("normal", seed=seed * 10 + s) for s in range(players)]
    levels: list[str | None] = [None, *["normal"] * (players - 1)]
    out, turns = [], 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        if seat == 0 and len(view.legal_moves) > 1:
            turns += 1
            if (turns - 1) % every == 0:
                out.append((view, levels))
        move = bots[seat].choose(view)
        game.play(move, seat) if move else game.pass_turn(seat)
    return out


def check(views: list[tuple[SeatView, list[str | None]]]) -> list[float]:
    """Grade each position's hint as the coach does; return each decision's time (the judge's, in seconds)."""
    times = []
    for view, levels in views:
        started = time.process_time()
        hint = Judge(levels).choose(view)
        times.append(time.process_time() - started)
        graded = grade(view, hint, judge_bot(), levels=levels)
        assert not graded.forced or graded.best == hint
        assert graded.loss <= graded.noise, (view.rules.id, view.players, hint, graded)
        assert not graded.significant  # so the coach never names a hinted move among the costliest
    return times


def test_the_hinted_move_is_within_the_coachs_noise_of_its_best() -> None:
    views = [positions(variant, players, seed, every=4)[0] for variant, players, seed in GAMES[:4]]
    check(views)


@pytest.mark.slow
def test_the_hinted_move_is_within_the_coachs_noise_of_its_best_over_many_positions() -> None:
    views = [
        p
        for variant, players, seed in GAMES
        for extra in (0, 10)
        for p in positions(variant, players, seed + extra, every=1)
    ]
    assert len(views) >= 40
    times = sorted(check(views))
    print(f"the judge's decision, processor time: p50 {times[len(times) // 2]:.2f} s, max {times[-1]:.2f} s")


def test_the_hint_is_the_same_every_time_for_the_same_position() -> None:
    view, levels = positions("mien-nam", 4, 1, every=1)[2]
    assert Judge(levels).choose(view) == Judge(levels).choose(view) == judge(view, levels).best
