"""Drive the real window through a scripted match and save screenshots (run under Xvfb for a headless box).

    xvfb-run -s "-screen 0 2560x1440x24" python tools/screenshot.py --size 1280x720 --out screenshots

Runs in a throwaway user folder (TIENLEN_HOME), so the player's settings (a fast animation speed, a card
back) never change the pictures and nothing of theirs is touched. The window opens at the captured size:
resizing it later would land the deal's cards at once (a resize finishes every animation in flight).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from ui.intents import Action, Intent  # noqa: E402
from ui.launch import build_app, parser  # noqa: E402
from ui.table.scene import TableScene  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--out", default="screenshots")
    p.add_argument("--lang", default="vi")
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--opponents", type=int, default=3)
    p.add_argument("--four-colour", action="store_true")
    opts = p.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TIENLEN_HOME"] = tempfile.mkdtemp(prefix="tienlen-shots-")  # default settings, no saves
    w, h = (int(v) for v in opts.size.split("x"))
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    args = parser().parse_args(["--seed", str(opts.seed), "--lang", opts.lang, "--opponents", str(opts.opponents)])
    app = build_app(args, size=(w, h))
    app.settings.four_colour = opts.four_colour
    app.apply_settings()
    table = next(s for s in reversed(app.stack) if isinstance(s, TableScene))
    tag = f"{opts.lang}-{w}x{h}-{opts.opponents}opp"

    def run(seconds: float) -> None:
        for _ in range(int(seconds * 30)):
            app.step(1 / 30, pygame.event.get())

    def shot(name: str) -> None:
        app.draw()
        pygame.image.save(app.screen, str(out / f"{tag}-{name}.png"))

    def hint() -> None:
        """H, then frames until the hint (thought out in the worker process) is shown."""
        table.actions.hint()
        while table.actions.hint_thinking:
            run(0.1)

    run(1.0)
    shot("1-dealing")
    g = table.session.game
    for _ in range(400):  # play until it is the human's turn with the table showing something
        run(0.2)
        if table.human_turn() and g.table is not None:
            break
        if table.human_turn():
            hint()
            table.actions.try_play()
    shot("2-your-turn")
    hand = table.model.hand.cards
    table.actions.click_card(hand[0])
    table.actions.click_card(hand[-1]) if len(hand) > 1 else None
    run(0.3)
    table.actions.try_play()
    run(0.2)
    shot("3-illegal-selection")
    table.actions.clear_selection()
    table.actions.hint()
    run(0.1)
    shot("4-hint-thinking")
    while table.actions.hint_thinking:
        run(0.1)
    run(0.4)
    shot("4-hint-selected")
    thought = False  # one "thinking" shot per run (an old file from an earlier run does not count)
    while not g.is_over:
        if table.human_turn() and not table.actions.try_play():
            hint()
            table.actions.try_play() or table.actions.try_pass()
        run(0.1)
        if table.thinking is not None and not thought:
            run(0.2)
            shot("5-thinking")
            thought = True
    run(0.6)
    shot("6-game-over")
    run(4.0)
    shot("7-results")
    app.dispatch(Intent(Action.CONFIRM))
    run(0.8)
    shot("8-next-deal")
    app.close()  # flush the throwaway save, stop the opponents' worker process
    return 0


if __name__ == "__main__":
    sys.exit(main())
