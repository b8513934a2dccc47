"""Two windows at one table over 127.0.0.1 (the dummy video driver; no network mocks): this process hosts a
3-seat table through the real screens (the third seat a bot on the server), a second process joins it through
its Join screen, and both play a whole game through the table's own actions. Both see the same game to its end,
both keep it in their history marked as played with friends, and the replay of it shows the host only the
host's own hand until the game shows the others."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from game.review.replay import Replay
from ui.net.smoke import NetSmoke
from ui.persist.profile import Profile
from ui.replay.scene import ReplayScene
from ui.replay.shown import ShownGame

ROOT = Path(__file__).resolve().parents[3]


def _joiner(port: int, home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "TIENLEN_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "TIENLEN_BOT_PROCESS": "0"}  # fmt: skip
    return subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--net-smoke-test", f"join:127.0.0.1:{port}"],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip


def test_a_table_hosted_here_is_joined_from_another_process_and_a_game_played(make_app, tmp_path):
    app, profile = make_app("en")
    app.settings.animation_speed = 4.0
    lines: list[str] = []
    host = NetSmoke(app, "host", print_line=lines.append)
    joiner = None
    try:
        end = time.monotonic() + 150
        while not host.done and time.monotonic() < end:
            host.step()
            app.step(1 / 30)
            if host.port is not None and joiner is None:
                joiner = _joiner(host.port, tmp_path / "guest")
            if joiner is not None and joiner.poll() is not None and host.table is None:
                break  # the guest gave up before the match began: its report says why
            time.sleep(0.002)
        assert joiner is not None, f"the table was never hosted: {host.problem or host.stage}"
        out, err = joiner.communicate(timeout=150)
    finally:
        if joiner is not None and joiner.poll() is None:
            joiner.kill()
        app.close()
    reports = [json.loads(line.split(" ", 1)[1]) for line in out.splitlines() if line.startswith("NETSMOKE ")]
    assert reports, f"the guest reported nothing:\n{out[-2000:]}\n{err[-4000:]}"
    guest = reports[-1]
    assert joiner.returncode == 0, f"{guest}\n{err[-4000:]}"
    assert host.done and not host.problem, host.problem
    assert host.record is not None and guest["record"] == host.record, "the two windows saw different games"
    assert (host.table.session.human, guest["seat"]) == (0, 1)
    assert host.table.session.names[1] == "Guest" and guest["names"][0] == "Host"
    assert host.moves >= 1 and guest["moves"] >= 1 and guest["kept"] == 1

    kept = [e for e in Profile.load(profile.paths).history.entries() if e.friends]
    assert len(kept) == 1 and kept[0].game == host.record and kept[0].seat == 0
    shown = ShownGame.from_entry(kept[0], profile.catalogue)
    assert shown.own_view
    replay = ReplayScene(app, shown, start=0)
    assert replay.stage.model.shown_faces(0) is not None
    assert replay.stage.model.shown_faces(1) is None and replay.stage.model.shown_faces(2) is None
    replay.jump(len(replay.replay))
    assert all(replay.stage.model.shown_faces(s) is not None for s in range(3)), "the end shows every hand"
    quick = {"level": "hard", "work": 200, "bot_options": {"playouts": 4, "time_limit": 30.0}}
    coached = shown.review_request(quick).run()  # the coach reviews the host's own seat
    assert coached.seat == 0 and len(coached.decisions) == len(Replay(kept[0].game, shown.rules).decisions(0))
