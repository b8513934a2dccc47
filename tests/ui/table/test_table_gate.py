"""One gate for the player's moves: with a gate set (as a lesson sets one), every way of playing or passing —
the Play button, Enter, a double-click, Shift+H, a drag then Play, P, the Pass button, auto-pass — asks the gate,
and none reaches the game behind its back."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.conftest import Driver, make_driver
from tests.ui.learn.ways import click_button, double_click, drag_select, key, play_by
from ui.intents import Action


@pytest.fixture
def answering() -> Driver:
    """The player's turn with a play on the table to answer (the player's own lead made first, ungated)."""
    d = make_driver()
    table = d.table
    for _ in range(20):
        d.until(lambda: table.human_turn())
        game = table.session.game
        if game.table is not None and game.legal_moves(0):
            return d
        table.actions.move(game.legal_moves(0)[0] if game.legal_moves(0) else None)
    raise AssertionError("no turn to answer a play")


def gate_on(d: Driver) -> list:
    seen: list = []
    d.table.actions.gate = lambda cards: seen.append(None if cards is None else sorted(cards))  # refuses all
    return seen


@pytest.mark.parametrize("way", ["click_play", "enter", "double_click", "shift_h", "drag"])
def test_every_way_of_playing_asks_the_gate_first(answering: Driver, way: str) -> None:
    d, table = answering, answering.table
    game = table.session.game
    actions = list(game.actions)
    seen = gate_on(d)
    move = sorted(game.legal_moves(0), key=len)[-1]
    play_by(d.app, table, way, move)
    assert seen and game.actions == actions and table.human_turn()
    if way != "shift_h":  # Shift+H plays the advice's move, whatever it is
        assert seen[-1] == sorted(move)


@pytest.mark.parametrize("way", ["p", "button"])
def test_every_way_of_passing_asks_the_gate_first(answering: Driver, way: str) -> None:
    d, table = answering, answering.table
    game = table.session.game
    actions = list(game.actions)
    seen = gate_on(d)
    if way == "p":
        key(d.app, pygame.K_p)
    else:
        click_button(d.app, table, Action.PASS)
    assert seen == [None] and game.actions == actions


def test_auto_pass_asks_the_gate_first(answering: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    d, table = answering, answering.table
    game = table.session.game
    actions = list(game.actions)
    seen = gate_on(d)
    monkeypatch.setattr(game, "legal_moves", lambda seat: [])  # nothing answers the table: auto-pass applies
    d.app.settings.auto_pass = True
    table.changed()
    d.until(lambda: bool(seen), frames=300)
    assert seen == [None] and game.actions == actions


def test_a_gate_that_makes_the_move_has_its_events_shown(answering: Driver) -> None:
    d, table = answering, answering.table
    game, human = table.session.game, table.session.human
    move = game.legal_moves(0)[0]
    table.actions.gate = lambda cards: game.play(cards, human) if cards is not None else None
    double_click(d.app, table, move)
    assert game.actions[-1][:2] == ["play", 0] and not table.model.hand.selected
    d.until(lambda: not any(c in table.model.hand.cards for c in move))  # the cards leave the hand as shown


def test_drag_alone_plays_nothing(answering: Driver) -> None:
    d, table = answering, answering.table
    seen = gate_on(d)
    move = sorted(table.session.game.legal_moves(0), key=len)[-1]
    drag_select(d.app, table, move)
    assert seen == [] and table.model.hand.selected == set(move)
