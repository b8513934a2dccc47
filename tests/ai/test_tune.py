"""The tuner is reproducible, tunes on deals the measurements never use, and writes what the bots load."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from game.ai import make_bot
from game.ai.tune import BOUNDS, TUNING_SEEDS_FROM, Settings, deal_seed, tune, write
from game.ai.weights import FIELDS, PARAMS_FILE, Weights, from_dict, load, read
from game.resources import resource

TINY = Settings(seed=3, generations=2, population=2, elite=1, deals=1, workers=1)
Run = tuple[dict[str, float], list[dict[str, Any]]]


@pytest.fixture(scope="module")
def tiny_run() -> Run:
    return tune(TINY, Weights(), log=lambda _: None)


def test_tuning_is_reproducible_from_its_seed(tiny_run: Run) -> None:
    assert tune(TINY, Weights(), log=lambda _: None) == tiny_run
    mean, history = tiny_run
    assert len(history) == 2
    assert all(BOUNDS[k][0] <= mean[k] <= BOUNDS[k][1] for k in FIELDS)


def test_tuning_deals_never_overlap_the_measured_ones() -> None:
    seeds = {deal_seed(Settings(seed=s), g) for s in range(1, 20) for g in range(50)}
    assert min(seeds) >= TUNING_SEEDS_FROM > 1000  # the arena measures on small seeds (default 1)


def test_written_weights_are_read_back(tmp_path: Path, tiny_run: Run) -> None:
    mean, history = tiny_run
    path = tmp_path / "params.json"
    write(path, mean, TINY, history)
    assert read(path) == from_dict(mean)
    assert json.loads(path.read_text(encoding="utf-8"))["tuning"]["generations_run"] == 2


def test_the_shipped_weights_load_and_lie_in_the_tuner_ranges() -> None:
    shipped = read(resource(*PARAMS_FILE))  # raises if the file is missing or broken
    values = vars(shipped)
    assert all(BOUNDS[k][0] <= values[k] <= BOUNDS[k][1] for k in FIELDS)
    assert make_bot("normal").weights == shipped  # type: ignore[attr-defined]


def test_a_broken_weights_file_falls_back_to_the_defaults_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "params.json"
    path.write_text('{"normal": {"threshold": "high"}}', encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load(path) == Weights()
    assert "using the defaults" in caplog.text


def test_an_unknown_weight_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown weight"):
        make_bot("normal", thershold=0.1)
