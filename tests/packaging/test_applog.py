"""The log file and crash reports land in the folder given, never in the real home folder."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, tmp_path: Path, **extra_env: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_STATE_HOME=str(tmp_path / "state"),
               SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT), **extra_env)
    if "TIENLEN_HOME" not in extra_env:
        env.pop("TIENLEN_HOME", None)
    return subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)


def test_uncaught_exception_leaves_a_crash_report_with_the_traceback(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    code = (
        "from pathlib import Path\nfrom ui import applog\n"
        f"applog.setup_logging(Path({str(logs)!r})); applog.install_crash_handler()\n"
        "import logging; logging.getLogger('tienlen.table').info('dealt the cards')\n"
        "def deal():\n    raise RuntimeError('the deck is empty')\n"
        "deal()\n"
    )
    result = run_python(code, tmp_path)
    assert result.returncode == 1
    reports = list(logs.glob("crash-*.txt"))
    assert len(reports) == 1
    text = reports[0].read_text(encoding="utf-8")
    assert "Traceback" in text and "RuntimeError: the deck is empty" in text and "in deal" in text
    assert "dealt the cards" in text  # the log's last lines come with it
    assert "the deck is empty" in (logs / "tienlen.log").read_text(encoding="utf-8")


def test_an_exception_reported_then_re_raised_gives_one_report_not_two(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    code = (
        "from pathlib import Path\nfrom ui import applog\n"
        f"applog.setup_logging(Path({str(logs)!r})); applog.install_crash_handler()\n"
        "try:\n    raise OSError('disk gone')\n"
        "except OSError as exc:\n    applog.write_crash_report(exc)\n    raise\n"
    )
    result = run_python(code, tmp_path)
    assert result.returncode == 1
    assert len(list(logs.glob("crash-*.txt"))) == 1
    assert "OSError: disk gone" in result.stderr  # the usual traceback still reaches a console


def test_default_log_folder_follows_the_platform_user_folders(tmp_path: Path) -> None:
    code = "from ui import applog\nprint(applog.setup_logging())\n"
    result = run_python(code, tmp_path)
    assert result.returncode == 0, result.stderr
    path = Path(result.stdout.strip())
    if sys.platform.startswith("linux"):
        assert path == tmp_path / "state" / "tienlen" / "log" / "tienlen.log"
    assert path.is_file()


def test_tienlen_home_moves_the_logs_with_the_other_user_files(tmp_path: Path) -> None:
    result = run_python("from ui import applog\nprint(applog.setup_logging())\n", tmp_path,
                        TIENLEN_HOME=str(tmp_path / "portable"))
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()) == tmp_path / "portable" / "logs" / "tienlen.log"


def test_a_windowed_build_without_stdout_or_stderr_still_logs_and_reports(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    code = (
        "import sys\nsys.stdout = None\nsys.stderr = None\n"
        "from pathlib import Path\nfrom ui import applog\n"
        f"applog.setup_logging(Path({str(logs)!r})); applog.install_crash_handler()\n"
        "print('nobody sees this')\nraise ValueError('no console')\n"
    )
    result = run_python(code, tmp_path)
    assert result.returncode == 1
    (report,) = logs.glob("crash-*.txt")
    assert "ValueError: no console" in report.read_text(encoding="utf-8")


def test_write_crash_report_keeps_only_the_newest_reports(tmp_path: Path) -> None:
    code = (
        "from pathlib import Path\nfrom ui import applog\n"
        f"folder = Path({str(tmp_path / 'logs')!r})\n"
        "for i in range(applog.KEEP_CRASH_REPORTS + 5):\n"
        "    try:\n        raise KeyError(i)\n    except KeyError as exc:\n"
        "        assert applog.write_crash_report(exc, folder) is not None\n"
        "print(len(list(folder.glob('crash-*.txt'))))\n"
    )
    result = run_python(code, tmp_path)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) == 20
