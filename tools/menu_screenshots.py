"""Screenshots of the real window's menus in both languages (run under Xvfb on a headless box).

    xvfb-run -s "-screen 0 1920x1080x24" python tools/menu_screenshots.py --size 1280x720 --out screenshots

Uses a throwaway user folder holding a saved match, some statistics and one broken file, so Continue,
the chart and the start-up notice all show.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def seed_home(home: Path) -> None:
    from types import SimpleNamespace

    from game.table.choice import MatchChoice
    from ui.persist.paths import Paths
    from ui.persist.profile import Profile

    paths = Paths.under(home)
    profile = Profile.load(paths)
    rng = random.Random(4)
    for _ in range(40):
        pay = rng.choice([12, 8, -3, -5, -9, 26, -14, 4])
        order = (0, 1, 2, 3) if pay > 0 else (1, 0, 2, 3)
        profile.stats.record("mien-nam", SimpleNamespace(order=order, payments=(pay, 0, 0, 0), instant_win=None,
                                                         cong=(), resigned=None), table_bet=5)  # fmt: skip
    profile.save_stats()
    choice = MatchChoice("dem-la", ("easy", "hard"), 5, 1000, {})
    seed = 8
    while True:  # a deal that is not an instant win, so the quit dialog shows the charge
        match = profile.new_match(choice, seed=seed)
        game = match.start_game()
        if not game.is_over:
            break
        seed += 1
    for _ in range(5):
        if game.is_over:
            break
        legal = game.legal_moves()
        game.play(legal[0]) if legal else game.pass_turn()
    profile.save_match(choice, match)
    keep_games(profile)
    profile.flush(10)
    paths.new_match_file.write_text('{"kind": "new-match", "format": 1, "values": ')  # a broken file: a notice


def keep_games(profile: Any) -> None:
    """Three games between quick bots in the history, finished on dates this year and last, for Recent games."""
    from dataclasses import replace
    from datetime import date

    from game.ai import make_bot
    from game.engine.game import new_game
    from game.records.history import new_entry
    from game.rules import load_rules

    year = date.today().year
    for n, stamp in enumerate((f"{year - 1}-04-12T07:05:33", f"{year}-12-04T18:51:07", f"{year}-01-30T21:40:00")):
        game = new_game(load_rules("mien-nam"), 4, rng=random.Random(n), first_game=True)
        bots = [make_bot("easy", seed=n * 4 + s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            move = bots[seat].choose(game.view(seat))
            game.play(move, seat) if move else game.pass_turn(seat)
        entry = new_entry(game, number=n + 1, seat=0, names=["", "Lan", "Minh", "Hoa"],
                          bots=[None] + [("easy", n * 4 + s) for s in range(1, 4)])  # fmt: skip
        profile.record_history(replace(entry, finished_at=stamp), 8)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--out", default="screenshots")
    opts = p.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    w, h = (int(v) for v in opts.size.split("x"))
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("vi", "en"):
        home = Path(tempfile.mkdtemp(prefix="tienlen-shots-"))
        os.environ["TIENLEN_HOME"] = str(home)
        seed_home(home)
        shoot(lang, (w, h), out)
    return 0


def shoot(lang: str, size: tuple[int, int], out: Path) -> None:
    import pygame

    from ui.intents import Action, Intent
    from ui.launch import build_app, parser
    from ui.menus.base import MenuScene

    app = build_app(parser().parse_args(["--lang", lang]))
    app.resize(size)

    def snap(name: str) -> None:
        for _ in range(4):
            app.step(1 / 30)
        app.draw()
        pygame.image.save(app.screen, str(out / f"menu-{lang}-{size[0]}x{size[1]}-{name}.png"))

    def press(*actions: Action) -> None:
        for a in actions:
            app.dispatch(Intent(a))
            app.step(1 / 30)

    def open_item(name: str) -> None:
        menu = app.top
        assert isinstance(menu, MenuScene)
        item = next(i for i in menu.items if i.name == name)
        app.dispatch(Intent(Action.HOVER, pos=item.rect.center))
        press(Action.CONFIRM)

    snap("1-notice")
    press(Action.CONFIRM)
    snap("2-main")
    open_item("new")
    press(Action.RIGHT, Action.DOWN, Action.LEFT, Action.DOWN, Action.DOWN, Action.RIGHT)
    snap("3-new-match")
    press(Action.BACK)
    open_item("settings")
    press(Action.DOWN, Action.DOWN, Action.DOWN, Action.DOWN, Action.DOWN, Action.RIGHT, Action.DOWN, Action.RIGHT)
    snap("4-settings")
    press(Action.BACK)
    open_item("rules")
    press(Action.RIGHT)
    snap("5-rules")
    for _ in range(8):
        press(Action.DOWN)
    snap("6-rules-scrolled")
    press(Action.BACK)
    open_item("stats")
    snap("7-statistics")
    open_item("recent")
    snap("7b-recent-games")
    press(Action.BACK, Action.BACK)
    open_item("new")
    press(Action.DOWN, Action.LEFT, Action.LEFT)  # one opponent: the other seats' rows stay, greyed
    snap("3b-new-match-one-opponent")
    press(Action.BACK)
    open_item("learn")
    press(Action.UP)  # Back has the focus: the subtitle shows
    snap("9-learn")
    press(Action.BACK)
    open_item("about")
    snap("10-about")
    press(Action.BACK)
    open_item("continue")
    for _ in range(90):
        app.step(1 / 30)
    press(Action.BACK)
    snap("8-quit-confirm")


if __name__ == "__main__":
    sys.exit(main())
