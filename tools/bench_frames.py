"""Frame-time benchmark at 1280×720: dealing, play, frames while a hard opponent thinks, and idle CPU.

    python tools/bench_frames.py          # headless (SDL dummy driver) unless a display is set
    xvfb-run -a python tools/bench_frames.py   # a real X11 window: idle waits as a player's desktop does
    TIENLEN_BOT_PROCESS=0 python tools/bench_frames.py   # opponents think on a thread, for comparison

Runs in a throwaway user folder (TIENLEN_HOME), so the player's settings and saves are neither used nor touched.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["TIENLEN_HOME"] = tempfile.mkdtemp(prefix="tienlen-bench-")

from game.table.bot_worker import shutdown_shared_worker  # noqa: E402
from ui.app import App  # noqa: E402
from ui.launch import build_app, parser  # noqa: E402
from ui.persist.profile import Profile  # noqa: E402
from ui.results import ResultsScene  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402

FRAME = 1 / 60
IDLE_SECONDS = 5.0


def timed_frames(app: App, frames: int, dt: float = 1 / 60) -> list[float]:
    out = []
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step(dt, [])
        out.append((time.perf_counter() - t0) * 1000)
    return out


def report(name: str, times: list[float]) -> None:
    if not times:
        print(f"{name:<8} no frames")
        return
    print(f"{name:<8} frames {len(times):4d}  median {statistics.median(times):6.2f} ms  worst {max(times):6.2f} ms")


def human_moves(table: TableScene) -> None:
    """The human plays its lowest legal move (or passes) as soon as it may."""
    if table.human_turn():
        moves = table.session.game.legal_moves(0)
        table.model.hand.select_only(moves[0]) if moves else None
        table.actions.try_play() if moves else table.actions.try_pass()


def thinking(seconds: float = 40.0) -> list[float]:
    """Frames paced at 60 per second, as the real loop runs them, while a hard opponent's choice is being made."""
    profile = Profile.load()
    profile.remember_choice(replace(profile.choice, opponents=("hard", "hard", "hard")))
    app = build_app(parser().parse_args(["--seed", "4"]), profile=profile)
    app.resize((1280, 720))
    table = next(s for s in reversed(app.stack) if isinstance(s, TableScene))
    out: list[float] = []
    asked = table.runner.generation
    decisions = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and len(out) < 1500:
        results = next((r for r in app.stack if isinstance(r, ResultsScene)), None)
        if results is not None:
            results.next_game()
        human_moves(table)
        t0 = time.perf_counter()
        # The bot is asked as soon as its turn comes, while the last play still animates: count every frame
        # drawn while a choice is being made, whether or not the table already shows it thinking.
        pending = table.runner.busy
        if pending and table.runner.generation != asked:
            decisions += 1
            asked = table.runner.generation
        app.step(FRAME, [])
        spent = time.perf_counter() - t0
        if pending:
            out.append(spent * 1000)
        time.sleep(max(0.0, FRAME - spent))
    games = len(table.session.match.results)
    print(f"thinking {decisions} hard decisions over {games} games ran in: {table.runner.mode or 'n/a'}")
    app.close()
    return out


def main() -> int:
    app = build_app(parser().parse_args(["--seed", "4"]))
    app.resize((1280, 720))
    table = next(s for s in reversed(app.stack) if isinstance(s, TableScene))
    deal = []
    while table.dealing or table.driver.wait > 0:
        deal += timed_frames(app, 1)
    report("dealing", deal)
    play: list[float] = []
    while len(play) < 900 and not table.session.game.is_over:
        human_moves(table)
        play += timed_frames(app, 1)
    report("play", play)
    app.close()
    report("thinking", thinking())
    # idle: the human's turn with nothing moving; the real loop waits for events
    app2 = build_app(parser().parse_args(["--seed", "4"]))
    t2 = next(s for s in reversed(app2.stack) if isinstance(s, TableScene))
    while not t2.human_turn():
        app2.step(1 / 60, [])
    for _ in range(120):  # let the last tweens and effects finish
        app2.step(1 / 60, [])
    assert not app2.animating(), "the table should be still on the human's turn"
    device = "open" if app2.sound.available else "absent"
    print(f"idle     waiting by {app2.wait_for_events.mode}, audio device {device}")
    for span in ("first", "then"):  # the first seconds hold the audio device's rest delay (ui/sound.py)
        wall0, cpu0 = time.perf_counter(), time.process_time()
        _idle(app2, IDLE_SECONDS)
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        print(f"idle     {cpu / wall:.4f} CPU s per wall s over the {span} {wall:.1f} s"
              f" (audio device {'resting' if app2.sound.resting else 'open'} at the end)")
    app2.close()
    shutdown_shared_worker()
    return 0


def _idle(app: App, seconds: float) -> None:
    """Run the real loop (``App.turn``: event waits and the audio device's rest included) for ``seconds``."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and app.running:
        app.turn()


if __name__ == "__main__":
    sys.exit(main())
