"""The coach's chances as they come true at the table (``game.review.chances``), and the fit of its model."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.review.chances import KEEN_MODEL, KEEN_MODELS, keen_share, logit, model_for, shown


def test_the_share_counts_the_planners_among_the_other_seats() -> None:
    assert keen_share(0, [None, "normal", "hard", "expert"]) == 1.0
    assert keen_share(0, [None, "easy", "normal", "easy"]) == pytest.approx(1 / 3)
    assert keen_share(2, ["easy", "hard", None]) == 0.5  # the seat's own level does not count
    assert keen_share(0, [None, None, None]) == 0.0  # levels not on the record: nothing is moved
    assert keen_share(0, []) == 0.0


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.sampled_from([0.0, 1 / 3, 0.5, 2 / 3, 1.0]))
def test_the_chances_shown_keep_their_order_and_stay_chances(a: float, b: float, share: float) -> None:
    lo, hi = sorted((a, b))
    assert 0.0 <= shown(lo, share) <= shown(hi, share) <= 1.0


@given(st.floats(0.0, 1.0))
def test_a_table_of_beginners_is_shown_the_raw_chance(raw: float) -> None:
    assert shown(raw, 0.0) == raw


def test_against_planners_the_chances_shown_are_lower_in_the_middle() -> None:
    # The playouts underrate planners, so the middle chances they give come true less often.
    for raw in (0.3, 0.5, 0.7):
        assert shown(raw, 1.0) < raw - 0.02
        assert shown(raw, 1.0) < shown(raw, 1 / 3) < raw


def test_the_fit_recovers_a_known_model_for_each_table_size(tmp_path: Path) -> None:
    from lab.checks import coach_check as tool
    truths = {4: (-0.35, -0.2), 2: (-0.8, 0.1)}
    tables = (["normal", "normal", "normal"], ["easy", "hard", "easy"], ["easy", "easy", "easy"], ["hard"])
    rng = random.Random(3)
    files = []
    for opponents in tables:
        truth = truths[len(opponents) + 1]
        lines = []
        for game in range(3000):
            raw = rng.random()
            chance = shown(raw, keen_share(0, [None, *opponents]), truth)
            lines.append(json.dumps({"opponents": opponents, "blind": False, "raw": raw, "game": game,
                                     "won": 1.0 if rng.random() < chance else 0.0}))  # fmt: skip
        path = tmp_path / f"{len(files)}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        files.append(path)
    found = tool.fit_keen(files)
    assert sorted(found) == [2, 4]
    for players, truth in truths.items():
        assert found[players] == pytest.approx(truth, abs=0.15)


def test_each_table_size_has_its_map_and_others_the_four_player_one() -> None:
    assert model_for(4) == KEEN_MODEL and model_for(6) == KEEN_MODEL
    assert all(model_for(n) == KEEN_MODELS[n] for n in KEEN_MODELS)


def test_logit_is_clipped_so_sure_shares_stay_finite() -> None:
    assert math.isfinite(logit(0.0)) and math.isfinite(logit(1.0))
    assert logit(0.5) == 0.0 and logit(0.0) == pytest.approx(-logit(1.0))
