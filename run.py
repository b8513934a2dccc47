"""Play or test from a checkout with any Python 3.10+, no set-up first: ``python3 run.py`` plays,
``python3 run.py test`` runs the checks (ruff, mypy, pytest). Standard library only.

It makes a virtual environment in ``.venv`` the first time (so it works where the system Python refuses
``pip install``, as Debian and Ubuntu do: PEP 668), installs ``requirements.txt`` (``requirements-dev.txt``
for ``test``) into it whenever those files change, then runs the game or the checks with its Python.
Anything after ``run.py`` (or after ``test``) is passed on: ``python3 run.py --lang en``,
``python3 run.py test -k rules``.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
HELP_VENV = {
    "linux": "On Debian or Ubuntu install it first:  sudo apt install python3-venv\n"
             "On Fedora:  sudo dnf install python3   (venv is included)",
    "darwin": "Install Python 3.10+ from python.org or with Homebrew (brew install python), which include venv.",
    "win32": "Install Python 3.10+ from python.org (tick 'Add python.exe to PATH'), which includes venv.",
}


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_venv() -> None:
    print(f"run.py: making a virtual environment in {VENV} (once)", flush=True)
    try:
        venv.create(VENV, with_pip=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        shutil.rmtree(VENV, ignore_errors=True)
        hint = HELP_VENV.get(sys.platform, HELP_VENV["linux"])
        sys.exit(f"run.py: this Python cannot make a virtual environment ({exc}).\n{hint}")
    if not venv_python().exists():
        shutil.rmtree(VENV, ignore_errors=True)
        sys.exit(f"run.py: the virtual environment has no Python.\n{HELP_VENV.get(sys.platform, '')}")


def install(requirements: str) -> None:
    """``pip install -r requirements`` into the venv unless that exact file was installed already."""
    text = (ROOT / requirements).read_bytes()
    if requirements != "requirements.txt":  # a -r line pulls the other file in: it counts too
        text += (ROOT / "requirements.txt").read_bytes()
    stamp = VENV / f".installed-{requirements}"
    digest = hashlib.sha256(text).hexdigest()
    if stamp.exists() and stamp.read_text(encoding="utf-8") == digest:
        return
    print(f"run.py: installing {requirements}", flush=True)
    command = [str(venv_python()), "-m", "pip", "install", "--disable-pip-version-check", "-q", "-r", requirements]
    if subprocess.call(command, cwd=ROOT) != 0:
        sys.exit(f"run.py: installing {requirements} failed (see above); run it again once that is fixed")
    stamp.write_text(digest, encoding="utf-8")


def run(*command: str) -> int:
    return subprocess.call([str(venv_python()), *command], cwd=ROOT)


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 10):  # noqa: UP036 - run.py may be started by any python3
        sys.exit(f"run.py: the game needs Python 3.10 or newer; this is {sys.version.split()[0]}")
    if not venv_python().exists():
        make_venv()
    if argv[:1] == ["test"]:
        install("requirements-dev.txt")
        for check in (["-m", "ruff", "check", "."], ["-m", "mypy"]):
            code = run(*check)
            if code:
                return code
        return run("-m", "pytest", *argv[1:])
    install("requirements.txt")
    return run("main.py", *argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
