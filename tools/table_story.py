"""Screenshots of the table explaining a short scripted game (tools/story.py): the round's log mid-round,
the one-card alert, a chặt paid with the chips moving, and the end-of-game texts. Run under Xvfb:

    xvfb-run -a -s "-screen 0 2560x1440x24" python tools/table_story.py --size 960x600 --lang en --players 4
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402
from story import CHOP_AT, LOG_SHOWN, open_story, play_story  # noqa: E402  (this directory)

from ui.app import App  # noqa: E402
from ui.settings_model import Settings  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--out", default="screenshots")
    p.add_argument("--lang", default="vi")
    p.add_argument("--players", type=int, default=4)
    opts = p.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TIENLEN_HOME"] = tempfile.mkdtemp(prefix="tienlen-shots-")
    w, h = (int(v) for v in opts.size.split("x"))
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(Settings(language=opts.lang, muted=True), size=(w, h))
    table = open_story(app, opts.players)
    tag = f"{opts.lang}-{w}x{h}-{opts.players}p"

    def run(seconds: float) -> None:
        for _ in range(int(seconds * 30)):
            app.step(1 / 30, pygame.event.get())

    def settle() -> None:
        run(0.1)
        while table.busy:
            run(0.1)

    def shot(name: str) -> None:
        app.draw()
        pygame.image.save(app.screen, str(out / f"{tag}-{name}.png"))

    run(0.2)
    settle()
    play_story(table, LOG_SHOWN, settle)
    run(0.5)
    shot("1-log")
    play_story(table, CHOP_AT - 1, settle)
    run(0.5)
    shot("2-before-chop")
    play_story(table, CHOP_AT, lambda: None)
    for i in range(4):  # the chặt: the pass, then the payment flying and the chips changing
        run(0.45)
        shot(f"3-chop-{i}")
    settle()
    run(0.5)
    shot("4-one-card")
    play_story(table, CHOP_AT + 1, lambda: None)
    for i in range(5):
        run(0.5)
        shot(f"5-end-{i}")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
