"""One game at a time on one set of files: a second window is refused with a clear message (two windows on one
history each wrote its own copy over the other's and lost a game); the lock goes with the process, so a
crashed game leaves none behind, and a game that quits lets the files go."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ui import i18n
from ui.launch import build_app, claim_files, parser
from ui.persist.instance import LOCK_NAME, AlreadyRunning, HomeLock
from ui.persist.paths import Paths

ROOT = Path(__file__).resolve().parents[3]
HOLD = ("import sys\nfrom pathlib import Path\nfrom ui.persist.instance import HomeLock\n"
        "HomeLock.acquire(Path(sys.argv[1]))\nprint('held', flush=True)\nsys.stdin.readline()\n")  # fmt: skip


class Holder:
    """Another process holding the lock on ``folder`` until ``stop()`` (or a kill)."""

    def __init__(self, folder: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)], cwd=ROOT, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=dict(os.environ, PYTHONPATH=str(ROOT)))  # fmt: skip
        assert self.process.stdout is not None and self.process.stdout.readline() == "held\n"

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write("\n")
        self.process.stdin.flush()
        self.process.wait(30)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        self.process.wait(30)


@pytest.fixture
def holder(paths):
    held = Holder(paths.data)
    yield held
    if held.process.poll() is None:
        held.kill()


def test_a_second_game_on_the_same_files_is_refused_naming_the_first(paths, holder) -> None:
    with pytest.raises(AlreadyRunning) as refused:
        HomeLock.acquire(paths.data)
    assert refused.value.pid == str(holder.process.pid)
    with pytest.raises(SystemExit) as stop:
        claim_files(paths, "en")
    assert str(stop.value) == (f"tienlen: Another Tiến Lên window (process {holder.process.pid}) is using the files "
                               f"in {paths.data}. Switch to that window, or close it and start again: two games on "
                               "the same files would overwrite each other's games and statistics.")  # fmt: skip
    with pytest.raises(SystemExit) as stop:
        claim_files(paths, "vi")
    assert "Một cửa sổ Tiến Lên khác" in str(stop.value)


def test_the_game_itself_stops_before_reading_the_files(paths, holder) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TIENLEN_HOME=str(paths.data.parent))
    run = subprocess.run([sys.executable, "main.py", "--lang", "en"], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)  # fmt: skip
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"Another Tiến Lên window (process {holder.process.pid})" in run.stderr
    assert not paths.settings_file.exists()  # refused before any file was read or written back


def test_a_crashed_game_leaves_no_stale_lock(paths, holder) -> None:
    holder.kill()
    assert (paths.data / LOCK_NAME).read_text().strip() == str(holder.process.pid)  # the file still names it
    HomeLock.acquire(paths.data).release()


def test_a_game_that_quits_lets_the_files_go(paths, holder) -> None:
    holder.stop()
    lock = HomeLock.acquire(paths.data)
    assert (paths.data / LOCK_NAME).read_text().strip() == str(os.getpid())
    lock.release()
    assert (paths.data / LOCK_NAME).read_text() == ""


def test_a_launch_holds_the_files_until_the_app_closes(paths) -> None:
    app = build_app(parser().parse_args(["--lang", "en"]))
    with pytest.raises(subprocess.CalledProcessError):  # another process is refused while this game runs
        subprocess.run([sys.executable, "-c", HOLD, str(paths.data)], cwd=ROOT, check=True, capture_output=True,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60, input="\n", text=True)  # fmt: skip
    app.close()
    Holder(paths.data).stop()  # now it may
    i18n.set_language("vi")  # as the other tests expect it


def test_the_same_process_may_claim_its_files_twice(paths) -> None:
    first, second = HomeLock.acquire(paths.data), HomeLock.acquire(paths.data)
    assert first is second
    second.release()
    with pytest.raises(subprocess.CalledProcessError):  # still held once
        subprocess.run([sys.executable, "-c", HOLD, str(paths.data)], cwd=ROOT, check=True, capture_output=True,
                       env=dict(os.environ, PYTHONPATH=str(ROOT)), timeout=60, input="\n", text=True)  # fmt: skip
    first.release()


def test_no_lock_where_nothing_can_be_kept(tmp_path) -> None:
    home = tmp_path / "file"
    home.write_text("x", encoding="utf-8")
    assert claim_files(Paths.under(home)) is None  # the profile then says the game cannot save


@pytest.mark.parametrize("flags", [["--net-smoke-test", "host"], ["--net-smoke-test", "join:127.0.0.1:9"],
                                   ["--smoke-test", "5"]])  # fmt: skip
def test_a_smoke_test_on_a_home_in_use_takes_the_same_lock_and_writes_nothing(paths, holder, flags) -> None:
    before = sorted(p.name for p in paths.data.iterdir())
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TIENLEN_NO_CRASH_DIALOG="1")
    done = subprocess.run([sys.executable, "main.py", *flags], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.returncode != 0 and "NETSMOKE" not in done.stdout, done.stdout
    assert f"(process {holder.process.pid}) is using the files in {paths.data}" in done.stderr, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in paths.data.iterdir()) == before  # no history, statistics or save written
