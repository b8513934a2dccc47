"""``tools/true_hands_check.py`` hands the search the real hidden hands: a diagnosis that must keep working
as the search's sampling changes."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from game.ai.fastrules import mask_of
from tests.ai.test_styles import played_game

TOOL = Path(__file__).resolve().parents[2] / "tools" / "true_hands_check.py"


def test_the_diagnosis_draws_the_real_hands_with_a_reading_of_each_style() -> None:
    spec = importlib.util.spec_from_file_location("true_hands_check", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    game = played_game(["normal", "baseline", "normal", "baseline"], 1, stop=20)
    view = game.view(game.current_player)
    tool.TRUE_HANDS[:] = [mask_of(h) for h in game.hands]
    hands, patient = tool.TrueHands(view, 8, 0.5).draw(random.Random(1))
    assert hands == [mask_of(h) for h in game.hands]
    assert set(patient) == {s for s in range(4) if s != view.seat and game.hands[s]}
    assert all(0.0 <= p <= 1.0 for p in patient.values())
