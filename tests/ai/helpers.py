"""Shared by the AI tests: hypothesis strategies and played games."""

from __future__ import annotations

from hypothesis import strategies as st

from game.ai.playouts.plays import SINGLE, all_plays
from game.engine.game import Game, new_game
from game.rules import load_rules
from lab.arena import deal_hands
from lab.bots import make_bot


@st.composite
def plays(draw: st.DrawFn) -> tuple[int, int, int, int]:
    """A play of any shape (singles to long pair runs, 2s and bombs among them)."""
    hand = draw(st.lists(st.integers(0, 51), min_size=1, max_size=12).map(lambda xs: sum(1 << x for x in set(xs))))
    return draw(st.sampled_from(sorted(all_plays(hand))))


def played_game(lineup: list[str], index: int, stop: int = 10_000) -> Game:
    """Deal ``index`` of seed 5 played by ``lineup`` (bot names by seat), to its end or ``stop`` actions."""
    rules = load_rules("mien-nam")
    hands, leader = deal_hands(rules, 4, 5, index)
    bots = [make_bot(name, seed=index * 10 + s) for s, name in enumerate(lineup)]
    game = new_game(rules, hands=hands, leader=leader, first_game=True)
    steps = 0
    while not game.is_over and steps < stop:
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        game.pass_turn(seat) if move is None else game.play(move, seat)
        steps += 1
    return game


def single(card: int) -> tuple[int, int, int, int]:
    """The playout simulator's single ``card`` (a card number, rank * 4 + suit)."""
    return (SINGLE, 1, card, 1 << card)
