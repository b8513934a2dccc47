"""The training loop: imitation of the normal bot first, then Deep Monte-Carlo by self-play, resuming from the
last checkpoint.

One process on one core plays a few deals (the network in numpy, as the game runs it), adds their rows to a
buffer, and takes gradient steps on the buffer (PyTorch), over and over. Every ``SAVE_MINUTES`` the weights are
written to ``checkpoints/latest.npz`` (the game's own weights format, with the phase, the counts and the
command in its meta), so a run that is cut off loses at most that much; every ``eval_minutes`` the current
weights play fixed duplicate deals against 3 normal and 3 hard (``lab.learn.measure``) and the log
(``checkpoints/log.jsonl``) and its picture (``lab/notes/learning-curve.png``) are brought up to date.
"""

from __future__ import annotations

import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch

from game.ai.learned import network
from game.ai.learned.encoding import INPUT_SIZE
from game.ai.normal import NormalBot
from game.rules import load_rules
from lab.learn.model import Scorer, export, from_weights
from lab.learn.play import KEEP, Batch, play_deal

HERE = Path(__file__).resolve().parent
CHECKPOINTS = HERE / "checkpoints"
SAVE_MINUTES = 3.0
#: The deals trained on: mostly the game's default table, the other variants and table sizes besides.
TABLES = [("mien-nam", 4)] * 6 + [("dem-la", 4), ("xep-hang", 4), ("co-dien", 4), ("co-dien-diem", 4),
                                   ("mien-nam", 3), ("mien-nam", 2)]  # fmt: skip
WIDTH = KEEP + 1


@dataclass
class Settings:
    minutes: float
    imitate_decisions: int = 200_000  # the imitation phase ends after this many teacher decisions
    epsilon: float = 0.05
    #: In self-play, this share of the deals is still normal's, and their decisions keep the imitation loss at
    #: ``anchor_weight``: without it the returns' noise pulled the first run of encoding 2 from 25% against 3
    #: normal (imitation) to 21.9% ± 5.9 in 600,000 decisions.
    anchor: float = 0.25
    anchor_weight: float = 0.5
    lr: float = 3e-4
    batch: int = 512
    imitate_steps: int = 6  # gradient steps a round: each teacher decision is used about 1.5 times
    selfplay_steps: int = 2  # each self-play row about 2.5 times
    deals_per_round: int = 16
    buffer_rows: int = 300_000
    eval_minutes: float = 15.0
    eval_normal: int = 40
    eval_hard: int = 12
    folder: Path = CHECKPOINTS
    seed: int = 0


class Imitation:
    """Teacher decisions held as (decision × ``WIDTH`` × input) with a mask; the move made is column 0."""

    def __init__(self, capacity: int) -> None:
        self.rows = np.zeros((capacity, WIDTH, INPUT_SIZE), dtype=np.float32)
        self.mask = np.zeros((capacity, WIDTH), dtype=bool)
        self.target = np.zeros(capacity, dtype=np.float32)
        self.size = self.at = 0

    def add(self, batch: Batch) -> None:
        groups: dict[int, list[int]] = {}
        for i, g in enumerate(batch.group):
            groups.setdefault(g, []).append(i)
        for members in groups.values():
            k = self.at
            self.rows[k] = 0.0
            self.mask[k] = False
            for j, r in enumerate(members[:WIDTH]):
                self.rows[k, j] = batch.rows[r]
                self.mask[k, j] = True
            self.target[k] = batch.target[members[0]]
            self.at = (self.at + 1) % len(self.target)
            self.size = min(self.size + 1, len(self.target))


class Returns:
    """Rows of moves made, each with its deal's return (Deep Monte-Carlo)."""

    def __init__(self, capacity: int) -> None:
        self.rows = np.zeros((capacity, INPUT_SIZE), dtype=np.float32)
        self.target = np.zeros(capacity, dtype=np.float32)
        self.size = self.at = 0

    def add(self, batch: Batch) -> None:
        for row, t in zip(batch.rows, batch.target, strict=True):
            self.rows[self.at] = row
            self.target[self.at] = t
            self.at = (self.at + 1) % len(self.target)
            self.size = min(self.size + 1, len(self.target))


def resume(folder: Path) -> tuple[Scorer, dict[str, Any]]:
    path = folder / "latest.npz"
    if path.exists():
        model, meta = from_weights(path)
        print(f"resuming from {path}: {meta.get('decisions', 0):,} decisions, phase {meta.get('phase')}", flush=True)
        return model, dict(meta)
    print(f"no checkpoint in {folder}: starting a new network", flush=True)
    return Scorer(), {"decisions": 0, "teacher_decisions": 0, "steps": 0, "seconds": 0.0, "phase": "imitate"}


def log_line(folder: Path, entry: dict[str, Any]) -> None:
    print(json.dumps(entry), flush=True)
    with (folder / "log.jsonl").open("a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")


