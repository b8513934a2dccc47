"""The searching bots' reading of their opponents' styles (``game.ai.reading``: ``styles``, ``inference``)."""

from __future__ import annotations

from game.ai.hard import HardBot
from game.ai.judge.weights import tuned
from game.ai.playouts.plays import PAIR, SINGLE, STRAIGHT, flags_for, mask_of
from game.ai.playouts.sim import Sim
from game.ai.reading.inference import Clue, Inference
from game.ai.reading.readings import FREE, NONE, SAME, TWO, could_beat
from game.ai.reading.styles import PASS, PATIENT_THRESHOLD, PRIOR, chances, patient, picture
from game.engine.game import Game, new_game
from game.rules import load_rules
from lab.arena import deal_hands
from lab.bots import make_bot


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


def single(card: int) -> tuple[int, int, int, int]:
    return (SINGLE, 1, card, 1 << card)


def test_a_patient_player_passes_more_than_a_keen_one_when_it_could_follow() -> None:
    for key, keen in PASS["keen"].items():
        assert keen <= PASS["patient"][key]
    assert chances("two", SINGLE, False, True)[1] > 5 * chances("two", SINGLE, False, True)[0]
    k, p = chances("same", PAIR, False, False)
    assert k == 1 - PASS["keen"][("same", "pair", False)] and p == 1 - PASS["patient"][("same", "pair", False)]
    assert chances("same", STRAIGHT, True, True) == (PASS["keen"][("same", "other", True)],
                                                     PASS["patient"][("same", "other", True)])  # fmt: skip


def test_what_a_hand_could_beat_the_table_with() -> None:
    seven, eight, nine, two = 20, 24, 28, 48  # 7♠, 8♠, 9♠, 2♠ as simulator card numbers (rank * 4 + suit)
    assert could_beat(1 << nine | 1, single(seven)) == FREE  # a loose 9
    assert could_beat(0b11 << nine | 1, single(seven)) == SAME  # only by splitting the pair of 9s
    assert could_beat(1 << seven | 1 << eight | 1 << nine, single(seven + 1)) == SAME  # or a run
    assert could_beat(1 << two | 1, single(seven)) == TWO
    assert could_beat(0b11, single(seven)) == NONE
    pair_of_sevens = (PAIR, 2, seven + 1, 0b11 << seven)
    assert could_beat(0b1100 << seven, pair_of_sevens) == FREE  # 7♦ 7♥ over 7♠ 7♣
    assert could_beat(0b111 << nine, pair_of_sevens) == SAME  # only by splitting three 9s
    assert could_beat(0b11 << two, pair_of_sevens) == TWO


def test_before_anyone_played_every_opponent_reads_as_the_prior() -> None:
    game = played_game(["normal"] * 4, 0, stop=0)
    view = game.view(game.current_player)
    for prior in (0.0, 0.5, 1.0):
        inference = Inference(view, 8, prior)
        for s in inference.opps:
            assert inference.weigh(s, 0b1111)[1] == prior


def test_a_pass_read_with_the_hand_that_could_have_beaten_it() -> None:
    game = played_game(["normal"] * 4, 0, stop=0)
    view = game.view(game.current_player)
    inference = Inference(view, 8, 0.5)
    seat = inference.opps[0]
    five, nine, two = 8, 24, 48  # 5♠, 9♠, 2♠ as simulator card numbers (rank * 4 + suit)
    inference.clues[seat] = [Clue("pass", single(five), None, 0, 13)]
    weight_low, patient_low = inference.weigh(seat, 0b11)  # 3♠ 3♣: nothing beats the 5
    weight_nine, patient_nine = inference.weigh(seat, 0b11 << nine | 1)  # 9♠ 9♣: beats it by splitting
    weight_two, patient_two = inference.weigh(seat, 1 << two | 1)
    assert patient_low == 0.5  # a pass it had to make says nothing about its style
    assert 0.5 < patient_nine < patient_two  # keeping a 2 back is the patient player's mark
    assert weight_low > weight_nine  # and the pass makes a hand that could not beat it likelier
    inference.clues[seat] = [Clue("follow", single(five), single(nine), 0, 13)]
    assert inference.weigh(seat, 1 << (nine + 1))[1] < 0.5  # following, keeping 9♣, reads as keen
    inference.clues[seat] = [Clue("pass", single(five), None, 0, 13)]
    weight_loose, patient_loose = inference.weigh(seat, 1 << nine | 1)
    assert patient_loose == 0.5 and weight_loose < weight_nine / 4  # anyone plays a loose 9 on a 5


