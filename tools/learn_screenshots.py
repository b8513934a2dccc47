"""Screenshots of the lessons and of practice in both languages (run under Xvfb on a headless box).

    xvfb-run -s "-screen 0 1920x1080x24" python tools/learn_screenshots.py --size 1280x720 --out screenshots

Each language gets a throwaway user folder with one lesson already done, so the list shows a done mark.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--size", default="1280x720")
    p.add_argument("--out", default="screenshots")
    opts = p.parse_args()
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")
    w, h = (int(v) for v in opts.size.split("x"))
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("vi", "en"):
        home = Path(tempfile.mkdtemp(prefix="tienlen-learn-shots-"))
        os.environ["TIENLEN_HOME"] = str(home)
        from ui.learn.progress import LessonProgress, save_progress
        from ui.persist.paths import Paths

        paths = Paths.under(home)
        paths.ensure()
        save_progress(paths, LessonProgress(["combos"]))
        shoot(lang, (w, h), out)
    return 0


def shoot(lang: str, size: tuple[int, int], out: Path) -> None:
    import pygame

    from game.engine.cards import parse_cards
    from game.lessons import Ask, Opponent, Say
    from ui.intents import Action, Intent
    from ui.launch import build_app, parser
    from ui.learn.lesson_menu import LessonMenu
    from ui.learn.lesson_scene import LessonScene
    from ui.learn.practice_scene import PracticeScene
    from ui.menus.base import MenuScene
    from ui.table.effects import Banner

    app = build_app(parser().parse_args(["--lang", lang]))
    app.resize(size)

    def step(frames: int = 4) -> None:
        for _ in range(frames):
            app.step(1 / 30)

    def snap(name: str) -> None:
        step()
        app.draw()
        pygame.image.save(app.screen, str(out / f"learn-{lang}-{size[0]}x{size[1]}-{name}.png"))

    def press(*actions: Action) -> None:
        for a in actions:
            app.dispatch(Intent(a))
            step(1)

    def open_item(name: str) -> None:
        menu = app.top
        assert isinstance(menu, MenuScene)
        item = next(i for i in menu.items if i.name == name)
        app.dispatch(Intent(Action.HOVER, pos=item.rect.center))
        press(Action.CONFIRM)

    def settle(scene: LessonScene) -> None:
        for _ in range(900):
            if not scene.table.busy and not isinstance(scene.run.step, Opponent):
                return
            step(1)

    def lesson_on_top() -> LessonScene:
        scene = app.top
        assert isinstance(scene, LessonScene)
        return scene

    open_item("learn")
    assert isinstance(app.top, LessonMenu)
    press(Action.DOWN)
    snap("1-lessons")
    open_item("beating")
    lesson = lesson_on_top()
    settle(lesson)
    press(Action.CONFIRM)  # past the introduction
    settle(lesson)
    lesson.table.model.hand.select_only(parse_cards("4c"))
    lesson.table.changed()
    press(Action.PLAY)  # refused: 4♣ is not higher than 5♦
    snap("2-lesson-refused")
    press(Action.BACK, Action.BACK)
    open_item("scoring")
    lesson = lesson_on_top()
    won = False
    while not lesson.run.done:
        settle(lesson)
        current = lesson.run.step
        if isinstance(current, Say) and current.result:
            break
        if isinstance(current, Ask):
            goal = current.goal
            cards = goal.card_list or lesson.run.game.legal_moves(0)[0]
            lesson.table.model.hand.select_only(cards)
            press(Action.PLAY)
            if lesson.run.game.is_over and not won:  # the "You win!" banner, over the cards just played
                won = True
                for _ in range(60):
                    if any(isinstance(e, Banner) and e.age > 0.5 for e in lesson.table.sprites.effects):
                        break
                    step(1)
                snap("3-lesson-scoring-win")
        elif isinstance(current, Say):
            press(Action.CONFIRM)
    step(90)
    snap("4-lesson-scoring-result")
    press(Action.BACK)
    press(Action.BACK)
    open_item("new")
    new_match = app.top
    assert isinstance(new_match, MenuScene)
    practice = next(i for i in new_match.items if i.name == "practice")
    practice.step(1)
    snap("5-new-match-practice")
    open_item("start")
    scene = app.top
    assert isinstance(scene, PracticeScene)

    def hinted() -> None:
        press(Action.HINT)  # the expert thinks it out in the worker process
        for _ in range(900):
            if scene.advice is not None or not scene.hints.thinking:
                return
            step(1)

    for _ in range(1500):
        if scene.table.human_turn() and scene.table.session.game.table is not None:
            break
        if scene.table.human_turn():
            hinted()
            press(Action.PLAY)
        step(1)
    hinted()
    snap("6-practice-hint")
    press(Action.REVEAL)
    snap("7-practice-every-hand")


if __name__ == "__main__":
    sys.exit(main())
