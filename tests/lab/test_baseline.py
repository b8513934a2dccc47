"""The baseline bot is a fixed yardstick: it plays exactly as the normal bot did before any tuning."""

from __future__ import annotations

from pathlib import Path

from game import load_rules, new_game
from game.engine.cards import format_cards
from lab.bots import LAB_BOTS as REFERENCE_BOTS
from lab.bots import make_bot

RECORD = Path(__file__).parent / "data" / "normal_before_tuning.txt"


def _replay(variant: str, players: int, seed: int) -> list[str]:
    """The moves of a game where every seat is a baseline bot, as the record writes them."""
    game = new_game(load_rules(variant), players=players, seed=seed)
    bots = [make_bot("baseline", seed=seed + s) for s in range(players)]
    moves = []
    while not game.is_over:
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        if move is None:
            game.pass_turn(seat)
            moves.append("-")
        else:
            game.play(move, seat)
            moves.append(format_cards(move, ascii=True).replace(" ", ","))
    return moves


def test_baseline_replays_the_recorded_games_of_the_old_normal_bot_move_for_move() -> None:
    games = [line for line in RECORD.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert len(games) == 40
    for line in games:
        head, _, moves = line.partition(" | ")
        variant, players, seed = head.split()
        assert _replay(variant, int(players), int(seed)) == moves.split(), head


def test_baseline_is_a_reference_bot_not_a_level() -> None:
    assert "baseline" in REFERENCE_BOTS
    assert make_bot("baseline").level == "baseline"
