"""``lab/checks/replay_reading.py`` replays the opponents' decisions with the normal-like player to weigh deals of
the hidden cards: a diagnosis that must keep agreeing with the game it replays."""

from __future__ import annotations

import importlib
import random
from types import ModuleType

from game.ai.judge.weights import tuned
from game.ai.playouts.plays import flags_for, mask_of
from game.ai.reading import styles
from game.ai.reading.inference import Inference
from tests.ai.test_styles import played_game


def _tool() -> ModuleType:
    tool = importlib.reload(importlib.import_module("lab.checks.replay_reading"))  # afresh: a run may leave it patched
    return tool


def test_the_replay_makes_the_real_decisions_with_the_real_hands_and_fewer_with_drawn_ones() -> None:
    tool = _tool()
    keen = tuned("normal")
    real = drawn = seen = 0
    for index in range(3):
        game = played_game(["normal"] * 4, index, stop=24)
        view = game.view(game.current_player)
        flags = flags_for(view.rules)
        true = [mask_of(h) for h in game.hands]
        found = tool.agreement(view, true, flags, lambda _: keen, random.Random(1))
        assert set(found) == {s for s in range(4) if s != view.seat}
        real += sum(m for m, _ in found.values())
        seen += sum(n for _, n in found.values())
        rng = random.Random(index)
        for _ in range(4):
            deal = Inference(view, 1, 0.5).deal(rng)[0]
            drawn += sum(m for m, _ in tool.agreement(view, deal, flags, lambda _: keen, rng).values())
    assert seen > 30
    assert real >= 0.9 * seen  # the normal-like player decides as the normal bot almost always
    assert drawn / 4 < real - 3  # a uniform deal explains clearly fewer of those decisions


def test_a_patient_picture_explains_a_keen_table_less_well() -> None:
    tool = _tool()
    keen = calm = 0
    for index in range(2, 6):
        game = played_game(["normal"] * 4, index, stop=30)
        view = game.view(game.current_player)
        true = [mask_of(h) for h in game.hands]
        flags = flags_for(view.rules)
        found = tool.agreement(view, true, flags, lambda _: tuned("normal"), random.Random(1))
        keen += sum(m for m, _ in found.values())
        found = tool.agreement(view, true, flags, lambda _: styles.patient(tuned("normal")), random.Random(1))
        calm += sum(m for m, _ in found.values())
    assert calm < keen - 5  # normal players follow where a patient one would pass


def test_the_last_rounds_alone_are_replayed_from_a_clean_start() -> None:
    tool = _tool()
    keen = tuned("normal")
    game = played_game(["normal"] * 4, 3, stop=30)
    view = game.view(game.current_player)
    true = [mask_of(h) for h in game.hands]
    flags = flags_for(view.rules)
    last = view.history[-1].round_index
    for rounds in (1, 2):
        found = tool.agreement(view, true, flags, lambda _: keen, random.Random(1), rounds)
        recent = [a for a in view.history if a.round_index > last - rounds and a.seat != view.seat]
        assert sum(n for _, n in found.values()) == len(recent)
        assert sum(m for m, _ in found.values()) >= len(recent) - 2  # real hands explain them from the round's start
