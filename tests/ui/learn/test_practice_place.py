"""Practice's panel has a place of its own: clear of the round log, the hand and its buttons, every seat's plate
and the pile at the table's centre (a four-card play), at both window sizes, for two, three and four players,
in both languages."""

from __future__ import annotations

import os

import pygame
import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.table.choice import MatchChoice  # noqa: E402
from ui import i18n  # noqa: E402
from ui.learn.panel import practice_rect  # noqa: E402
from ui.learn.practice_scene import PracticeScene, open_practice  # noqa: E402
from ui.table import painter  # noqa: E402
from ui.table.roundlog import log_area  # noqa: E402


def centre_rect(lay) -> pygame.Rect:
    """Where a play of four cards lands at the table's centre."""
    cw, ch = lay.centre_w, int(lay.centre_w * 1.4)
    slots = lay.play_slots(4, 0)
    return pygame.Rect(slots[0][0] - cw // 2, slots[0][1] - ch // 2, slots[-1][0] - slots[0][0] + cw, ch)


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_practice_panel_overlaps_nothing_the_player_must_see(make_app, lang, size, players) -> None:
    app, profile = make_app(lang)
    i18n.set_language(lang)
    open_practice(app, profile, MatchChoice(variant="mien-nam", opponents=("normal",) * (players - 1)), seed=5)
    app.resize(size)
    scene = app.top
    assert isinstance(scene, PracticeScene)
    table = scene.table
    table.tweener.finish_all()
    app.step(0.0)
    lay = table.layout
    panel = practice_rect(lay)
    assert panel.width >= 200 * lay.unit and panel.height >= 110 * lay.unit, panel  # room for the hint
    assert pygame.Rect((0, 0), size).contains(panel)
    assert table.round_log and not panel.colliderect(log_area(lay)), (panel, log_area(lay))
    hand = [table.sprites.hand[c].rect(table.arts.hand).inflate(0, 2 * lay.lift) for c in table.model.hand.cards]
    assert hand and not any(panel.colliderect(r) for r in hand)
    assert not any(panel.colliderect(b.rect) for b in table.controls.buttons)
    plates = [table._plate(s).rect for s in range(lay.players)]
    assert not any(panel.colliderect(r) for r in plates), (panel, plates)
    badges = [pygame.Rect(0, 0, 2 * lay.avatar_r, 2 * lay.avatar_r) for _ in lay.seats]
    for badge, place in zip(badges, lay.seats, strict=True):
        badge.center = place.badge
        assert not panel.colliderect(badge)
    assert not panel.colliderect(centre_rect(lay)), (panel, centre_rect(lay))
    assert panel.bottom <= painter.status_top(lay)  # the status line under it stays whole
