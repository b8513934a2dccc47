"""The player's turn shows at once: no input is needed for the controls and the prompt to appear.

The window is checked, not the scene's fields: the pixels of the buttons and of the status line on the
screen must be those of a fresh drawing of the table as it is now.
"""

from __future__ import annotations

import pygame

from tests.ui.conftest import Driver
from ui import theme
from ui.intents import Action, Intent
from ui.results import ResultsScene

FRAMES_ALLOWED = 2  # after the turn passes to the player, the screen may lag this many frames


def _region_bytes(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    rect = rect.clip(surface.get_rect())
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def _button(d: Driver, action: Action) -> pygame.Rect:
    return pygame.Rect(next(b for b in d.table.controls.buttons if b.action == action).rect)


def assert_turn_is_shown(d: Driver) -> None:
    """What the window shows is the player's turn: enabled controls and the prompt, as drawn now."""
    table, screen = d.table, d.app.screen
    game = table.session.game
    fresh = pygame.Surface(screen.get_size())
    table.draw(fresh)
    lay = table.layout
    line = pygame.Rect(0, lay.message_y - lay.font, lay.size[0], lay.font * 2)
    for name, rect in [("status line", line)] + [(b.label_key, pygame.Rect(b.rect).inflate(0, 8))
                                                 for b in table.controls.buttons]:
        assert _region_bytes(screen, rect) == _region_bytes(fresh, rect), f"the screen shows a stale {name}"
    # and what the fresh drawing shows is a usable turn: the buttons the position allows are lit
    hint = _button(d, Action.HINT)
    probe = (hint.x + 10, hint.y + int(hint.h * 0.7))
    expected_off = not game.legal_moves(0)
    assert (screen.get_at(probe)[:3] == theme.BUTTON_OFF) == expected_off
    if game.table is not None:
        pass_rect = _button(d, Action.PASS)
        assert screen.get_at((pass_rect.x + 10, pass_rect.y + int(pass_rect.h * 0.7)))[:3] != theme.BUTTON_OFF


def wait_for_turn_without_input(d: Driver) -> None:
    """Step frames with no events at all until it is the player's turn, then allow a frame or two."""
    d.until(lambda: d.table.human_turn() or isinstance(d.app.top, ResultsScene), frames=20000)
    if isinstance(d.app.top, ResultsScene):
        return
    d.step(FRAMES_ALLOWED)
    assert d.table.human_turn()
    assert_turn_is_shown(d)


def test_every_turn_of_a_match_shows_its_controls_without_input(driver: Driver) -> None:
    """Through two games: turns after an opponent's move, leads after a round, and game 2's first turn."""
    d = driver
    seen_after_opponent = seen_lead_after_round = seen_game_two = 0
    for _ in range(400):
        table = d.table
        wait_for_turn_without_input(d)
        if isinstance(d.app.top, ResultsScene):
            if len(table.session.match.results) >= 2:
                break
            d.app.dispatch(Intent(Action.CONFIRM))  # the results screen: on to the next game
            d.step(1)
            wait_for_turn_without_input(d)
            seen_game_two += 1
            continue
        game = table.session.game
        if game.log and game.table is None and game.round_index > 0:
            seen_lead_after_round += 1
        elif game.table is not None and game.table_seat != 0:
            seen_after_opponent += 1
        moves = game.legal_moves(0)
        if moves:
            table.model.hand.select_only(moves[0])
            d.app.dispatch(Intent(Action.PLAY))
        else:
            d.app.dispatch(Intent(Action.PASS))
    assert seen_after_opponent >= 5 and seen_lead_after_round >= 1 and seen_game_two >= 1
