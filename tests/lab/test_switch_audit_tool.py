"""``lab/checks/switch_audit.py --alternatives``: every race's best alternative is played instead of normal's
choice and grouped by the race's verdict on it (the measurement behind hard's switching test)."""

from __future__ import annotations

import importlib
from types import ModuleType

import pytest


def _tool() -> ModuleType:
    return importlib.import_module("lab.checks.switch_audit")


def test_verdicts_fall_in_bins_that_cover_every_value() -> None:
    verdict = _tool().verdict
    assert [verdict(t) for t in (-3.0, 0.5, 1.2, 1.7, 2.0, 2.9, 7.0)] == [
        "t<0.0", "t 0.0-1.0", "t 1.0-1.5", "t 1.5-2.0", "t 2.0-2.5", "t 2.5-3.0", "t 3.0+"]  # fmt: skip


def test_the_alternatives_audit_rates_every_race(capsys: pytest.CaptureFixture[str]) -> None:
    tool = _tool()
    found, base, asked = tool.audit_game("mien-nam", 101, 0, 0, "hard", "normal",
                                         {"hard": {"playouts": 6, "time_limit": 30}}, True)  # fmt: skip
    assert asked > 0 and base[0] in (0.0, 1.0)
    assert found and all(w.t is not None for w in found)
    assert all(w.win in (-1.0, 0.0, 1.0) for w in found)
    # Without the flag only the switches are audited, and they carry no verdict.
    plain, _, _ = tool.audit_game("mien-nam", 101, 0, 0, "hard", "normal", {"hard": {"playouts": 6, "time_limit": 30}})
    assert all(w.t is None and w.taken for w in plain)
    assert len(plain) <= len(found)
    assert tool.main(["--deals", "1", "--opponents", "normal", "--alternatives",
                      "--bot-option", "hard.playouts=6", "--bot-option", "hard.time_limit=30"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "a best alternative other than normal's choice" in out and "\nt" in out
    assert tool.Race.run.__name__ == "run"  # the races are no longer watched