def test_over_many_games_patient_players_read_as_patient_and_keen_ones_as_keen() -> None:
    keen, calm = [], []
    for index in range(12):
        game = played_game(["normal", "baseline", "normal", "baseline"], index)
        for reader in range(4):
            inference = Inference(game.view(reader), 8, 0.5)
            for s in inference.opps:
                chance = inference.weigh(s, mask_of(game.hands[s]))[1]
                (calm if s % 2 else keen).append(chance)
    assert sum(calm) / len(calm) > 0.6 > 0.4 > sum(keen) / len(keen)


def test_a_patient_player_follows_only_with_a_play_worth_it() -> None:
    w = tuned("normal")
    assert w.threshold < PATIENT_THRESHOLD and patient(w).threshold == PATIENT_THRESHOLD
    assert patient(w).spend_penalty == w.spend_penalty


def test_the_playouts_seat_this_bot_with_its_own_weights_and_each_opponent_in_its_drawn_style() -> None:
    game = played_game(["normal"] * 4, 3, stop=12)
    view = game.view(game.current_player)
    bot = HardBot(1, opponents="read")
    opps = [s for s in range(4) if s != view.seat]
    drawn = {opps[0]: True, opps[1]: False, opps[2]: True}
    players = bot.playout_players(view)
    players.patient.update(drawn)
    make = players.make
    sim = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
    sim.hands = [h or 1 for h in sim.hands]
    assert make(sim, view.seat, 0).w == bot.weights
    for s, calm in drawn.items():
        assert make(sim, s, 0).w.threshold == (PATIENT_THRESHOLD if calm else tuned("normal").threshold)


def test_the_default_opponents_are_read_and_an_unknown_model_is_refused() -> None:
    assert HardBot(1).opponents == "read" and PRIOR["patient"] == 1.0 and PRIOR["keen"] == 0.0
    try:
        HardBot(1, opponents="bold")
    except ValueError as exc:
        assert "keen" in str(exc)
    else:
        raise AssertionError("an unknown opponent model was accepted")


def test_reading_with_a_certain_prior_plays_exactly_as_that_style() -> None:
    for index in (4, 6):
        game = played_game(["normal"] * 4, index, stop=14)
        view = game.view(game.current_player)
        said = []
        for prior, style in ((1.0, "patient"), (0.0, "keen")):
            read = HardBot(7, opponents="read", playouts=12, time_limit=30)
            read.prior = prior  # as sure of every opponent's style as the fixed model is
            fixed = HardBot(7, opponents=style, playouts=12, time_limit=30)
            assert read.choose(view) == fixed.choose(view)
            assert read.prediction is not None and read.prediction == fixed.prediction
            said.append(read.prediction)
        assert said[0] != said[1]  # the two styles picture these positions differently
    assert HardBot(1, opponents="patient").prior == 1.0 and HardBot(1).prior == 0.5


def test_a_patient_opponent_is_pictured_with_the_patient_set_made_patient() -> None:
    calm = picture()
    assert calm == patient(tuned("patient")) and calm.threshold >= PATIENT_THRESHOLD
    assert calm != patient(tuned("normal"))  # not the keen players' set with a higher threshold
    game = played_game(["normal", "baseline", "normal", "baseline"], 2, stop=12)
    view = game.view(game.current_player)
    assert HardBot(1).playout_players(view).calm == calm
