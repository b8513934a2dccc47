"""Screenshots of the table's controls: the drag-select hint, a button's tip, the auto-pass moment, the
settings with auto-pass, and statistics kept for a 3-player table. Run under Xvfb on a headless box:

    xvfb-run -a -s "-screen 0 2560x1440x24" python tools/controls_screenshots.py --out screenshots

Each language and size runs in a throwaway user folder (TIENLEN_HOME), so nothing of the player's is touched.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.engine.cards import parse_cards  # noqa: E402
from game.engine.game import Game  # noqa: E402
from ui.app import App  # noqa: E402
from ui.intents import Action, Intent  # noqa: E402
from ui.launch import build_app, parser  # noqa: E402
from ui.menus.settings_screen import SettingsScene  # noqa: E402
from ui.menus.stats_screen import StatsScene  # noqa: E402
from ui.persist.paths import Paths  # noqa: E402
from ui.persist.profile import Profile  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402


def seed_stats(profile: Profile) -> None:
    """Games at a 3-player table (the player first, second and last) and two at a 4-player one."""
    orders = [(0, 1, 2), (1, 0, 2), (2, 1, 0), (1, 2, 0), (0, 2, 1), (1, 2, 3, 0), (0, 1, 2, 3)]
    for i, order in enumerate(orders):
        pay = 6 if order[0] == 0 else -3 - i
        payments = (pay, *([0] * (len(order) - 1)))
        result = SimpleNamespace(order=order, payments=payments, instant_win=None, cong=(), resigned=None)
        profile.stats.record("mien-nam", result, table_bet=5)
    profile.save_stats()


def shoot(lang: str, size: tuple[int, int], out: Path) -> None:
    os.environ["TIENLEN_HOME"] = tempfile.mkdtemp(prefix="tienlen-shots-")
    profile = Profile.load(Paths.default())
    seed_stats(profile)
    app = build_app(parser().parse_args(["--seed", "3", "--lang", lang, "--opponents", "2"]), size=size,
                    profile=profile)  # fmt: skip
    table = next(s for s in reversed(app.stack) if isinstance(s, TableScene))
    tag = f"controls-{lang}-{size[0]}x{size[1]}"

    def run(frames: int) -> None:
        for _ in range(frames):
            app.step(1 / 30, pygame.event.get())

    def snap(name: str) -> None:
        app.draw()
        pygame.image.save(app.screen, str(out / f"{tag}-{name}.png"))

    for _ in range(600):
        if table.human_turn():
            break
        run(6)
    run(10)
    snap("1-drag-hint")
    hint = table.controls.button(Action.HINT)
    app.dispatch(Intent(Action.HOVER, pos=hint.rect.center))
    snap("2-hint-tip")
    app.dispatch(Intent(Action.HOVER, pos=(5, 5)))
    auto_pass_moment(app, table)
    snap("3-auto-pass")
    app.push(SettingsScene(app, profile))
    run(4)
    snap("4-settings")
    app.pop()
    app.push(StatsScene(app, profile))
    run(4)
    snap("5-statistics-3-players")


def auto_pass_moment(app: App, table: TableScene) -> None:
    """The player answers a lone 2 with nothing that beats it, auto-pass on: the moment before the pass."""
    app.settings.auto_pass = True
    hands = ["5s 5h 9d Kc 3c 7h 8d Jc Qs", "6s 7s 8s 9s Ts", "4s 4c 7d Jd 2h"]
    game = Game(table.session.rules, [parse_cards(h) for h in hands], leader=2, first_game=False, check_deal=False)
    game.play(parse_cards("2h"), 2)
    table.session.match.current = game
    table.session.game = game
    table.start_game()
    for _ in range(6):
        app.step(1 / 30, pygame.event.get())


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--out", default="screenshots")
    p.add_argument("--sizes", default="1280x720,960x600")
    opts = p.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("vi", "en"):
        for size in opts.sizes.split(","):
            w, h = (int(v) for v in size.split("x"))
            shoot(lang, (w, h), out)
            pygame.display.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
