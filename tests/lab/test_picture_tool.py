"""``lab/checks/picture_check.py`` measures how well each picture of a patient player predicts one."""

from __future__ import annotations

import importlib
import re
import sys

import pytest


def test_the_patient_pictures_predict_baselines_passes_and_the_keen_one_does_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = importlib.reload(importlib.import_module("lab.checks.picture_check"))  # afresh: a run may leave it patched
    monkeypatch.setattr(sys, "argv", ["bench_picture.py", "--games", "4", "--seed", "3"])
    assert tool.main() == 0
    out = capsys.readouterr().out
    shares = {m[1].strip(): float(m[2]) for m in re.finditer(r"^  (.+?)\s+all [\d.]+\s+pass ([\d.]+)", out, re.M)}
    assert set(shares) == {"normal", "loose", "patient", "defaults", "normal, keen"}
    assert min(shares[p] for p in ("normal", "loose", "patient")) > 0.6 > shares["normal, keen"]
