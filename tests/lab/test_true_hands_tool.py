"""``lab/checks/true_hands.py`` hands the search the real hidden hands: a diagnosis that must keep working
as the search's sampling changes."""

from __future__ import annotations

import importlib
import random

from game.ai.playouts.plays import mask_of
from tests.ai.test_styles import played_game


def test_the_diagnosis_draws_the_real_hands_with_a_reading_of_each_style() -> None:
    tool = importlib.reload(importlib.import_module("lab.checks.true_hands"))  # afresh: a run may leave it patched
    game = played_game(["normal", "baseline", "normal", "baseline"], 1, stop=20)
    view = game.view(game.current_player)
    tool.TRUE_HANDS[:] = [mask_of(h) for h in game.hands]
    hands, patient = tool.TrueHands(view, 8, 0.5).draw(random.Random(1))
    assert hands == [mask_of(h) for h in game.hands]
    assert set(patient) == {s for s in range(4) if s != view.seat and game.hands[s]}
    assert all(0.0 <= p <= 1.0 for p in patient.values())


def test_told_only_the_short_hands_the_diagnosis_draws_the_others_from_the_cards_left() -> None:
    tool = importlib.reload(importlib.import_module("lab.checks.true_hands"))  # afresh: a run may leave it patched
    game = played_game(["normal"] * 4, 3, stop=40)
    view = game.view(game.current_player)
    real = [mask_of(h) for h in game.hands]
    tool.TRUE_HANDS[:] = real
    cut = min(view.counts[s] for s in range(4) if s != view.seat)  # tell the shortest hand, draw the others
    tool.KNOW_UP_TO[0] = cut
    told = {s for s in range(4) if s != view.seat and 0 < view.counts[s] <= cut}
    drawn = {s for s in range(4) if s != view.seat and view.counts[s] > cut}
    assert told and len(drawn) >= 2  # the last hand drawn gets the cards left: two to draw
    rng = random.Random(2)
    deals = [tool.TrueHands(view, 8, 0.5).draw(rng)[0] for _ in range(20)]
    for hands in deals:
        assert all(hands[s] == real[s] for s in told)
        assert all(hands[s].bit_count() == view.counts[s] and not hands[s] & real[view.seat] for s in drawn)
        assert sum(hands[s] for s in range(4)) == sum(real)  # every unseen card placed once
    assert any(hands[s] != real[s] for hands in deals for s in drawn)
