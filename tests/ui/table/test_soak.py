"""Random clicks, drags, keys and resizes for thousands of frames across several matches: nothing breaks,
and whenever the table is still, it shows exactly the game (as a table rebuilt from the game would)."""

from __future__ import annotations

import random

import pygame
import pytest

from tests.ui.conftest import Driver, make_driver
from tests.ui.helpers import random_event
from ui.results import ResultsScene
from ui.table.model import TableModel

pytestmark = pytest.mark.slow  # random input for thousands of frames: -m 'not slow' skips it


def assert_still_table_shows_the_game(d: Driver) -> int:
    """When no move is being shown, the model is the game's; returns 1 when it checked, else 0."""
    t = d.table
    if t.busy or t.session.game.is_over:
        return 0
    game, model = t.session.game, t.model
    truth = TableModel.from_game(game, t.session.human)
    assert model.hands == truth.hands
    assert model.pile == truth.pile and model.passed == truth.passed and model.places == truth.places
    assert model.round_log == truth.round_log
    assert [[sp.card for sp in group] for group in t.sprites.pile] == [list(p.combo.cards) for p in model.pile]
    assert set(t.sprites.hand) == set(model.hand.cards) == set(game.hands[0])
    assert not model.hand.selected - set(model.hand.cards)
    return 1


def test_soak_random_input_across_matches() -> None:
    games = checks = 0
    for seed, opponents in ((11, 3), (12, 1), (13, 2)):
        d = make_driver(seed=seed, opponents=opponents)
        rng = random.Random(seed)
        for _ in range(2500):
            events = [random_event(rng, d.app.size) for _ in range(rng.randrange(0, 3))]
            top = d.app.top
            if isinstance(top, ResultsScene) and rng.random() < 0.05:
                events.append(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0))
            d.app.step(1 / 30, events)
            checks += assert_still_table_shows_the_game(d)
        games += len(d.table.session.match.results)
        assert d.app.running
    assert games >= 2
    assert checks >= 1000  # the table was still (and checked) often, not only between matches
