"""``tools/bench_picture.py`` measures how well each picture of a patient player predicts one."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bench_picture.py"


def test_the_patient_pictures_predict_baselines_passes_and_the_keen_one_does_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("bench_picture", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setattr(sys, "argv", ["bench_picture.py", "--games", "4", "--seed", "3"])
    assert tool.main() == 0
    out = capsys.readouterr().out
    shares = {m[1].strip(): float(m[2]) for m in re.finditer(r"^  (.+?)\s+all [\d.]+\s+pass ([\d.]+)", out, re.M)}
    assert set(shares) == {"normal", "loose", "patient", "defaults", "normal, keen"}
    assert min(shares[p] for p in ("normal", "loose", "patient")) > 0.6 > shares["normal, keen"]
