"""A kill at any moment of a write leaves the old file or the new one, whole — never a broken one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

WRITER = """
import sys
from ui.persist.files import write_versioned
path = sys.argv[1]
i = 0
while True:
    i += 1
    write_versioned(path, "thing", 1, {"n": i, "padding": ["x" * 200] * 500})
"""


@pytest.mark.skipif(os.name != "posix", reason="uses SIGKILL")
def test_killing_a_writer_mid_write_never_leaves_a_broken_file(tmp_path):
    seen = set()
    for round_ in range(12):
        target = tmp_path / f"stats-{round_}.json"
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=ROOT)
        # Let the writer finish a varying number of writes (so the kills land at different points), then kill
        # it while it is writing the next one.
        want, deadline = 1 + round_ % 4, time.monotonic() + 20
        while time.monotonic() < deadline and _written(target) < want:
            time.sleep(0.005)
        time.sleep(0.002 * round_)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = json.loads(target.read_text(encoding="utf-8"))
        assert data["kind"] == "thing" and len(data["padding"]) == 500
        seen.add(data["n"])
    assert len(seen) > 1  # the writer really was interrupted at different points


def _written(target: Path) -> int:
    """How many writes the file shows (it is replaced atomically, so a read sees a whole one)."""
    try:
        return int(json.loads(target.read_text(encoding="utf-8"))["n"])
    except (OSError, ValueError):
        return 0
