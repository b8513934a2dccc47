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

ROOT = Path(__file__).resolve().parents[2]

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
    target = tmp_path / "stats.json"
    seen = set()
    for round_ in range(12):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, str(target)], cwd=ROOT)
        # Wait for the writer to get going, then kill it at a varying moment.
        deadline = time.monotonic() + 10
        while not target.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.02 + 0.013 * round_)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        data = json.loads(target.read_text(encoding="utf-8"))
        assert data["kind"] == "thing" and len(data["padding"]) == 500
        seen.add(data["n"])
    assert len(seen) > 1  # the writer really was interrupted at different points
