"""The tuner is reproducible, tunes on deals the measurements never use, and writes what the bots load."""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.ai.judge.weights import FIELDS, PARAMS_FILE, Weights, from_dict, load, read, to_dict, tuned
from game.resources import resource
from lab.bots import make_bot
from lab.tune import BOUNDS, TUNED, TUNING_SEEDS_FROM, Settings, deal_seed, evaluate, main, tune, write

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
    write(path, mean, replace(TINY, generations=9), history)  # a run cut short by --minutes after 2
    assert read(path) == from_dict(mean)
    record = json.loads(path.read_text(encoding="utf-8"))["tuning"]
    assert record["generations_run"] == 2 and "--generations 2 " in record["command"]  # the command reproduces it
    assert "--minutes 0 " in record["command"]  # and is not cut short by the clock


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


MIXED = Settings(seed=4, generations=2, population=3, elite=1, deals=1, workers=1,
                 opponents=("baseline", "normal", "normal"), level="hard", final=2, final_deals=2)  # fmt: skip


@pytest.fixture(scope="module")
def mixed_run() -> Run:
    return tune(MIXED, tuned(), log=lambda _: None)


def test_a_run_against_mixed_opponents_is_reproducible_and_ends_with_a_final_check(mixed_run: Run) -> None:
    assert tune(MIXED, tuned(), log=lambda _: None) == mixed_run
    mean, history = mixed_run
    generations = [h for h in history if "generation" in h]
    assert [h["generation"] for h in generations] == [0, 1]
    assert all("best_vs_mean" in h and h["best_vs_mean"] >= 0 for h in generations)  # the mean is a candidate
    check = history[-1]["final_check"]
    assert check["deals"] == 2 and check["deal_seed"] >= TUNING_SEEDS_FROM
    assert check["rows"][0]["weights"] == "start" and check["rows"][0]["vs_start"] == 0
    chosen = max(check["rows"], key=lambda r: r["fitness"])
    assert check["chosen"] == chosen["weights"]
    if chosen["weights"] == "start":
        assert from_dict(mean) == from_dict(to_dict(tuned()))
    assert all(BOUNDS[k][0] <= mean[k] <= BOUNDS[k][1] for k in FIELDS)


def test_only_the_tuned_seat_plays_the_candidate_weights() -> None:
    # Against three copies of today's normal bot, today's weights win exactly one rotation in four of every
    # deal (the same bot in every seat) and break even; other weights change that, so they reach that seat alone.
    same = Settings(deals=3, workers=1, opponents=("normal",) * 3)
    today, changed = evaluate([to_dict(tuned()), {"threshold": 0.4, "sure": 0.3}], same, 0, None)
    assert today == [0.25] * 3
    assert changed != today


def test_the_hard_set_is_written_beside_the_normal_one(tmp_path: Path, tiny_run: Run, mixed_run: Run) -> None:
    path = tmp_path / "params.json"
    write(path, tiny_run[0], TINY, tiny_run[1])
    write(path, mixed_run[0], MIXED, mixed_run[1])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert read(path) == from_dict(tiny_run[0]) and read(path, "hard") == from_dict(mixed_run[0])
    assert data["tuning"]["opponents"] == "3 × baseline"
    record = data["tuning_hard"]
    assert record["opponents"] == "baseline, normal, normal" and record["generations_run"] == 2
    assert "--opponents baseline,normal,normal --level hard --final 2" in record["command"]
    assert "final_check" in record["history"][-1]


def test_a_missing_hard_set_falls_back_to_the_normal_one_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "params.json"
    path.write_text(json.dumps({"normal": {"threshold": -0.5}}), encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load(path, "hard") == Weights(threshold=-0.5)
    assert "using the normal ones" in caplog.text
    with pytest.raises(ValueError, match="unknown weight set"):
        load(path, "impossible")


def test_a_named_weight_set_can_be_asked_for() -> None:
    assert make_bot("normal", weights="hard").weights == tuned("hard")  # type: ignore[attr-defined]
    assert make_bot("normal", weights="hard", threshold=0.1).weights.threshold == 0.1  # type: ignore[attr-defined]


def test_the_command_line_takes_mixed_opponents(capsys: pytest.CaptureFixture[str]) -> None:
    tiny = ["--generations", "1", "--population", "2", "--deals", "1", "--workers", "1", "--elite", "1"]
    assert main([*tiny, "--opponents", "baseline,normal", "--final", "1"]) == 0
    out = capsys.readouterr().out
    assert "generation 0" in out and "final check" in out
    with pytest.raises(SystemExit):
        main([*tiny, "--opponent", "baseline", "--opponents", "normal,normal,normal"])
    assert TUNED.startswith("normal:")
