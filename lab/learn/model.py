"""The network in PyTorch for training, and its export to the game's numpy weights file.

The same multilayer perceptron as ``game.ai.learned.network``: ReLU between layers, one output.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from game.ai.learned import network
from game.ai.learned.encoding import INPUT_SIZE

HIDDEN = (384, 256, 128)


class Scorer(nn.Module):
    """(view, move) rows in, one score each out."""

    def __init__(self, hidden: Sequence[int] = HIDDEN) -> None:
        super().__init__()
        sizes = [INPUT_SIZE, *hidden, 1]
        self.linears = nn.ModuleList(nn.Linear(a, b) for a, b in zip(sizes, sizes[1:], strict=False))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for i, layer in enumerate(self.linears):
            x = layer(x)
            if i < len(self.linears) - 1:
                x = torch.relu(x)
        return x[:, 0]

    def linear(self) -> list[nn.Linear]:
        return [m for m in self.linears if isinstance(m, nn.Linear)]

    def layers(self) -> list[tuple[np.ndarray, np.ndarray]]:
        """The weights as the numpy network holds them: (in × out) matrices and biases, float32."""
        return [(lin.weight.detach().numpy().T.astype(np.float32).copy(),
                 lin.bias.detach().numpy().astype(np.float32).copy()) for lin in self.linear()]

    def load_layers(self, layers: Sequence[tuple[np.ndarray, np.ndarray]]) -> None:
        with torch.no_grad():
            for lin, (w, b) in zip(self.linear(), layers, strict=True):
                lin.weight.copy_(torch.from_numpy(np.ascontiguousarray(w.T)))
                lin.bias.copy_(torch.from_numpy(b))


def export(model: Scorer, path: Path, meta: dict[str, Any]) -> None:
    """Write ``model`` as the game's weights file (``game.ai.learned.network.save``)."""
    tmp = path.with_suffix(".tmp.npz")
    network.save(tmp, model.layers(), {"hidden": list(HIDDEN), **meta})
    tmp.replace(path)


def from_weights(path: Path) -> tuple[Scorer, dict[str, Any]]:
    """A model holding the weights of a weights file, and the file's meta."""
    net = network.load(path)
    hidden = [w.shape[1] for w, _ in net.layers[:-1]]
    model = Scorer(hidden)
    model.load_layers(net.layers)
    return model, net.meta
