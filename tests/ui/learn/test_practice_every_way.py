"""Practice sees every move of the player's, whichever way it was made: each can be taken back."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from tests.ui.learn.helpers import DT, seeded_practice, until  # noqa: E402
from tests.ui.learn.ways import WAYS, key, play_by  # noqa: E402


@pytest.mark.parametrize("way", WAYS)
def test_a_move_made_any_way_in_practice_can_be_taken_back(make_app, way) -> None:
    app, profile = make_app("en")
    app.settings.animation_speed = 4.0
    app.settings.opponent_speed = 8.0
    scene = seeded_practice(app, profile)  # a fixed deal, at the player's first turn with a move to make
    table = scene.table
    game = table.session.game
    before, mine = game.to_dict(), len(scene.practice.own_moves())
    move = sorted(game.legal_moves(0), key=len)[-1]  # several cards where it can: a drag or a double-click's job
    play_by(app, table, way, move)
    until(app, lambda: len(table.session.game.actions) > len(before["actions"]))
    app.step(DT)
    assert len(scene.practice.own_moves()) == mine + 1
    until(app, lambda: not table.busy)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.session.game.to_dict() == before
