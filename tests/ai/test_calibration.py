"""From the search's raw win chance to a calibrated one (``game.ai.search.calibration``), and the tool that fits it."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.search.calibration import CALIBRATION, MATCH_MODEL, Logistic, calibrated, features
from lab.checks import fit_calibration

ROOT = Path(__file__).resolve().parents[2]


def test_the_single_deal_map_passes_through_its_points_and_is_flat_beyond_them() -> None:
    for raw, seen in CALIBRATION:
        assert abs(calibrated(raw, CALIBRATION) - seen) < 1e-9
    assert calibrated(0.0) == CALIBRATION[0][1] and calibrated(1.0) == CALIBRATION[-1][1]
    assert all(a < b and c < d for (a, c), (b, d) in zip(CALIBRATION, CALIBRATION[1:], strict=False))


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_both_keep_the_order_of_chances_and_stay_chances(a: float, b: float, patience: float) -> None:
    lo, hi = sorted((a, b))
    assert 0.0 <= calibrated(lo) <= calibrated(hi) <= 1.0
    assert 0.0 < MATCH_MODEL.predict(lo, patience) <= MATCH_MODEL.predict(hi, patience) < 1.0


def test_the_match_model_reads_patience_the_way_the_playouts_err() -> None:
    # Against patient players pictured partly keen the raw chance runs low; against keen ones, high.
    for raw in (0.2, 0.4, 0.6):
        assert MATCH_MODEL.predict(raw, 0.95) > MATCH_MODEL.predict(raw, 0.05)


def test_the_fit_recovers_a_known_model() -> None:
    truth = Logistic(-0.2, (0.8, 0.6, -0.3))
    rng = random.Random(4)
    rows = []
    for _ in range(6000):
        xs = features(rng.random(), rng.random())
        rows.append((xs, 1.0 if rng.random() < truth.chance(xs) else 0.0))
    beta = fit_calibration.fit(rows)
    assert beta == pytest.approx([truth.intercept, *truth.weights], abs=0.15)


def _record(evidence: list[list[float]], won: list[float]) -> dict[str, object]:
    return {"deal": 0, "outcomes": [], "predictions": [["hard", 0.5, w] for w in won], "evidence": evidence}


def test_the_tool_fits_remembered_decisions_and_refuses_records_without_evidence(tmp_path: Path) -> None:
    rng = random.Random(8)
    truth = Logistic(0.1, (1.2, 1.0, 0.0))
    evidence, won = [], []
    for _ in range(3000):
        raw, patience = rng.random(), rng.random()
        evidence.append([raw, patience, 1.0])
        won.append(1.0 if rng.random() < truth.predict(raw, patience) else 0.0)
    good = tmp_path / "match.json"
    good.write_text(json.dumps([_record(evidence, won)]), encoding="utf-8")
    tool = [sys.executable, "-m", "lab.checks.fit_calibration"]
    out = subprocess.run([*tool, str(good)], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert "fitted on 3000 remembered decisions" in out and "match.json" in out
    fitted = [line for line in out.splitlines() if line.startswith("match.json") and " fitted " in line][0]
    gaps = [float(g.strip("()")) for g in fitted.split() if g.startswith("(")]
    assert len(gaps) == 5 and max(map(abs, gaps)) < 0.05  # calibrated on the data it was fitted on
    old = tmp_path / "old.json"
    old.write_text(json.dumps([{"deal": 0, "outcomes": [], "predictions": [["hard", 0.5, 1.0]]}]), encoding="utf-8")
    refused = subprocess.run([*tool, str(old)], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode != 0 and "do not say what they were made from" in refused.stderr
    assert math.isfinite(MATCH_MODEL.intercept)
