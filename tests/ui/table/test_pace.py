"""An opponent's pause is as long as a person's would be over that turn (``ui.table.pace``)."""

from __future__ import annotations

import random
import statistics

from game.engine.game import new_game
from game.engine.view import SeatView
from game.rules import load_rules
from tests.engine.helpers import table
from ui.table import pace
from ui.table.pace import think_seconds

LOW, HIGH = pace.JITTER


def _turns(games: int = 12) -> dict[str, list[SeatView]]:
    """The views of every turn of some games played at random, by the kind of turn they are."""
    kinds: dict[str, list[SeatView]] = {"nothing": [], "only": [], "follow": [], "lead": []}
    rng = random.Random(5)
    for seed in range(games):
        game = new_game(load_rules(), players=4, seed=seed)
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            moves = view.legal_moves
            kind = ("nothing" if view.table is not None and not moves else "only" if len(moves) == 1
                    else "follow" if view.table is not None else "lead")  # fmt: skip
            kinds[kind].append(view)
            if view.table is not None and (not moves or rng.random() < 0.3):
                game.pass_turn(seat)
            else:
                game.play(rng.choice(moves), seat)
    return kinds


def test_each_kind_of_turn_takes_its_share_of_the_pause_give_or_take_the_jitter():
    kinds = _turns()
    assert all(kinds.values()), {k: len(v) for k, v in kinds.items()}
    share = {"nothing": pace.NOTHING_BEATS, "only": pace.ONLY_CHOICE, "follow": pace.FOLLOW, "lead": pace.LEAD}
    rng = random.Random(1)
    for kind, views in kinds.items():
        for view in views:
            pause = think_seconds(view, 1.0, rng)
            assert pace.THINK_SECONDS * share[kind] * LOW <= pause <= pace.THINK_SECONDS * share[kind] * HIGH, kind


def test_a_pass_over_nothing_is_quick_and_a_lead_is_the_longest_pause_on_average():
    kinds = _turns()
    rng = random.Random(2)
    mean = {kind: statistics.mean(think_seconds(v, 1.0, rng) for v in views) for kind, views in kinds.items()}
    assert mean["nothing"] < mean["only"] < mean["follow"] < mean["lead"]
    assert mean["nothing"] < 0.5 * mean["follow"]  # nobody ponders a pass they cannot avoid


def test_no_two_pauses_alike_and_the_opponent_speed_scales_them():
    view = _turns(2)["follow"][0]
    pauses = [think_seconds(view, 1.0, random.Random(seed)) for seed in range(20)]
    assert len(set(pauses)) == 20
    assert think_seconds(view, 2.0, random.Random(3)) == think_seconds(view, 1.0, random.Random(3)) / 2
    assert think_seconds(view, 0.0, random.Random(3)) == think_seconds(view, 0.1, random.Random(3))  # never forever


def test_a_hand_that_cannot_beat_a_two_passes_quickly():
    game = table("mien-nam", "3s 4c", "2h 9c", "5d 6d", "7c 8c", leader=1)
    game.play(next(m for m in game.legal_moves(1) if len(m) == 1 and m[0].rank.name == "TWO"), 1)
    view = game.view(2)
    assert view.table is not None and not view.legal_moves
    assert think_seconds(view, 1.0, random.Random(0)) <= pace.THINK_SECONDS * pace.NOTHING_BEATS * HIGH
