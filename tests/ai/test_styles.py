"""The searching bots' reading of their opponents' styles (``game.ai.styles``)."""

from __future__ import annotations

import random

from game.ai import make_bot
from game.ai.fastsim import Sim
from game.ai.hard import HardBot, flags_for
from game.ai.styles import PATIENT_THRESHOLD, follow_turns, patient, read
from game.ai.weights import tuned
from game.arena import deal_hands
from game.game import Game, new_game
from game.rules import load_rules


def played_game(lineup: list[str], index: int, stop: int = 10_000) -> Game:
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


def test_before_anyone_followed_every_opponent_is_even_odds() -> None:
    game = played_game(["normal"] * 4, 0, stop=0)
    reading = read(game.view(game.current_player))
    assert len(reading.patient) == 3 and set(reading.patient.values()) == {0.5}


def test_passing_often_reads_as_patient_and_following_often_as_keen() -> None:
    for index in range(6):
        game = played_game(["normal"] * 4, index, stop=40)
        view = game.view(game.current_player)
        reading = read(view)
        for seat, chance in reading.patient.items():
            passes, turns = follow_turns(view, seat)
            if turns and passes / turns > 0.61:
                assert chance > 0.5
            if turns and passes / turns < 0.5:
                assert chance < 0.5


def test_over_many_games_patient_players_read_more_patient_than_keen_ones() -> None:
    keen, calm = [], []
    for index in range(12):
        game = played_game(["normal", "baseline", "normal", "baseline"], index, stop=60)
        reading = read(game.view(0))
        keen += [p for s, p in reading.patient.items() if s == 2]
        calm += [p for s, p in reading.patient.items() if s in (1, 3)]
    assert sum(calm) / len(calm) > sum(keen) / len(keen)


def test_a_patient_player_follows_only_with_a_play_worth_it() -> None:
    w = tuned("normal")
    assert w.threshold < PATIENT_THRESHOLD and patient(w).threshold == PATIENT_THRESHOLD
    assert patient(w).spend_penalty == w.spend_penalty


def test_the_playouts_seat_this_bot_with_its_own_weights_and_opponents_in_both_styles() -> None:
    game = played_game(["normal"] * 4, 3, stop=12)
    view = game.view(game.current_player)
    bot = HardBot(1, opponents="read")
    make = bot.playout_players(view, random.Random(2))
    sim = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
    sim.hands = [h or 1 for h in sim.hands]
    assert make(sim, view.seat, 0).w == bot.weights
    styles = {make(sim, s, 0).w.threshold for s in read(view).patient for _ in range(20)}
    assert styles == {tuned("normal").threshold, PATIENT_THRESHOLD}


def test_the_default_opponents_are_patient_and_an_unknown_model_is_refused() -> None:
    game = played_game(["normal"] * 4, 3, stop=12)
    view = game.view(game.current_player)
    sim = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
    sim.hands = [h or 1 for h in sim.hands]
    for model, threshold in (("keen", tuned("normal").threshold), ("patient", PATIENT_THRESHOLD)):
        make = HardBot(1, opponents=model).playout_players(view, random.Random(2))
        assert {make(sim, s, 0).w.threshold for s in read(view).patient} == {threshold}
    assert HardBot(1).opponents == "patient"
    try:
        HardBot(1, opponents="bold")
    except ValueError as exc:
        assert "keen" in str(exc)
    else:
        raise AssertionError("an unknown opponent model was accepted")
