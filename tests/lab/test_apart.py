"""The game stands apart from its laboratory: no module of the game imports ``lab`` (or ``tests``, or ``tools``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Run in a fresh interpreter, so that nothing this test process imported (the lab's tests do) can hide an import.
PROBE = """
import importlib, pkgutil, sys
import game, ui
names = ["main"]
for package in (game, ui):
    names += [m.name for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in names:
    importlib.import_module(name)
lab = sorted(m for m in sys.modules if m.split(".")[0] in ("lab", "tests", "tools"))
print(len(names), "modules;", "lab:", ",".join(lab) or "none")
"""


def test_no_module_of_the_game_or_its_window_imports_the_lab() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONDONTWRITEBYTECODE": "1"}
    found = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=300)  # fmt: skip
    assert found.returncode == 0, found.stderr[-3000:]
    count, _, lab = found.stdout.strip().splitlines()[-1].rpartition("lab: ")
    assert int(count.split()[0]) > 100  # every module was imported, not a few
    assert lab == "none", f"the game imports the lab: {lab}"
