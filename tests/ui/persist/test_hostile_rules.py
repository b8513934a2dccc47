"""A hostile ``rules.yaml`` never stops, hangs or bloats the game: it starts with the built-in variants and a
notice naming the file, the line and the field, and the log has the same words.

Each file goes through a real start-up (``main.py --smoke-test``) in its own process, bounded in time (a
timeout) and memory (an address-space limit, and the peak resident size it reports). The processes run a
few at a time so the whole check costs about as much as two or three start-ups per core.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.ui.persist.hostile import HOSTILE
from ui.persist.custom_rules import NOTICE_LIMIT, load_variants
from ui.persist.paths import Paths

ROOT = Path(__file__).resolve().parents[3]
TIMEOUT_S = 90  # a guard against a hang on a loaded machine, not a speed target (tools/bench_startup.py)
PEAK_LIMIT_MB = 400
BIG_FILE_MB = 50
# The peak is this process's own high-water mark (VmHWM on Linux): ``ru_maxrss`` of a forked child also
# counts the parent's pages from before the exec, which is the whole test run's memory.
CHILD = (
    "import resource, sys, main\n"
    "code = main.main(['--smoke-test', '3'])\n"
    "try:\n"
    "    status = open('/proc/self/status', encoding='ascii').read().split('VmHWM:')[1]\n"
    "    peak = int(status.split()[0])\n"
    "except (OSError, IndexError):\n"
    "    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // (1024 if sys.platform == 'darwin' else 1)\n"
    "print('PEAK_KB', peak, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def _limit_memory() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def _start(home: Path) -> tuple[int, float, int, str]:
    env = dict(os.environ, TIENLEN_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    began = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT_S, preexec_fn=_limit_memory if os.name == "posix" else None)
    elapsed = time.perf_counter() - began
    peak = next((int(line.split()[1]) for line in proc.stderr.splitlines() if line.startswith("PEAK_KB")), 0)
    return proc.returncode, elapsed, peak // 1024, proc.stderr


@pytest.fixture(scope="module")
def started(tmp_path_factory):
    """Every hostile file's start-up, run three at a time: name -> (exit code, seconds, peak MB, log, stderr)."""
    cases = dict(HOSTILE)
    big = b"variants:\n" + b"#" * 79 + b"\n" * 1
    cases[f"a {BIG_FILE_MB} MB file"] = (big * (BIG_FILE_MB * 2**20 // len(big)), ("rules.yaml", "larger than"))
    homes = {}
    for name, (data, _) in cases.items():
        home = tmp_path_factory.mktemp("home")
        paths = Paths.under(home)
        paths.ensure()
        paths.user_rules_file.write_bytes(data)
        homes[name] = home
    with ThreadPoolExecutor(3) as pool:
        runs = dict(zip(homes, pool.map(_start, homes.values()), strict=True))
    out = {}
    for name, (code, seconds, peak, stderr) in runs.items():
        log = Paths.under(homes[name]).logs / "tienlen.log"
        text = log.read_text(encoding="utf-8") if log.exists() else ""
        out[name] = (code, seconds, peak, text, stderr, cases[name][1])
    return out


@pytest.mark.skipif(os.name != "posix", reason="the memory limit and peak use POSIX resource limits")
@pytest.mark.parametrize("name", [*sorted(HOSTILE), f"a {BIG_FILE_MB} MB file"])
def test_the_game_starts_with_a_hostile_rules_file_and_logs_why_it_is_not_used(started, name):
    code, seconds, peak, log, stderr, words = started[name]
    assert code == 0, stderr[-2000:]
    assert 0 < peak < PEAK_LIMIT_MB, f"peak {peak} MB"
    line = next((ln for ln in log.splitlines() if "is not used" in ln), "")
    assert all(w in line for w in words), line or log[-2000:]


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_the_notice_names_file_line_and_field_and_fits_a_dialog(tmp_path, name):
    data, words = HOSTILE[name]
    paths = Paths.under(tmp_path)
    paths.ensure()
    paths.user_rules_file.write_bytes(data)
    catalogue, notices = load_variants(paths)
    assert catalogue.ids()[:5] == ["mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem"]
    assert [n.key for n in notices] == ["notice.rules_invalid"]
    error = notices[0].fields["error"]
    assert all(w in error for w in words) and len(error) <= NOTICE_LIMIT
    assert paths.user_rules_file.read_bytes() == data  # the player's own file is never touched
