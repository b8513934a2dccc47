"""The trainer of the learned level: its model exports to the game's weights file exactly, and a few seconds of
training run end to end, checkpoint included. (PyTorch is the lab's own: lab/requirements.txt; CI installs it.)"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.ai.learned import network
from game.ai.learned.encoding import INPUT_SIZE
from game.ai.master import MasterBot
from game.engine.game import new_game
from game.rules import load_rules

torch = pytest.importorskip("torch")


def test_the_exported_network_scores_as_the_training_model(tmp_path: Path) -> None:
    from lab.learn.model import Scorer, export, from_weights

    torch.manual_seed(0)
    model = Scorer((48, 24))
    path = tmp_path / "w.npz"
    export(model, path, {"decisions": 0})
    x = np.random.default_rng(1).random((30, INPUT_SIZE), dtype=np.float32)
    with torch.no_grad():
        expected = model(torch.from_numpy(x)).numpy()
    assert np.allclose(network.load(path).score(x.copy()), expected, atol=1e-5)
    again, meta = from_weights(path)
    with torch.no_grad():
        assert np.allclose(again(torch.from_numpy(x)).numpy(), expected, atol=1e-6)
    assert meta["hidden"] and meta["encoding"] == 2


def test_a_short_training_run_resumes_from_its_checkpoint(tmp_path: Path) -> None:
    from lab.learn.train import Settings, train

    quick = Settings(minutes=0.04, imitate_decisions=300, deals_per_round=1, imitate_steps=2, selfplay_steps=2,
                     batch=32, buffer_rows=4000, eval_minutes=0, folder=tmp_path)
    first = train(quick)
    assert first["teacher_decisions"] >= 300 and first["phase"] == "selfplay"
    second = train(quick)
    assert second["decisions"] > first["decisions"] and second["steps"] > first["steps"]
    log = (tmp_path / "log.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(log) == 2 and '"decisions_per_s"' in log[0]
    bot = MasterBot(1, weights=tmp_path / "latest.npz")
    game = new_game(load_rules("mien-nam"), players=4, seed=2)
    view = game.view(game.current_player)
    assert bot.net is not None and bot.choose(view) in view.legal_moves
