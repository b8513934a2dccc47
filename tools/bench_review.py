"""Figures for looking back: the coach's time per 4-player game, the table's frames while a review runs in its
process, the time to open a replay, the size of a 500-game history, and a practice hint's time (the expert
searching in the worker process, then the reasons read off the plan).

    python3 tools/bench_review.py [--games 6] [--history 500] [--hints 16] [--only review]

Prints the load average at the start and the end: the figures are only as good as the machine was idle.

Runs headless in a throwaway user folder. Times depend on the machine and on what else it is doing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["TIENLEN_HOME"] = tempfile.mkdtemp(prefix="tienlen-bench-")

from game.ai import make_bot  # noqa: E402
from game.engine.game import Game, new_game  # noqa: E402
from game.rules import load_rules  # noqa: E402


def played(variant: str, seed: int, players: int = 4) -> Game:
    """A whole game between normal bots (not an instant win)."""
    rules = load_rules(variant)
    while True:
        game = new_game(rules, players, seed=seed)
        if game.actions or not game.is_over:
            break
        seed += 1000
    bots = [make_bot("normal", seed=seed * 10 + s) for s in range(players)]
    while not game.is_over:
        s = game.current_player
        move = bots[s].choose(game.view(s))
        game.play(move, s) if move else game.pass_turn(s)
    return game


def line(name: str, values: list[float], unit: str) -> None:
    print(f"{name:<34} n={len(values):3d}  min {min(values):8.2f}  median {statistics.median(values):8.2f}  "
          f"max {max(values):8.2f} {unit}")  # fmt: skip


def review_times(games: int) -> list[Game]:
    from game.review import review, strongest_level

    out, seconds, decisions, deals = [], [], [], []
    for i in range(games):
        game = played(("mien-nam", "xep-hang", "dem-la")[i % 3], 100 + i)
        found = review(game.to_dict(), 0)
        seconds.append(found.seconds)
        decisions.append(float(len(found.decisions)))
        deals += [float(d.grade.deals) for d in found.decisions if not d.grade.forced]
        out.append(game)
    print(f"coach level: {strongest_level()}")
    line("review of a 4-player game", seconds, "s")
    line("  decisions reviewed per game", decisions, "")
    line("  deals per graded decision", deals or [0.0], f"(mean {statistics.fmean(deals or [0.0]):.1f})")
    return out


def frames_during_review(game: Game) -> None:
    """Table frames paced at 60 a second (a demo match playing) while a review runs in its process."""
    from ui.launch import build_app, parser
    from ui.replay.review_job import ReviewJob, ReviewRequest
    from ui.table.scene import TableScene

    app = build_app(parser().parse_args(["--demo", "--seed", "3"]))
    app.resize((1280, 720))
    assert any(isinstance(s, TableScene) for s in app.stack)
    job = ReviewJob(ReviewRequest(game.to_dict(), game.rules, 0)).start()
    times: list[float] = []
    while not job.done:
        t0 = time.perf_counter()
        job.update()
        app.step(1 / 60, [])
        spent = time.perf_counter() - t0
        times.append(spent * 1000)
        time.sleep(max(0.0, 1 / 60 - spent))
    print(f"review in its process ({job.mode}): {'done' if job.result else job.error}")
    line("table frame during a review", times, "ms")
    app.close()


def replay_open(game: Game) -> None:
    from game.review.replay import Replay
    from ui.launch import build_app, parser
    from ui.replay.scene import ReplayScene
    from ui.replay.shown import ShownGame

    record = game.to_dict()
    engine = []
    for _ in range(50):
        t0 = time.perf_counter()
        Replay(record, game.rules)
        engine.append((time.perf_counter() - t0) * 1000)
    line("Replay(record) (engine)", engine, "ms")
    app = build_app(parser().parse_args([]))
    app.resize((1280, 720))
    shown = ShownGame(record, game.rules, 0, ("", "Lan", "Minh", "Tuấn"))
    scene_times = []
    for k in range(12):
        t0 = time.perf_counter()
        app.push(ReplayScene(app, shown, start=(k * 7) % (len(record["actions"]) + 1)))
        app.step(1 / 60, [])  # the first frame drawn
        scene_times.append((time.perf_counter() - t0) * 1000)
        app.pop()
    line("opening a replay (first frame)", scene_times, "ms")
    app.close()


def history_size(count: int) -> None:
    from game.records.history import new_entry
    from ui.persist.history import HistoryStore

    store = HistoryStore(Path(tempfile.mkdtemp(prefix="tienlen-history-")) / "history.json")
    variants = ("mien-nam", "xep-hang", "dem-la", "co-dien")
    t0 = time.perf_counter()
    for i in range(count):
        game = played(variants[i % 4], 5000 + i)
        store.append(new_entry(game, number=i % 10 + 1, seat=0, names=["", "Lan", "Minh", "Tuấn"],
                               bots=[None, ("normal", 1), ("hard", 2), ("hard", 3)]), match_seed=i // 10)
    made = time.perf_counter() - t0
    size = store.path.stat().st_size
    kept = len(HistoryStore(store.path).entries())
    print(f"history of {count} games: {kept} kept, {size / 1e6:.2f} MB ({size / max(1, kept):.0f} bytes a game; "
          f"made in {made:.0f} s)")  # fmt: skip
    appends = []
    for i in range(10):
        t0 = time.perf_counter()
        store.append(new_entry(played("mien-nam", 9000 + i), number=i + 1, seat=0), match_seed=77)
        appends.append((time.perf_counter() - t0) * 1000)
    line("adding a game to a full history", appends, "ms")


def hint_times(count: int) -> None:
    """Practice hints as the practice screen asks them: ``HintJob`` in the worker process, polled each frame.
    The worker is started and warmed first, as the opponents' moves have done by the player's first turn."""
    from game.table.bot_worker import BotWorker, wait_for
    from game.table.bots import BotRunner
    from ui.table.hint_job import HintJob

    worker = BotWorker()
    worker.start()
    warm = new_game(load_rules("mien-nam"), 4, seed=1)
    wait_for(worker, worker.submit(make_bot("expert"), warm.view(warm.current_player)))
    job = HintJob(runner=BotRunner(worker))
    times: list[float] = []
    seed = 300
    while len(times) < count:
        game = new_game(load_rules("mien-nam"), 4, seed=seed)
        bots = [make_bot("normal", seed=seed * 10 + s) for s in range(4)]
        seed += 1
        while not game.is_over and len(times) < count:
            s = game.current_player
            view = game.view(s)
            if s == 0 and view.legal_moves and len(game.actions) % 3 == 0:
                t0 = time.perf_counter()
                job.ask(game, 0, [None, "normal", "normal", "normal"])
                while (advice := job.answer(game)) is None and job.thinking:
                    time.sleep(1 / 120)
                times.append((time.perf_counter() - t0) * 1000)
                assert advice is not None and advice.level == job.level
            move = bots[s].choose(view)
            game.play(move, s) if move else game.pass_turn(s)
    print(f"practice hint: level {job.level}, searched in the {job.runner.mode}")
    line("practice hint (ask to answer)", times, "ms")
    worker.shutdown()


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=6)
    p.add_argument("--history", type=int, default=500)
    p.add_argument("--hints", type=int, default=16)
    p.add_argument("--only", choices=("review",), default=None, help="time only the coach's reviews")
    opts = p.parse_args()
    print("load average at the start: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    if opts.only == "review":
        review_times(opts.games)
    else:
        hint_times(opts.hints)
        games = review_times(opts.games)
        frames_during_review(games[0])
        replay_open(games[0])
        history_size(opts.history)
    print("load average at the end: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
