"""The learned opponent's network in numpy: load a weights file, check it, score (view, move) rows.

The file is a numpy ``.npz`` archive: ``meta`` (a JSON text: the format name, its version, the encoding
version, the layer sizes, and how the weights were made) and ``w0, b0, w1, b1, ...`` (float32), a
multilayer perceptron with ReLU between its layers and one output, the expected payment of the deal in units
of ``scale``. Anything that does not match exactly is refused with a ``WeightsError`` saying what and where:
the level that uses it falls back to the search, never crashes the table.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from game.ai.learned.encoding import ENCODING, INPUT_SIZE

FORMAT = "tienlen-learned-weights"
VERSION = 1
#: The largest weights file read (a few MB is what a shipped network weighs).
MAX_BYTES = 16 * 1024 * 1024
MAX_LAYERS = 8
MAX_WIDTH = 4096

Floats = npt.NDArray[np.float32]


class WeightsError(ValueError):
    """A weights file that cannot be used; the message names the file and what is wrong with it."""


class Network:
    """A checked multilayer perceptron: ``score(rows)`` gives one float per input row."""

    def __init__(self, layers: list[tuple[Floats, Floats]], meta: dict[str, Any]) -> None:
        self.layers = layers
        self.meta = meta
        self.scale = float(meta.get("scale", 1.0))

    def score(self, rows: Floats) -> Floats:
        """One score per row of full inputs (view and move side by side)."""
        w, b = self.layers[0]
        return self._rest(rows @ w + b)

    def score_moves(self, view: Floats, moves: Floats) -> Floats:
        """The same scores from the view's vector and the moves' rows apart: the view's share of the first
        layer is worked out once for all the moves of a decision."""
        w, b = self.layers[0]
        cut = len(view)
        return self._rest(moves @ w[cut:] + (view @ w[:cut] + b))

    def _rest(self, h: Floats) -> Floats:
        for w, b in self.layers[1:]:
            np.maximum(h, 0.0, out=h)
            h = h @ w + b
        out: Floats = h[:, 0]
        return out


def _fail(path: Path, why: str) -> WeightsError:
    return WeightsError(f"{path}: {why}")


def _read_meta(path: Path, archive: Any) -> dict[str, Any]:
    if "meta" not in archive.files:
        raise _fail(path, "not a weights file of this game (no 'meta' entry)")
    try:
        meta = json.loads(str(archive["meta"]))
    except (ValueError, TypeError) as exc:
        raise _fail(path, f"its 'meta' entry is not readable JSON ({exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise _fail(path, "not a weights file of this game (wrong format name)")
    if meta.get("version") != VERSION:
        raise _fail(path, f"weights format version {meta.get('version')!r}; this game reads version {VERSION}")
    if meta.get("encoding") != ENCODING:
        raise _fail(path, f"made for encoding {meta.get('encoding')!r}; this game encodes with version {ENCODING}")
    scale = meta.get("scale", 1.0)
    if not isinstance(scale, (int, float)) or not 0 < float(scale) < 1e6:
        raise _fail(path, f"scale {scale!r} is not a positive number")
    return meta


def _read_layers(path: Path, archive: Any) -> list[tuple[Floats, Floats]]:
    layers: list[tuple[Floats, Floats]] = []
    width = INPUT_SIZE
    for i in range(MAX_LAYERS + 1):
        if f"w{i}" not in archive.files:
            break
        if i == MAX_LAYERS:
            raise _fail(path, f"more than {MAX_LAYERS} layers")
        w, b = archive[f"w{i}"], archive.get(f"b{i}")
        if b is None:
            raise _fail(path, f"layer {i} has weights but no bias")
        if w.dtype != np.float32 or b.dtype != np.float32:
            raise _fail(path, f"layer {i} is not float32")
        if w.ndim != 2 or w.shape[0] != width or not 0 < w.shape[1] <= MAX_WIDTH or b.shape != (w.shape[1],):
            raise _fail(path, f"layer {i} has shape {w.shape} / {b.shape}, expected ({width}, n) / (n,)")
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise _fail(path, f"layer {i} holds a value that is not a finite number")
        layers.append((np.ascontiguousarray(w), np.ascontiguousarray(b)))
        width = w.shape[1]
    if not layers:
        raise _fail(path, "it holds no layers")
    if width != 1:
        raise _fail(path, f"the last layer gives {width} values, expected 1")
    return layers


def load(path: Path) -> Network:
    """The network in ``path``, checked; ``WeightsError`` (with the file and the reason) if it cannot be used."""
    try:
        if not path.is_file():
            raise _fail(path, "missing" if not path.exists() else "not a regular file")
        if path.stat().st_size > MAX_BYTES:
            raise _fail(path, f"larger than {MAX_BYTES // (1024 * 1024)} MB")
        with np.load(path, allow_pickle=False) as archive:
            meta = _read_meta(path, archive)
            layers = _read_layers(path, archive)
    except WeightsError:
        raise
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, KeyError) as exc:
        raise _fail(path, f"cannot be read as a weights file ({type(exc).__name__}: {exc})") from None
    return Network(layers, meta)


def save(path: Path, layers: list[tuple[Floats, Floats]], meta: dict[str, Any]) -> None:
    """Write ``layers`` and ``meta`` (format, version and encoding are filled in) as a weights file."""
    full = {**meta, "format": FORMAT, "version": VERSION, "encoding": ENCODING}
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(full, sort_keys=True))}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    with path.open("wb") as out:
        np.savez_compressed(out, **arrays)
