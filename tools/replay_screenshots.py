"""Screenshots of the replay viewer, the coach's review and Recent games in both languages (run under Xvfb).

    xvfb-run -s "-screen 0 1920x1080x24" python tools/replay_screenshots.py --size 1280x720 --out screenshots

Plays a few games between bots into a throwaway user folder's history, then opens them as a player would.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def seed_home(home: Path) -> None:
    """Three finished 4-player games in the history (the newest a long one, so the replay has much to show)."""
    from game.ai import make_bot
    from game.engine.match import Match
    from game.records.history import new_entry
    from game.rules import load_rules
    from ui.persist.history import HistoryStore
    from ui.persist.paths import Paths

    paths = Paths.under(home)
    paths.ensure()
    store = HistoryStore.of(paths)
    rules = load_rules("mien-nam")
    match = Match(rules, 4, seed=31)
    bots = [make_bot("normal", seed=31 * 7 + s) for s in range(4)]
    while len(match.results) < 3:
        game = match.start_game()
        while not game.is_over:
            s = game.current_player
            move = bots[s].choose(game.view(s))
            game.play(move, s) if move else game.pass_turn(s)
        entry = new_entry(game, number=len(match.results) + 1, seat=0, names=["", "Lan", "Minh", "Tuấn"],
                          bots=[None] + [("normal", 31 * 7 + s) for s in range(1, 4)], table_bet=5)
        match.finish_game(game)
        store.append(entry, match_seed=31)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--out", default="screenshots")
    opts = p.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    w, h = (int(v) for v in opts.size.split("x"))
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="tienlen-shots-"))
    os.environ["TIENLEN_HOME"] = str(home)
    seed_home(home)
    for lang in ("vi", "en"):
        shoot(lang, (w, h), out)
    return 0


def shoot(lang: str, size: tuple[int, int], out: Path) -> None:
    import pygame

    from ui.intents import Action, Intent
    from ui.launch import build_app, parser
    from ui.menus.main_menu import MainMenu
    from ui.replay.recent_scene import RecentGamesScene
    from ui.replay.review_scene import ReviewScene
    from ui.replay.scene import ReplayScene

    app = build_app(parser().parse_args(["--lang", lang]))
    app.resize(size)
    tag = f"{lang}-{size[0]}x{size[1]}"

    def frames(n: int, dt: float = 1 / 30) -> None:
        for _ in range(n):
            app.step(dt)

    def snap(name: str) -> None:
        app.draw()
        pygame.image.save(app.screen, str(out / f"replay-{tag}-{name}.png"))

    menu = app.top
    assert isinstance(menu, MainMenu)
    profile = menu.profile
    recent = RecentGamesScene(app, profile)
    app.push(recent)
    frames(3)
    while recent.loading:  # the history is read on a thread of its own
        frames(1)
    snap("1-recent")
    recent.choose(recent.entries[0])
    frames(2)
    snap("2-recent-choice")
    app.pop()
    from ui.replay.shown import ShownGame

    shown = ShownGame.from_entry(recent.entries[0], profile.catalogue)
    replay = ReplayScene(app, shown, start=0)
    app.push(replay)
    for _ in range(9):
        app.dispatch(Intent(Action.RIGHT))
    frames(8)  # mid-animation: cards in flight
    snap("3-replay-playing")
    frames(90)
    snap("4-replay-at-rest")
    app.dispatch(Intent(Action.LEFT))
    frames(3)  # the last play on its way back to its seat
    snap("4b-replay-stepping-back")
    frames(30)
    app.dispatch(Intent(Action.END))
    frames(4)
    snap("5-replay-end")
    app.pop()
    review = ReviewScene(app, shown, lambda step, marks: app.push(ReplayScene(app, shown, step, marks)))
    app.push(review)
    frames(10)
    snap("6-review-running")
    end = time.monotonic() + 120
    while not review.job.done and time.monotonic() < end:
        frames(3)
        time.sleep(0.05)
    frames(3)
    snap("7-review-done")
    if review.chart is not None:  # the pointer over the chart's costliest-looking point: its figures
        chart = review.chart
        worst = max(range(len(chart.points)), key=lambda i: chart.points[i].best - chart.points[i].chosen)
        app.dispatch(Intent(Action.HOVER, pos=chart.made[worst]))
        frames(3)
        snap("7b-review-chart-point")
        app.dispatch(Intent(Action.HOVER, pos=(0, 0)))
    if review.job.result is not None and review.job.result.findings:
        review.show(review.job.result.findings[0].step)
        frames(3)
        snap("8-replay-at-finding")
    for closer in reversed(app.closers):
        closer()
    app.closers.clear()


if __name__ == "__main__":
    sys.exit(main())
