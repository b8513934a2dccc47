"""A client's shadow of a game it does not own answers every question about its own seat as the real game
does, and the table model built on its stand-ins follows the real game's events to the true hands at the end."""

from __future__ import annotations

import random

import pytest

from game.engine.cards import Card
from game.engine.events import Event
from game.engine.game import Game, new_game
from game.net.shadow import shadow_game, stand_in_hands
from game.rules.loader import load_rules
from ui.table.model import TableModel

VARIANTS = ["mien-nam", "dem-la", "xep-hang"]


def _random_move(game: Game, rng: random.Random) -> list[Event]:
    seat = game.current_player
    moves = game.legal_moves(seat)
    if game.table is not None and (not moves or rng.random() < 0.3):
        return game.pass_turn(seat)
    return game.play(rng.choice(moves), seat)


@pytest.mark.parametrize("seed", range(6))
def test_the_shadow_answers_for_its_seat_as_the_real_game(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    game = new_game(load_rules(VARIANTS[seed % 3]), players, seed=seed)
    seat = seed % players
    log: list[Event] = list(game.opening_events)
    while not game.is_over:
        view = game.view(seat)
        shadow = shadow_game(view, log)
        assert shadow.hands[seat] == game.hands[seat]
        assert [len(h) for h in shadow.hands] == [len(h) for h in game.hands]
        cards = [c for h in shadow.hands for c in h]
        assert len(cards) == len(set(cards)) and not set(cards) & view.played_cards
        assert shadow.current_player == game.current_player and len(shadow.log) == len(game.log)
        assert shadow.legal_moves(seat) == game.legal_moves(seat)
        for move in game.legal_moves(seat)[:5]:
            assert shadow.check_play(move, seat) == game.check_play(move, seat)
        log += _random_move(game, rng)


def test_stand_ins_never_include_a_card_the_seat_saw() -> None:
    game = new_game(load_rules("mien-nam"), 3, seed=4)
    view = game.view(1)
    hands = stand_in_hands(view)
    others = {c for s, h in enumerate(hands) if s != 1 for c in h}
    assert not others & set(view.hand) and len(others) == sum(view.counts) - len(view.hand)


@pytest.mark.parametrize("seed", range(8))
def test_the_table_model_on_stand_ins_ends_on_the_true_hands(seed: int) -> None:
    rng = random.Random(100 + seed)
    players = 2 + seed % 3
    game = new_game(load_rules(VARIANTS[seed % 3]), players, seed=seed)
    human = seed % players
    shadow = shadow_game(game.view(human))
    model = TableModel.deal(shadow.hands, human)
    model.dealt = None
    model.unseen = {s for s in range(players) if s != human}
    events: list[Event] = list(game.opening_events)
    while not game.is_over:
        events += _random_move(game, rng)
    for event in events:
        model.apply(event)
        piled = [c for turn in model.pile if turn.combo for c in turn.combo.cards]
        shown: list[Card] = [c for h in model.hands for c in h] + piled
        assert len(shown) == len(set(shown)), "a card is shown twice"
        assert model.hands[human] == [c for c in model.hands[human] if c in game.initial_hands[human]]
        for seat in model.unseen:
            assert model.shown_faces(seat) is None, "a stand-in was shown face up"
    assert [sorted(h) for h in model.hands] == [sorted(h) for h in game.hands]
    assert not model.unseen and all(model.shown_faces(s) is not None for s in range(players))


def test_the_players_seat_is_drawn_at_the_bottom_and_the_others_follow_in_turn_order() -> None:
    from ui.table.layout import Layout

    assert [p.side for p in Layout((1280, 720), 4).seats] == ["bottom", "right", "top", "left"]
    assert [p.side for p in Layout((1280, 720), 4, bottom=2).seats] == ["top", "left", "bottom", "right"]
    assert [p.side for p in Layout((1280, 720), 3, bottom=1).seats] == ["left", "bottom", "right"]
