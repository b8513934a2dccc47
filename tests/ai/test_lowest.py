"""The searching bots picture a loose player as one that always makes its lowest play: ``fastplay.Lowest``
decides as the greedy bot does, on the compact simulator."""

from __future__ import annotations

import random

import pytest

from game.ai.playouts.players import LOWEST
from game.ai.playouts.plays import flags_for, mask_of
from game.ai.playouts.sim import Sim
from game.engine.game import new_game
from game.rules import load_rules
from lab import arena
from lab.bots import make_bot


@pytest.mark.parametrize(("variant", "players"), [("mien-nam", 4), ("mien-nam", 3), ("co-dien", 4), ("dem-la", 2)])
def test_the_lowest_player_makes_the_greedy_bots_choice(variant: str, players: int) -> None:
    rules = load_rules(variant)
    flags = flags_for(rules)
    checked = 0
    for index in range(6):
        hands, leader = arena.deal_hands(rules, players, 3, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=index % 2 == 0)
        bots = [make_bot("greedy", seed=s) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            sim = Sim.from_view(flags, view, [mask_of(h) for h in game.hands])
            move = bots[seat].choose(view)
            mine = LOWEST.move(sim, seat, random.Random(0))
            assert (mine[3] if mine is not None else None) == (mask_of(move) if move else None)
            checked += 1
            game.pass_turn(seat) if move is None else game.play(move, seat)
    assert checked > 50


def test_a_hard_bot_pictures_only_the_opponents_it_read_as_loose() -> None:
    from game.ai.hard import HardBot

    rules = load_rules("mien-nam")
    bot = make_bot("hard", playouts=3)
    assert isinstance(bot, HardBot)
    hands, leader = arena.deal_hands(rules, 4, 8, 0)
    view = new_game(rules, hands=hands, leader=leader, first_game=True).view(0)
    assert bot.playout_players(view).loose == frozenset()
    for index in range(8):
        hands, leader = arena.deal_hands(rules, 4, 4, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        arena.play_game(game, [make_bot("normal"), make_bot("greedy"), make_bot("normal"), make_bot("greedy")])
        bot.deal_over(game.view(0), [tuple(h) for h in game.hands])
    assert bot.playout_players(view).loose == frozenset({1, 3})
