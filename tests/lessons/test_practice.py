"""Undo in practice games: the exact earlier state, and bots that see exactly what they saw before."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Game, load_rules, new_game
from game.ai import make_bot
from game.engine.view import SeatView
from game.lessons.practice import Practice, replay_prefix

VARIANTS = ("mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem")


def state(game: Game) -> dict[str, Any]:
    """A copy of everything a game holds except the cache of legal moves (kept for speed, not state)."""
    return copy.deepcopy({k: v for k, v in vars(game).items() if k != "_legal_cache"})


def views(game: Game) -> list[SeatView]:
    return [game.view(s) for s in range(game.players)]


def step(game: Game, bots: list[Any]) -> None:
    seat = game.current_player
    move = bots[seat].choose(game.view(seat))
    if move is None:
        game.pass_turn(seat)
    else:
        game.play(move, seat)


def play_to_my_turn(game: Game, bots: list[Any], seen: list[tuple[int, SeatView]] | None = None) -> None:
    """Let the bots move until it is seat 0's turn (or the game is over), noting what each bot saw."""
    while not game.is_over and game.current_player != 0:
        if seen is not None:
            seen.append((game.current_player, game.view(game.current_player)))
        step(game, bots)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(VARIANTS), players=st.integers(2, 4),
       undo_at=st.integers(0, 12))
def test_undo_restores_the_exact_state_before_the_move(seed: int, variant: str, players: int, undo_at: int) -> None:
    game = new_game(load_rules(variant), players, seed=seed)
    bots = [make_bot("normal", seed=s) for s in range(players)]
    practice = Practice(game, 0)
    snapshots: list[tuple[dict[str, Any], list[SeatView]]] = []
    play_to_my_turn(game, bots)
    while not practice.game.is_over:
        snapshots.append((state(practice.game), views(practice.game)))
        step(practice.game, bots)
        play_to_my_turn(practice.game, bots)
    if not snapshots:
        return  # an instant win: no move of seat 0 to take back
    back = min(undo_at, len(snapshots) - 1)
    for _ in range(len(snapshots) - back):
        practice.undo()
    before, seen = snapshots[back]
    assert state(practice.game) == before
    assert views(practice.game) == seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_bots_deciding_after_an_undo_see_and_choose_exactly_what_they_did_before(variant: str) -> None:
    game = new_game(load_rules(variant), 4, seed=7)
    bots = [make_bot("normal", seed=s) for s in range(4)]
    practice = Practice(game, 0)
    play_to_my_turn(game, bots)
    for _ in range(3):  # a few moves in, so the history the bots see is not empty
        step(practice.game, bots)
        play_to_my_turn(practice.game, bots)
    if practice.game.is_over:
        pytest.skip("the deal ended too early for this check")
    my_move = bots[0].choose(practice.game.view(0))
    first: list[tuple[int, SeatView]] = []
    (practice.game.play(my_move, 0) if my_move else practice.game.pass_turn(0))
    play_to_my_turn(practice.game, bots, first)
    choices_first = [bots[s].choose(v) for s, v in first]
    practice.undo()
    again: list[tuple[int, SeatView]] = []
    (practice.game.play(my_move, 0) if my_move else practice.game.pass_turn(0))
    play_to_my_turn(practice.game, bots, again)
    assert again == first
    assert [bots[s].choose(v) for s, v in again] == choices_first


def test_undo_twice_goes_back_two_of_your_moves_and_keeps_the_house_rules() -> None:
    rules = load_rules("mien-nam", {"quad_beats_pair_of_twos": False})
    game = new_game(rules, 3, seed=11)
    bots = [make_bot("normal", seed=s) for s in range(3)]
    practice = Practice(game, 0)
    play_to_my_turn(game, bots)
    start = state(game)
    step(game, bots)
    play_to_my_turn(game, bots)
    step(game, bots)
    play_to_my_turn(game, bots)
    practice.undo()
    practice.undo()
    assert state(practice.game) == start
    assert practice.game.rules is rules
    assert practice.undone == 2
    assert not practice.can_undo


def test_undo_with_no_move_of_yours_is_refused_in_plain_words() -> None:
    practice = Practice(new_game(load_rules("mien-nam"), 4, seed=3), 0)
    with pytest.raises(ValueError, match="no move of yours"):
        practice.undo()


def test_undo_after_the_game_is_over_reopens_it() -> None:
    bots = [make_bot("normal", seed=s) for s in range(2)]
    for seed in range(10):
        game = new_game(load_rules("mien-nam"), 2, seed=seed)
        practice = Practice(game, 0)
        while not game.is_over:
            step(game, bots)
        if practice.can_undo:
            break
    practice.undo()
    assert not practice.game.is_over and practice.game.current_player == 0
    assert practice.game.result is None


def test_replay_prefix_refuses_a_cut_outside_the_game() -> None:
    game = new_game(load_rules("mien-nam"), 4, seed=1)
    with pytest.raises(ValueError, match="actions"):
        replay_prefix(game, 5)
