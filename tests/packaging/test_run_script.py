"""run.py: the README's two commands make and use a virtual environment, and say what to install when
this Python cannot make one (Debian and Ubuntu without python3-venv)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def run_py(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("run_under_test", ROOT / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "VENV", tmp_path / ".venv")
    return module


def test_without_venv_support_it_says_to_install_python3_venv(run_py, monkeypatch):
    def no_ensurepip(*args, **kwargs):
        raise subprocess.CalledProcessError(1, ["python3", "-m", "ensurepip"])

    monkeypatch.setattr(run_py.venv, "create", no_ensurepip)
    monkeypatch.setattr(run_py.sys, "platform", "linux")
    with pytest.raises(SystemExit) as info:
        run_py.main(["--version"])
    assert "sudo apt install python3-venv" in str(info.value)
    assert not run_py.VENV.exists()  # no half-made environment is left to confuse the next run


def test_requirements_are_installed_once_until_the_file_changes(run_py, monkeypatch):
    calls = []
    monkeypatch.setattr(run_py.subprocess, "call", lambda command, cwd: calls.append(command) or 0)
    run_py.VENV.mkdir()
    run_py.install("requirements.txt")
    run_py.install("requirements.txt")
    assert len(calls) == 1 and calls[0][-2:] == ["-r", "requirements.txt"]
    run_py.install("requirements-dev.txt")
    assert len(calls) == 2


def test_the_game_and_the_checks_run_with_the_environments_python(run_py, monkeypatch):
    calls = []
    monkeypatch.setattr(run_py.subprocess, "call", lambda command, cwd: calls.append(command) or 0)
    monkeypatch.setattr(run_py, "venv_python", lambda: Path("/venv/python"))
    monkeypatch.setattr(run_py, "make_venv", lambda: calls.append(["make venv"]))
    monkeypatch.setattr(run_py, "install", lambda requirements: calls.append(["install", requirements]))
    assert run_py.main(["--lang", "en"]) == 0
    assert run_py.main(["test", "-k", "rules"]) == 0
    assert calls == [
        ["make venv"], ["install", "requirements.txt"], ["/venv/python", "main.py", "--lang", "en"],
        ["make venv"], ["install", "requirements-dev.txt"], ["/venv/python", "-m", "ruff", "check", "."],
        ["/venv/python", "-m", "mypy"], ["/venv/python", "-m", "pytest", "-k", "rules"],
    ]


def test_ci_runs_the_readmes_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 run.py test" in readme and "python3 run.py test" in ci
    assert sys.version_info >= (3, 10)
