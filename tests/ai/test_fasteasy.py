"""The coach pictures a beginner as ``fasteasy.EasyLike``: the easy bot's decisions on the compact simulator."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.easy import EasyBot
from game.ai.playouts.easy_like import EASY, EasyLike
from game.ai.playouts.plays import flags_for, mask_of
from game.ai.playouts.sim import Sim
from game.engine.game import Game, new_game
from game.rules import load_rules
from lab import arena
from lab.bots import make_bot


def positions(variant: str, players: int, games: int) -> list[tuple[Game, int]]:
    """Every decision with a legal play in ``games`` games among easy bots (copies of the game at each)."""
    rules = load_rules(variant)
    found: list[tuple[Game, int]] = []
    for index in range(games):
        hands, leader = arena.deal_hands(rules, players, 5, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=index % 2 == 0)
        bots = [make_bot("easy", seed=s) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            if view.legal_moves:
                found.append((Game.from_dict(game.to_dict(), rules), seat))
            move = bots[seat].choose(view)
            game.pass_turn(seat) if move is None else game.play(move, seat)
    return found


def fast_move(game: Game, seat: int, player: EasyLike, rng: random.Random) -> int | None:
    sim = Sim.from_view(flags_for(game.rules), game.view(seat), [mask_of(h) for h in game.hands])
    play = player.move(sim, seat, rng)
    return play[3] if play is not None else None


@pytest.mark.parametrize(("variant", "players"), [("mien-nam", 4), ("co-dien", 3), ("dem-la", 2)])
def test_without_slips_it_makes_the_easy_bots_choice(variant: str, players: int) -> None:
    steady, steady_bot = EasyLike(), EasyBot()
    for slip in ("careless", "lazy_pass", "eager_two"):  # a beginner that never slips
        setattr(steady, slip, 0.0)
        setattr(steady_bot, slip, 0.0)
    checked = 0
    for game, seat in positions(variant, players, 5):
        move = steady_bot.choose(game.view(seat))
        assert fast_move(game, seat, steady, random.Random(0)) == (mask_of(move) if move else None)
        checked += 1
    assert checked > 40


def test_it_slips_as_often_as_the_easy_bot() -> None:
    """At each position, the share of each play over many draws: the easy bot's (one seed a draw) and the
    picture's (one random stream a draw) agree within sampling noise."""
    draws = 400
    rng = random.Random(3)
    compared = 0
    for game, seat in positions("mien-nam", 4, 4)[::3]:
        view = game.view(seat)
        bot = Counter(mask_of(m) if (m := EasyBot(seed).choose(view)) else None for seed in range(draws))
        fast = Counter(fast_move(game, seat, EASY, rng) for _ in range(draws))
        for move in set(bot) | set(fast):
            p, q = bot[move] / draws, fast[move] / draws
            mean = (p + q) / 2.0  # two samples' difference: four standard errors of it, and a draw's worth
            assert abs(q - p) <= 4.0 * (2.0 * mean * (1.0 - mean) / draws) ** 0.5 + 1.0 / draws, (view.hand, move)
        compared += 1
    assert compared > 10
