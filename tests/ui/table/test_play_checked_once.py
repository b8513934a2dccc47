"""A play is judged once, by the engine as it plays it: a click on Play, a double-click on a card and a bot's
move each run ``Game.check_play`` once for their seat, and an illegal play is still refused by the engine."""

from __future__ import annotations

from collections.abc import Iterable

import pygame
import pytest

from game.engine.cards import Card
from game.engine.combos import classify
from game.engine.game import Game
from game.engine.refusals import IllegalMove, Refusal
from tests.ui.conftest import Driver, make_driver
from ui.intents import Action, Intent
from ui.table.words import reason_text


@pytest.fixture
def my_turn():
    d = make_driver()
    d.until(lambda: d.table.human_turn())
    yield d
    pygame.display.quit()


def count_checks(monkeypatch: pytest.MonkeyPatch, game: Game) -> list[int]:
    """Every ``check_play`` the real game runs from now on, as the seat it was asked for."""
    seats: list[int] = []

    def check_play(cards: Iterable[Card], seat: int | None = None) -> Refusal | None:
        seats.append(game.current_player if seat is None else seat)
        return Game.check_play(game, cards, seat)

    monkeypatch.setattr(game, "check_play", check_play)
    return seats


def play_button(d: Driver) -> tuple[int, int]:
    return d.table.controls.button(Action.PLAY).rect.center


def card_point(d: Driver, card: Card) -> tuple[int, int]:
    t = d.table
    r = t.sprites.hand[card].rect(t.arts.hand)
    return (r.left + 6, r.centery)


def test_a_click_on_play_checks_the_play_once(my_turn: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    t = my_turn.table
    game = t.session.game
    move = game.legal_moves(0)[0]
    t.model.hand.select_only(move)
    t.changed()
    assert t.controls.button(Action.PLAY).enabled
    checks = count_checks(monkeypatch, game)
    count = len(game.hands[0])
    my_turn.click(play_button(my_turn))
    assert len(game.hands[0]) == count - len(move)  # played
    assert checks.count(0) == 1


def test_an_illegal_play_is_refused_by_the_engine_after_one_check(my_turn: Driver,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    t = my_turn.table
    game = t.session.game
    cards = [t.model.hand.cards[0], t.model.hand.cards[-1]]
    reason = game.check_play(cards, 0)
    assert reason is not None
    t.model.hand.select_only(cards)
    t.changed()  # as a click on the cards would: the status line says why already, the button is dim
    assert not t.controls.button(Action.PLAY).enabled
    checks = count_checks(monkeypatch, game)
    before = len(game.log)
    my_turn.app.dispatch(Intent(Action.PLAY))  # Enter
    assert len(game.log) == before and checks == [0]
    assert t.controls.notice == reason_text(reason, classify(cards), game.table)  # the engine's own words
    with pytest.raises(IllegalMove):  # the session never lets it through either
        t.session.play(cards, 0)


def test_a_double_click_that_plays_checks_the_play_once(my_turn: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    t = my_turn.table
    game = t.session.game
    single = next((m for m in game.legal_moves(0) if len(m) == 1 and game.table is None), None)
    if single is None:  # answering a play: a click picks the smallest play holding the card
        single = game.legal_moves(0)[0]
    card = single[0]
    t.model.hand.clear()
    my_turn.click(card_point(my_turn, card))
    picked = t.model.hand.selection
    assert picked and game.check_play(picked, 0) is None
    checks = count_checks(monkeypatch, game)
    my_turn.click(card_point(my_turn, card))
    assert game.history[-1].seat == 0 and set(game.history[-1].combo.cards) == set(picked)
    assert checks.count(0) == 1


def test_a_bots_play_is_checked_once(my_turn: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    t = my_turn.table
    game = t.session.game
    checks = count_checks(monkeypatch, game)
    if game.table is not None:
        assert t.actions.try_pass()
    else:
        t.model.hand.select_only(game.legal_moves(0)[0])
        assert t.actions.try_play()
    start = len(game.history)
    my_turn.until(lambda: t.human_turn() or game.is_over)
    bot_plays = [a for a in game.history[start:] if a.seat != 0 and a.combo is not None]
    assert bot_plays and len([s for s in checks if s != 0]) == len(bot_plays)
