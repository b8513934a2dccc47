"""Start-up time and peak memory of the real game (``main.py --smoke-test 3`` in a fresh process) with no
user rules file, with the most hostile 10 KB rules files we could write, and with a 50 MB one.

    python3 tools/bench_startup.py [--runs 3]

Prints the minimum and median wall time and the peak resident memory of each; every run must exit 0.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ui.persist.hostile import alias_bomb, extends_chain, many_variants  # noqa: E402

CHILD = ("import resource, sys, main\ncode = main.main(['--smoke-test', '3'])\n"
         "print('PEAK_KB', resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\nsys.exit(code)\n")
KB10 = 10 * 1024


def _fill(prefix: bytes, unit: bytes, suffix: bytes = b"", size: int = KB10) -> bytes:
    return prefix + unit * ((size - len(prefix) - len(suffix)) // len(unit)) + suffix


def cases() -> dict[str, bytes]:
    head = b"variants:\n  mine:\n    extends: mien-nam\n    name: {vi: M, en: M}\n"
    width = 9
    while len(alias_bomb(8, width + 1)) <= KB10:  # the widest eight-level alias bomb that fits in 10 KB
        width += 1
    bomb = alias_bomb(8, width)
    return {
        "no rules file": b"",
        "valid, 100 variants": b"variants:\n" + b"".join(
            b"  v%d: {extends: dem-la, quit_charge: %d, prices: {quad: %d}}\n" % (i, i, i + 1) for i in range(100)),
        f"alias bomb ({width}^8 values)": bomb,
        "10 KB nesting": _fill(head + b"    prices: ", b"[", b"", KB10 // 2) + b"]" * (KB10 // 2 - len(head) - 12),
        "10 KB of variants (900)": many_variants(900),
        "10 KB extends chain (430)": extends_chain(430),
        "10 KB of flow values": _fill(head + b"    instant_wins: {every_game: [", b"dragon, ", b"]}\n"),
        "10 KB one long number": head + b"    quit_charge: " + b"9" * (KB10 - len(head) - 20) + b"\n",
        "50 MB file": _fill(b"variants:\n", b"  # " + b"x" * 75 + b"\n", b"", 50 * 2**20),
    }


def measure(data: bytes) -> tuple[float, int, int]:
    with tempfile.TemporaryDirectory() as home:
        if data:
            (Path(home) / "config").mkdir()
            (Path(home) / "config" / "rules.yaml").write_bytes(data)
        env = dict(os.environ, TIENLEN_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        began = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=300)
        seconds = time.perf_counter() - began
    peak = next((int(ln.split()[1]) for ln in proc.stderr.splitlines() if ln.startswith("PEAK_KB")), 0)
    return seconds, peak // 1024, proc.returncode


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'rules.yaml':28s} {'bytes':>10s} {'min s':>7s} {'median s':>9s} {'peak MB':>8s}")
    failed = 0
    for name, data in cases().items():
        runs = [measure(data) for _ in range(args.runs)]
        times = [r[0] for r in runs]
        failed += sum(1 for r in runs if r[2] != 0)
        print(f"{name:28s} {len(data):>10,} {min(times):7.2f} {statistics.median(times):9.2f} "
              f"{max(r[1] for r in runs):8d}" + ("" if all(r[2] == 0 for r in runs) else "  FAILED"), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