def train(settings: Settings) -> dict[str, Any]:
    """Train for ``settings.minutes`` from the last checkpoint in ``settings.folder``; the final meta."""
    torch.set_num_threads(1)
    folder = settings.folder
    folder.mkdir(parents=True, exist_ok=True)
    model, meta = resume(folder)
    opt_path = folder / "optimizer.pt"
    opt = torch.optim.Adam(model.parameters(), lr=settings.lr)
    if opt_path.exists():
        try:
            opt.load_state_dict(torch.load(opt_path))
        except (RuntimeError, ValueError, KeyError):
            print("optimizer state does not fit this model: starting it afresh", flush=True)
    rng = random.Random(settings.seed * 7919 + int(meta["decisions"]))
    torch.manual_seed(rng.randrange(2**31))
    imitation = Imitation(settings.buffer_rows // 8)
    returns = Returns(settings.buffer_rows)
    teacher = NormalBot(0)
    start = time.monotonic()
    last_save = last_eval = start
    window: dict[str, float] = {"decisions": 0, "loss": 0.0, "ce": 0.0, "steps": 0, "t0": start}
    command = "python3 -m lab.learn " + " ".join(sys.argv[1:])
    while time.monotonic() - start < settings.minutes * 60:
        phase = "imitate" if meta["teacher_decisions"] < settings.imitate_decisions else "selfplay"
        meta["phase"] = phase
        net = network.Network(model.layers(), {"scale": 1.0})
        for _ in range(settings.deals_per_round):
            variant, players = rng.choice(TABLES)
            rules = load_rules(variant)
            seed = rng.randrange(2**31)
            if phase == "imitate" or rng.random() < settings.anchor:
                teacher.seed = seed
                batch = play_deal(rules, players, seed, [teacher] * players, None, 0.0, [True] * players)
                imitation.add(batch)
                meta["teacher_decisions"] += batch.decisions
            else:
                seats: list[Any] = [None] * players
                if rng.random() < 0.3:  # against normal now and then, so it never forgets a keen table
                    learner = rng.randrange(players)
                    seats = [None if s == learner else NormalBot(seed + s) for s in range(players)]
                batch = play_deal(rules, players, seed, seats, net, settings.epsilon, [False] * players)
                returns.add(batch)
            meta["decisions"] += batch.decisions
            window["decisions"] += batch.decisions
        for _ in range(settings.imitate_steps if phase == "imitate" else settings.selfplay_steps):
            weight = 1.0 if phase == "imitate" else settings.anchor_weight
            loss, ce = step(model, opt, imitation, returns, settings.batch, rng, weight)
            window["loss"] += loss
            window["ce"] += ce
            window["steps"] += 1
            meta["steps"] += 1
        now = time.monotonic()
        if now - last_save >= SAVE_MINUTES * 60 or now - start >= settings.minutes * 60:
            meta["seconds"] = float(meta["seconds"]) + (now - last_save)
            last_save = now
            save(model, opt, folder, meta, command)
            elapsed = now - window["t0"]
            log_line(folder, {"kind": "train", "phase": phase, "decisions": meta["decisions"],
                              "hours": round(float(meta["seconds"]) / 3600, 3),
                              "decisions_per_s": round(window["decisions"] / elapsed, 1),
                              "loss": round(window["loss"] / max(1, window["steps"]), 4),
                              "ce": round(window["ce"] / max(1, window["steps"]), 4)})  # fmt: skip
            window = {"decisions": 0, "loss": 0.0, "ce": 0.0, "steps": 0, "t0": now}
        if settings.eval_minutes > 0 and now - last_eval >= settings.eval_minutes * 60:
            last_eval = now
            save(model, opt, folder, meta, command)
            evaluate(folder, meta, settings)
    return meta


def step(model: Scorer, opt: torch.optim.Optimizer, imitation: Imitation, returns: Returns, size: int,
         rng: random.Random, weight: float) -> tuple[float, float]:
    """One gradient step: the return regression on moves made, plus ``weight`` times the teacher's move scored
    above the others (cross-entropy over each decision's candidates) and its return."""
    opt.zero_grad()
    total = torch.zeros(())
    ce_value = 0.0
    if weight > 0 and imitation.size:
        pick = np.array([rng.randrange(imitation.size) for _ in range(size // 4)])
        x = torch.from_numpy(imitation.rows[pick]).reshape(-1, INPUT_SIZE)
        mask = torch.from_numpy(imitation.mask[pick])
        scores = model(x).reshape(len(pick), WIDTH)
        logits = (scores * 4.0).masked_fill(~mask, -1e9)
        ce = torch.nn.functional.cross_entropy(logits, torch.zeros(len(pick), dtype=torch.long))
        mse = torch.mean((scores[:, 0] - torch.from_numpy(imitation.target[pick])) ** 2)
        total = total + weight * (ce + mse)
        ce_value = float(ce.detach())
    if returns.size:
        pick = np.array([rng.randrange(returns.size) for _ in range(size)])
        out = model(torch.from_numpy(returns.rows[pick]))
        total = total + torch.mean((out - torch.from_numpy(returns.target[pick])) ** 2)
    if not total.requires_grad:
        return 0.0, 0.0
    total.backward()  # type: ignore[no-untyped-call]
    torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
    opt.step()
    return float(total.detach()), ce_value


def save(model: Scorer, opt: torch.optim.Optimizer, folder: Path, meta: dict[str, Any], command: str) -> None:
    meta["command"] = command
    export(model, folder / "latest.npz", {k: v for k, v in meta.items() if k not in ("format", "version", "encoding")})
    tmp = folder / "optimizer.tmp"
    torch.save(opt.state_dict(), tmp)
    tmp.replace(folder / "optimizer.pt")


def evaluate(folder: Path, meta: dict[str, Any], settings: Settings) -> None:
    from lab.learn.measure import against

    path = folder / "latest.npz"
    entry: dict[str, Any] = {"kind": "eval", "decisions": meta["decisions"],
                             "hours": round(float(meta["seconds"]) / 3600, 3)}
    for level, deals in (("normal", settings.eval_normal), ("hard", settings.eval_hard)):
        if deals:
            win, ci = against(path, level, deals)
            entry[f"vs_{level}"] = [round(win, 4), round(ci, 4), deals]
    log_line(folder, entry)
    from lab.learn.plot import draw

    draw(folder / "log.jsonl", HERE.parent / "notes" / "learning-curve.png")
