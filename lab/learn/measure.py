"""A checkpoint against three copies of a level on fixed duplicate deals (``lab.arena``), as training measures it."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from lab.arena import run, summarise

#: The deals every evaluation plays (a seed the arena's documented runs do not use).
EVAL_SEED = 4747


def against(weights: Path, level: str, deals: int, seed: int = EVAL_SEED, workers: int = 1,
            variant: str = "mien-nam") -> tuple[float, float]:
    """The master bot with ``weights`` against 3 ``level`` at four players: its win rate and 95% half-width.
    The weights are copied to a fresh name first, since a process loads each weights file once."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / f"eval-{weights.stat().st_mtime_ns}.npz"
        shutil.copyfile(weights, copy)
        lineup = ["master", level, level, level]
        records = run(lineup, deals, variant=variant, seed=seed, workers=workers,
                      options={"master": {"weights": str(copy)}, "hard": {"time_limit": 30}})
    summary = summarise(records, lineup)[0]
    return summary.win
