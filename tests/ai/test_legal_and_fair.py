"""Every bot plays only legal moves, in every variant and table size, and never peeks at hidden cards."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import Game, list_variants, load_rules, new_game
from game.ai import LEVELS
from game.engine.cards import DECK
from lab.bots import LAB_BOTS as REFERENCE_BOTS
from lab.bots import make_bot

ALL_BOTS = LEVELS + REFERENCE_BOTS
# A generous time limit keeps the hard bot deterministic (its work budget binds first) even on a busy machine.
FAST = {level: {"playouts": 3, "candidates": 3, "time_limit": 5.0} for level in ("hard", "expert", "master")}


def bot(level: str, seed: int):  # noqa: ANN201 - any bot
    return make_bot(level, seed=seed, **FAST.get(level, {}))


def test_levels_are_the_five_named_ones() -> None:
    assert LEVELS == ("easy", "normal", "hard", "expert", "master")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    variant=st.sampled_from(list_variants()),
    players=st.integers(2, 4),
    lineup=st.lists(st.sampled_from(ALL_BOTS), min_size=4, max_size=4),
)
def test_bots_only_return_legal_plays(seed: int, variant: str, players: int, lineup: list[str]) -> None:
    game = new_game(load_rules(variant), players=players, seed=seed)
    bots = [bot(lineup[s], seed + s) for s in range(players)]
    steps = 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        move = bots[seat].choose(view)
        if move is None:
            assert view.table is not None, f"{lineup[seat]} passed on its own lead"
            game.pass_turn(seat)
        else:
            assert tuple(move) in view.legal_moves, f"{lineup[seat]} chose an illegal {move}"
            game.play(move, seat)
        steps += 1
        assert steps < 1000


def _midgame(seed: int, players: int, steps: int) -> Game:
    game = new_game(load_rules("mien-nam"), players=players, seed=seed)
    greedy = make_bot("greedy")
    for _ in range(steps):
        if game.is_over:
            break
        move = greedy.choose(game.view(game.current_player))
        if move is None:
            game.pass_turn()
        else:
            game.play(move)
    return game


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), steps=st.integers(0, 20), shuffle=st.integers(0, 99))
def test_choice_never_depends_on_cards_the_seat_cannot_see(seed: int, players: int, steps: int, shuffle: int) -> None:
    game = _midgame(seed, players, steps)
    if game.is_over:
        return
    seat = game.current_player
    view = game.view(seat)
    # The same position with the other hands dealt again from the cards this seat has not seen.
    unseen = sorted(set(DECK) - set(view.played_cards) - set(view.hand))
    random.Random(shuffle).shuffle(unseen)
    hands, i = [], 0
    for s in range(players):
        if s == seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[i : i + view.counts[s]])
            i += view.counts[s]
    other = Game.from_view(view, hands)
    other_view = other.view(seat)
    for level in ALL_BOTS:
        assert bot(level, 7).choose(view) == bot(level, 7).choose(other_view), level


def test_a_bot_is_deterministic_for_its_seed() -> None:
    game = _midgame(3, 4, 5)
    view = game.view(game.current_player)
    for level in ALL_BOTS:
        assert bot(level, 11).choose(view) == bot(level, 11).choose(view)
