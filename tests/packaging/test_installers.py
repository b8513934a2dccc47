"""The shipped game: build the bundle and the Linux packages, install the .deb, play a headless demo, remove it;
the bundle and the installed game each host a table with friends and join it from a second process.

Slow (a PyInstaller build, ~1 minute on two cores) and it installs a system package, so it runs only when
``TIENLEN_PACKAGING_TEST=1`` is set — ``.ci/run`` and the release workflow set it. It needs dpkg and root
(or password-less sudo); without them it is skipped with the reason.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.version import APP_ID, VERSION

ROOT = Path(__file__).resolve().parents[2]
ENABLED = os.environ.get("TIENLEN_PACKAGING_TEST") == "1"
SUDO: list[str] = [] if os.geteuid() == 0 else ["sudo", "-n"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not ENABLED, reason="builds and installs the app; set TIENLEN_PACKAGING_TEST=1 (.ci/run does)"),
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the .deb and .tar.gz are Linux packages"),
]


def can_install() -> str | None:
    """Why a .deb cannot be installed here, or None."""
    if not shutil.which("dpkg") or not shutil.which("dpkg-deb"):
        return "dpkg is not available"
    if SUDO and subprocess.run(["sudo", "-n", "true"], capture_output=True).returncode != 0:
        return "installing needs root or password-less sudo"
    return None


def clean_env(home: Path) -> dict[str, str]:
    """A launch as a player would do it: no checkout on the path, user folders in a scratch folder."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TIENLEN_", "XDG_"))}
    env.update(HOME=str(home), TIENLEN_HOME=str(home / "tienlen"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", TIENLEN_NO_CRASH_DIALOG="1")
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Run the documented build command into a scratch dist folder; return that folder."""
    base = tmp_path_factory.mktemp("packaging")
    dist = base / "dist"
    command = ["bash", str(ROOT / "packaging" / "build_linux.sh"), "--dist", str(dist), "--work", str(base / "work")]
    if not shutil.which("dpkg-deb"):
        command.append("--no-deb")
    # The build runs with the Python running the tests (the project's virtual environment, which has the
    # requirements and PyInstaller), not whatever ``python3`` comes first on the PATH.
    env = {**os.environ, "PYTHON": sys.executable}
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=480, env=env)
    assert result.returncode == 0, f"build failed:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    return dist


@contextlib.contextmanager
def dpkg_turn() -> Iterator[None]:
    """One packaging test at a time on this machine may install and remove the package."""
    with open("/tmp/tienlen-packaging-test.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def dpkg(*args: str) -> subprocess.CompletedProcess[str]:
    """Run dpkg, waiting out another program's hold on the package database."""
    for _ in range(30):
        result = subprocess.run([*SUDO, "dpkg", *args], capture_output=True, text=True, timeout=300)
        if result.returncode == 0 or "lock" not in result.stderr:
            return result
        time.sleep(4)
    return result


def run_app(exe: str | Path, *args: str, home: Path, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    home.mkdir(parents=True, exist_ok=True)
    return subprocess.run([str(exe), *args], cwd=home, env=clean_env(home), capture_output=True, text=True,
                          timeout=timeout)


def host_and_join(exe: str | Path, home: Path, timeout: float = 240) -> tuple[dict, dict]:
    """One process of ``exe`` hosts a table with friends (``--net-smoke-test host``), a second joins it over
    127.0.0.1 and both play a game through their menus; returns both reports (tests/net has the UI test)."""
    for role in ("host", "guest"):
        (home / role).mkdir(parents=True, exist_ok=True)
    host = subprocess.Popen([str(exe), "--net-smoke-test", "host"], cwd=home, env=clean_env(home / "host"),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: queue.Queue[str] = queue.Queue()
    out: list[str] = []

    def read() -> None:
        assert host.stdout is not None
        for line in host.stdout:
            out.append(line)
            lines.put(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        port = None
        end = time.monotonic() + 60
        while port is None and time.monotonic() < end:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                assert host.poll() is None, f"the host exited {host.returncode}: {host.stderr.read()[-3000:]}"
                continue
            if line.startswith("NETSMOKE-HOSTING "):
                port = int(line.split()[1])
        assert port is not None, "the host never said where its table is"
        guest = subprocess.run([str(exe), "--net-smoke-test", f"join:127.0.0.1:{port}"], cwd=home,
                               env=clean_env(home / "guest"), capture_output=True, text=True, timeout=timeout)
        host.wait(timeout=timeout)
        reader.join(5)
    finally:
        if host.poll() is None:
            host.kill()
    reports = [json.loads(line.split(" ", 1)[1]) for line in [*out, *guest.stdout.splitlines()]
               if line.startswith("NETSMOKE ")]
    assert guest.returncode == 0, f"the guest failed:\n{guest.stdout[-2000:]}\n{guest.stderr[-3000:]}"
    assert host.returncode == 0, f"the host failed:\n{''.join(out)[-2000:]}\n{host.stderr.read()[-3000:]}"
    by_role = {r["role"]: r for r in reports}
    hosted, joined = by_role["host"], by_role["join"]
    assert hosted["record"] and hosted["record"] == joined["record"], "the two processes saw different games"
    assert hosted["kept"] == joined["kept"] == 1 and hosted["moves"] and joined["moves"]
    return hosted, joined


def test_bundle_hosts_a_table_and_another_bundle_joins_it(built: Path, tmp_path: Path) -> None:
    host_and_join(built / APP_ID / APP_ID, tmp_path)


def test_bundle_is_one_folder_with_the_assets_and_rules(built: Path) -> None:
    bundle = built / APP_ID
    assert (bundle / APP_ID).is_file() and os.access(bundle / APP_ID, os.X_OK)
    data = bundle / "_internal"
    assert (data / "rules.yaml").read_bytes() == (ROOT / "rules.yaml").read_bytes()
    for shipped in (ROOT / "assets").rglob("*"):
        if shipped.is_file() and shipped.suffix not in (".ico", ".icns") and not shipped.name.startswith("."):
            assert (data / shipped.relative_to(ROOT)).is_file(), f"{shipped.relative_to(ROOT)} is not in the bundle"


def test_bundle_leaves_out_the_lab_the_tests_and_the_tools(built: Path) -> None:
    """The AI's laboratory (``lab/``) is no part of the game: nothing imports it and the spec excludes it."""
    tocs = list((built.parent / "work").rglob("PYZ-*.toc"))
    assert tocs, "PyInstaller's table of the bundled modules is not in the work folder"
    text = "".join(toc.read_text(encoding="utf-8", errors="replace") for toc in tocs)
    assert "'game.ai.hard'" in text  # the table lists the game's modules by name
    assert "'game.ai.master'" in text and "'numpy'" in text  # the learned level and what it runs on
    bundled = set(re.findall(r"'((?:lab|tests|tools)(?:\.[\w.]+)?)'", text))
    assert not bundled, f"modules that must not ship are in the bundle: {sorted(bundled)}"
    assert not any((built / APP_ID / "_internal").glob("lab*")), "a lab folder is in the bundle"


def test_tarball_unpacks_to_a_runnable_game(built: Path, tmp_path: Path) -> None:
    archive = built / f"{APP_ID}-{VERSION}-linux-{os.uname().machine}.tar.gz"
    with tarfile.open(archive) as tar:
        names = set(tar.getnames())
        assert {f"{APP_ID}-{VERSION}/{APP_ID}", f"{APP_ID}-{VERSION}/_internal/rules.yaml",
                f"{APP_ID}-{VERSION}/tienlen.desktop", f"{APP_ID}-{VERSION}/tienlen.png"} <= names
        assert all(m.uid == 0 and m.gid == 0 for m in tar.getmembers())
        safe = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}  # Python 3.11.4+ checks each member
        tar.extractall(tmp_path / "unpacked", **safe)  # type: ignore[arg-type]
    exe = tmp_path / "unpacked" / f"{APP_ID}-{VERSION}" / APP_ID
    result = run_app(exe, "--version", home=tmp_path / "home")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == VERSION


def test_frozen_app_leaves_a_crash_report_instead_of_vanishing(built: Path, tmp_path: Path) -> None:
    # A copy of the bundle whose built-in rules are broken: the game cannot start, and must say why in a file.
    bundle = tmp_path / APP_ID
    shutil.copytree(built / APP_ID, bundle, symlinks=True)
    (bundle / "_internal" / "rules.yaml").write_text("variants: [this is not closed\n", encoding="utf-8")
    home = tmp_path / "home"
    result = run_app(bundle / APP_ID, "--smoke-test", "5", home=home)
    assert result.returncode != 0
    reports = list((home / "tienlen" / "logs").glob("crash-*.txt"))
    assert len(reports) == 1, f"no crash report; exit {result.returncode}\n{result.stderr[-3000:]}"
    text = reports[0].read_text(encoding="utf-8")
    assert "Traceback" in text and VERSION in text and "frozen" in text


def test_deb_installs_plays_a_headless_demo_and_removes_cleanly(built: Path, tmp_path: Path) -> None:
    reason = can_install()
    if reason:
        pytest.skip(reason)
    (deb,) = built.glob(f"{APP_ID}_{VERSION}_*.deb")
    fields = subprocess.run(["dpkg-deb", "-f", str(deb), "Package", "Version", "Depends"], capture_output=True,
                            text=True, check=True).stdout
    assert f"Package: {APP_ID}" in fields and f"Version: {VERSION}" in fields
    with dpkg_turn():
        installed = dpkg("-i", str(deb))
        try:
            assert installed.returncode == 0, installed.stderr
            launcher = shutil.which(APP_ID, path="/usr/bin")
            assert launcher and Path(launcher).resolve() == Path("/opt") / APP_ID / APP_ID
            listed = dpkg("-L", APP_ID).stdout.splitlines()
            assert f"/usr/share/applications/{APP_ID}.desktop" in listed
            assert f"/usr/share/icons/hicolor/256x256/apps/{APP_ID}.png" in listed

            version = run_app(APP_ID, "--version", home=tmp_path / "home")
            assert version.returncode == 0 and version.stdout.strip() == VERSION, version.stderr

            # Enough frames for the deal and a few dozen opponent decisions, which the frozen app takes in its
            # worker process (multiprocessing's spawn start inside a PyInstaller build).
            started = time.monotonic()
            smoke = run_app(launcher, "--smoke-test", "1500", home=tmp_path / "home", timeout=300)
            elapsed = time.monotonic() - started
            assert smoke.returncode == 0, f"--smoke-test 1500 exited {smoke.returncode}\n{smoke.stderr[-4000:]}"
            print(f"installed game: --smoke-test 1500 took {elapsed:.2f}s")
            logs = tmp_path / "home" / "tienlen" / "logs"
            assert not list(logs.glob("crash-*.txt"))
            answered = re.findall(r"worker process \d+ answered (\d+) decisions", (logs / "tienlen.log").read_text())
            assert answered and int(answered[-1]) > 0, (logs / "tienlen.log").read_text()[-3000:]

            host_and_join(launcher, tmp_path / "friends")  # the installed game hosts a table and joins it
        finally:
            removed = dpkg("--purge", APP_ID)  # -r alone would leave it in "config-files" state (it has a postrm)
        assert removed.returncode == 0, removed.stderr
    status = subprocess.run(["dpkg-query", "-W", "-f=${Status}", APP_ID], capture_output=True, text=True)
    assert status.returncode != 0 or status.stdout.endswith("not-installed"), status.stdout
    assert not (Path("/opt") / APP_ID).exists()
    assert not Path(f"/usr/bin/{APP_ID}").exists()
    assert not Path(f"/usr/share/applications/{APP_ID}.desktop").exists()
