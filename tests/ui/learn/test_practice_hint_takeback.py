"""A practice hint answers only the position it was asked for: H, then Ctrl+Z while it is thought out, never
shows the hint of the position taken back, and Shift+H afterwards hints and plays the position on the table.
Driven by key presses through the real practice scene; the hint's worker answers only when the test lets it."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

import pygame

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.engine.cards import parse_cards  # noqa: E402
from game.engine.view import SeatView  # noqa: E402
from game.table.bots import BotRunner  # noqa: E402
from tests.ui.learn.helpers import DT, my_turn, seeded_practice, until  # noqa: E402
from tests.ui.menus.helpers import press  # noqa: E402
from ui.intents import Action  # noqa: E402
from ui.table.hint_job import HintJob  # noqa: E402


class Controlled:
    """The hint's search, answering ``reply(view)`` once the test sets ``go``; it counts what it was asked."""

    def __init__(self, reply: Callable[[SeatView], object]) -> None:
        self.go = threading.Event()
        self.reply = reply
        self.asked: list[SeatView] = []
        self.answered = 0

    def choose(self, view: SeatView) -> object:
        self.asked.append(view)
        assert self.go.wait(30)
        self.answered += 1
        return self.reply(view)


def key(app, k: int, mod: int = 0) -> None:
    """One key press, posted as the window would post it, and a frame."""
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


def after_one_move(app, profile, lead: bool = False):
    """A practice table at the player's next turn after a move of theirs to take back (made leading if
    ``lead``: the deal of seed 1 has the player lead first)."""
    scene = seeded_practice(app, profile, seed=1 if lead else 3)
    game = scene.table.session.game
    assert not lead or game.table is None
    scene.table.model.hand.select_only(game.legal_moves(0)[0])
    press(app, Action.PLAY)
    until(app, lambda: my_turn(scene))
    return scene


def control(scene, reply: Callable[[SeatView], object]) -> Controlled:
    bot = Controlled(reply)
    scene.hints = HintJob(runner=BotRunner(worker=False), bot=lambda *_: bot)
    return bot


def test_a_hint_still_thinking_at_a_take_back_is_never_shown(make_app) -> None:
    app, profile = make_app("en")
    scene = after_one_move(app, profile)
    bot = control(scene, lambda view: view.legal_moves[-1] if view.legal_moves else None)
    before = scene.table.session.game
    key(app, pygame.K_h)
    assert scene.hints.thinking and len(bot.asked) == 1
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    game = scene.table.session.game
    assert game is not before and len(game.actions) < len(before.actions)  # taken back
    bot.go.set()
    until(app, lambda: bot.answered == 1)
    for _ in range(10):
        app.step(DT)
    assert scene.advice is None and not scene.hints.thinking
    assert not scene.table.model.hand.selected  # nothing of the old position selected
    assert all("best move" not in line.text for line in scene.lines())


def test_a_pass_hinted_before_a_take_back_is_not_shown_at_the_lead_and_shift_h_then_plays(make_app) -> None:
    app, profile = make_app("en")
    scene = after_one_move(app, profile, lead=True)
    answers: list[object] = [None]  # the first answer a pass, for the position that is taken back

    def reply(view: SeatView) -> object:
        return answers.pop(0) if answers else view.legal_moves[0]

    bot = control(scene, reply)
    key(app, pygame.K_h)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    bot.go.set()
    until(app, lambda: bot.answered == 1)
    app.step(DT)
    assert scene.advice is None
    game = scene.table.session.game
    until(app, lambda: my_turn(scene))
    assert game.table is None  # the position taken back to is a lead
    before = len(game.actions)
    view = game.view(0)
    expected = view.legal_moves[0]
    key(app, pygame.K_h, pygame.KMOD_LSHIFT)  # Shift+H: hint this position and play it
    assert len(bot.asked) == 2 and bot.asked[1].history == view.history
    until(app, lambda: len(game.actions) > before)
    assert game.actions[before][0] == "play" and int(game.actions[before][1]) == 0
    assert set(parse_cards(game.actions[before][2])) == set(expected)


def test_h_after_a_take_back_asks_again_for_the_position_on_the_table(make_app) -> None:
    app, profile = make_app("en")
    scene = after_one_move(app, profile)
    bot = control(scene, lambda view: view.legal_moves[-1] if view.legal_moves else None)
    key(app, pygame.K_h)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    until(app, lambda: my_turn(scene))
    key(app, pygame.K_h)  # the pending hint was for the old position: this one is asked afresh
    game = scene.table.session.game
    assert scene.hints.answers(game) and len(bot.asked) == 2
    bot.go.set()
    until(app, lambda: scene.advice is not None)
    assert scene.advice.move == game.view(0).legal_moves[-1]


def test_a_pass_is_never_the_hint_for_a_lead() -> None:
    from game.engine.game import new_game
    from game.rules import load_rules

    game = new_game(load_rules("mien-nam"), 4, seed=2)
    seat = game.current_player
    assert game.table is None
    job = HintJob(runner=BotRunner(worker=False), bot=lambda *_: control_pass())
    job.ask(game, seat)
    advice = None
    for _ in range(3000):
        if (advice := job.answer(game)) is not None:
            break
        threading.Event().wait(0.01)
    assert advice is not None and advice.move is not None
    assert advice.move in game.legal_moves(seat)


def control_pass() -> Controlled:
    bot = Controlled(lambda view: None)
    bot.go.set()
    return bot
