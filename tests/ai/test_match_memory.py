"""Over a match the searching bots read each opponent's style from the hands shown at the end of every deal,
and start the next deal's reading from it."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest

from game.ai.base import Bot
from game.ai.hard import DEAL_CAP, MEMORY_CAP, HardBot
from game.ai.search.calibration import Logistic
from game.engine.cards import Card
from game.engine.game import new_game
from game.engine.view import SeatView
from game.rules import load_rules
from lab import arena
from lab.bots import make_bot


def _match(bots: Sequence[Bot], deals: int, seed: int = 1) -> list[dict[int, float]]:
    """Play ``deals`` deals with ``bots``; the hard bot's memory after each (it sits in seat 0)."""
    rules = load_rules("mien-nam")
    seen = []
    for index in range(deals):
        hands, leader = arena.deal_hands(rules, len(bots), seed, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        arena.play_game(game, bots)
        shown = [tuple(h) for h in game.hands]
        for s, bot in enumerate(bots):
            bot.deal_over(game.view(s), shown)
        assert isinstance(bots[0], HardBot)
        seen.append(dict(bots[0].memory))
    return seen


def test_a_match_teaches_hard_which_opponents_are_patient() -> None:
    hard = HardBot(seed=1, playouts=3)
    memory = _match([hard, make_bot("normal"), make_bot("baseline"), make_bot("normal")], deals=10)
    last = memory[-1]
    assert last[2] > 1.0  # baseline passes unless a play is worth it
    assert last[1] < -1.0 and last[3] < -1.0  # the tuned normal bot follows keenly
    before: dict[int, float] = {}
    for after in memory:  # one deal moves a reading by at most DEAL_CAP, the sum stays within MEMORY_CAP
        for seat, value in after.items():
            assert abs(value - before.get(seat, 0.0)) <= DEAL_CAP + 1e-9
            assert abs(value) <= MEMORY_CAP
        before = after


def test_the_next_deal_starts_from_what_the_match_showed() -> None:
    view = _view()
    a, b, c = (s for s in range(4) if s != view.seat)
    hard = HardBot(seed=1)
    assert hard.priors(view) == {a: 0.5, b: 0.5, c: 0.5}
    hard.memory = {a: MEMORY_CAP, b: -MEMORY_CAP}
    priors = hard.priors(view)
    assert priors[a] == pytest.approx(1.0 / (1.0 + math.exp(-MEMORY_CAP)))
    assert priors[b] == pytest.approx(1.0 - priors[a]) and priors[c] == 0.5
    keen = HardBot(seed=1, opponents="keen")
    keen.memory = {a: MEMORY_CAP}
    assert keen.priors(view) == {a: 0.0, b: 0.0, c: 0.0}  # a fixed style is not read


def test_the_search_draws_hands_with_the_remembered_priors(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ai.hard as hard_module

    given: list[object] = []
    real = hard_module.Inference

    def spy(view: SeatView, tries: int = 8, prior: float | dict[int, float] = 0.5) -> object:
        given.append(prior)
        return real(view, tries, prior)

    monkeypatch.setattr(hard_module, "Inference", spy)
    hard = HardBot(seed=1, playouts=3)
    view = _view()
    hard.memory = {(view.seat + 1) % 4: 2.0}
    hard.search(view, [view.legal_moves[0], view.legal_moves[1]], hard.rng_for(view))
    assert given and given[-1] == hard.priors(view)


def test_bots_that_learn_nothing_ignore_the_end_of_a_deal() -> None:
    view = _view()
    shown: list[tuple[Card, ...]] = [tuple(view.hand), (), (), ()]
    for level in ("easy", "normal", "baseline", "greedy", "random"):
        make_bot(level).deal_over(view, shown)  # no error, no state to check


def test_a_match_in_the_arena_differs_from_single_deals_only_by_what_bots_remember() -> None:
    lineup = ["easy", "baseline", "greedy", "random"]
    alone = arena.run(lineup, deals=4, seed=9, workers=1)
    together = arena.run(lineup, deals=4, seed=9, workers=1, match=4)
    assert [r.outcomes for r in together] == [r.outcomes for r in alone]  # nobody here remembers anything
    lineup = ["normal", "greedy", "greedy", "greedy"]  # normal reads how loosely its opponents play (reading.field)
    alone = arena.run(lineup, deals=6, seed=9, workers=1)
    together = arena.run(lineup, deals=6, seed=9, workers=1, match=6)
    assert together[0].outcomes == alone[0].outcomes
    assert [r.outcomes for r in together] != [r.outcomes for r in alone]
    options = {"hard": {"playouts": 3, "time_limit": 30}}
    first_alone = arena.run(["hard", "normal"], deals=1, seed=9, workers=1, options=options)
    first_of_match = arena.run(["hard", "normal"], deals=3, seed=9, workers=1, options=options, match=3)
    assert first_of_match[0].outcomes == first_alone[0].outcomes  # nothing remembered before the first deal
    assert [r.deal for r in first_of_match] == [0, 1, 2]


def _view() -> SeatView:
    rules = load_rules("mien-nam")
    hands, leader = arena.deal_hands(rules, 4, 3, 0)
    game = new_game(rules, hands=hands, leader=leader, first_game=True)
    bots = [make_bot("normal") for _ in range(4)]
    while True:
        view = game.view(game.current_player)
        if view.table is None and len(view.legal_moves) > 2 and view.history:
            return view
        move = bots[game.current_player].choose(view)
        if move is None:
            game.pass_turn(game.current_player)
        else:
            game.play(move, game.current_player)


def test_predictions_use_the_match_map_once_the_bot_remembers_its_opponents(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the opponents are remembered their patience is read too, so another model calibrates the chances."""
    import game.ai.hard as hard_module

    monkeypatch.setattr(hard_module, "CALIBRATION", ((0.0, 0.25), (1.0, 0.25)))
    monkeypatch.setattr(hard_module, "MATCH_MODEL", Logistic(math.log(3.0), (0.0, 0.0, 0.0)))  # always 0.75
    rules = load_rules("mien-nam")
    said: dict[str, set[float]] = {"fresh": set(), "remembering": set()}
    for index in range(3):
        hands, leader = arena.deal_hands(rules, 4, 2, index)
        for name, memory in (("fresh", {}), ("remembering", {1: 0.0, 2: 0.0, 3: 0.0})):
            hard = HardBot(seed=index, playouts=4)
            hard.memory = dict(memory)
            bots: list[Bot] = [hard, make_bot("normal"), make_bot("normal"), make_bot("normal")]
            predictions: list[tuple[int, float]] = []
            arena.play_game(new_game(rules, hands=hands, leader=leader, first_game=True), bots, predictions)
            said[name] |= {round(p, 9) for seat, p in predictions if seat == 0}
    assert said == {"fresh": {0.25}, "remembering": {0.75}}
