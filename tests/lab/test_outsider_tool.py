"""The outside opponents (``lab/bots/outsider.py``, ``lab/bots/outsider2.py``) and the reading of
``lab/checks/control_check.py``: diagnoses that must keep working."""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

from pytest import MonkeyPatch

from game import load_rules, new_game, parse_cards
from game.ai.base import Bot
from game.ai.playouts.plays import flags_for, mask_of
from game.ai.playouts.sim import Sim
from game.ai.search import pictured
from game.engine.cards import DECK
from game.engine.combos import classify
from game.engine.game import Game
from lab.bots import make_bot

PLACES = {"outsider": "lab.bots.outsider", "outsider2": "lab.bots.outsider2",
          "control_check": "lab.checks.control_check", "coach_check": "lab.checks.coach_check"}


def load(name: str) -> ModuleType:
    return importlib.reload(importlib.import_module(PLACES[name]))  # afresh: a run may leave it patched


def play_legally(game: Game, bots: Sequence[Bot]) -> None:
    """Play ``game`` to its end with ``bots``, checking that every move is legal."""
    for _ in range(600):
        if game.is_over:
            break
        s = game.current_player
        view = game.view(s)
        move = bots[s].choose(view)
        assert move is None or move in view.legal_moves
        game.pass_turn(s) if move is None else game.play(move, s)
    assert game.is_over


def test_the_outsider_splits_greedily_and_keeps_its_groups() -> None:
    tool = load("outsider")
    groups = tool.decompose(tuple(sorted(parse_cards("3♠ 4♦ 5♣ 6♥ 9♠ 9♦ Q♣ Q♦ Q♥ 7♣ 7♦ 7♥ 7♠"))))
    shapes = sorted((classify(g).kind, len(g)) for g in groups)
    assert shapes == [("pair", 2), ("quad", 4), ("straight", 4), ("triple", 3)]


def test_the_outsider_plays_legal_games_in_every_seat_count() -> None:
    tool = load("outsider")
    for players in (2, 3, 4):
        for seed in range(3):
            game = new_game(load_rules("mien-nam"), players=players, seed=seed)
            play_legally(game, [tool.Outsider(seed)] + [make_bot("normal", seed=seed + s) for s in range(1, players)])


def test_the_second_outsider_plans_the_fewest_turns() -> None:
    tool = load("outsider2")
    hand = tuple(sorted(parse_cards("3♠ 4♦ 5♣ 6♥ 9♠ 9♦ Q♣ Q♦ Q♥ 7♣ 7♦ 7♥ 7♠")))
    table = tool.Table(frozenset(DECK) - set(hand), 39, 13, hand)  # the deal's start: every other card unseen
    _, groups = table.plan(tool.counts_of(hand))
    plays = tool.materialise(hand, groups)
    assert sorted(c for p in plays for c in p) == sorted(hand)  # every card in exactly one play
    assert len(plays) <= 4 and all(classify(p) is not None for p in plays)


def test_the_second_outsider_plays_legal_games_in_every_variant_and_seat_count() -> None:
    tool = load("outsider2")
    for variant in ("mien-nam", "dem-la", "xep-hang", "co-dien"):
        for players in (2, 3, 4):
            game = new_game(load_rules(variant), players=players, seed=players)
            play_legally(game, [tool.Controller(players)] + [make_bot("normal", seed=s) for s in range(1, players)])


def test_the_control_check_reads_each_planned_lead_with_its_outcome() -> None:
    tool = load("control_check")
    game = new_game(load_rules("mien-nam"), players=4, seed=90000)
    leads = tool.leads(game, [make_bot("normal", seed=s) for s in range(4)])
    assert leads
    assert all(kind in ("single", "pair", "triple", "straight3", "straight4+") for kind, _, _ in leads)
    assert all(0.0 <= estimate <= 1.0 for _, estimate, _ in leads)


def test_the_coach_check_sets_each_graded_chance_against_the_outcome(tmp_path: Path) -> None:
    tool = load("coach_check")
    found = tool.check(2, ["easy", "normal", "easy"], work=400)
    assert len(found) >= 4
    assert all(0.0 <= g.shown <= 1.0 and 0.0 <= g.raw <= 1.0 and g.won in (0.0, 1.0) for g in found)
    assert len({g.won for g in found if g.game == 0}) == 1  # one outcome a game
    assert "predicted vs actual" in tool.by_fifth("x", [(g.shown, g.won) for g in found])
    out = tmp_path / "graded.jsonl"
    assert tool.main(["--games", "1", "--opponents", "normal,normal", "--work", "400", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows and all(r["opponents"] == ["normal", "normal"] and "raw" in r and "won" in r for r in rows)


def test_the_outsider_on_the_compact_simulator_makes_the_outsiders_decisions(monkeypatch: MonkeyPatch) -> None:
    tool = load("outsider")
    rules = load_rules("mien-nam")
    flags, fast, checked = flags_for(rules), tool.OutsiderLike(), 0
    for seed in range(4):
        game = new_game(rules, players=4, seed=seed)
        bots = [tool.Outsider(seed) if s % 2 else make_bot("normal", seed=seed + s) for s in range(4)]
        while not game.is_over:
            s = game.current_player
            view = game.view(s)
            move = bots[s].choose(view)
            if s % 2:
                sim = Sim.from_view(flags, view, [mask_of(game.view(o).hand) for o in range(4)])
                made = fast.move(sim, s, random.Random(0))
                assert (made[3] if made is not None else 0) == (mask_of(move) if move else 0)
                checked += 1
            game.pass_turn(s) if move is None else game.play(move, s)
    assert checked > 40
    monkeypatch.setattr(pictured.Pictured, "make", pictured.Pictured.make)  # put back after the test
    tool.picture_exactly()
    picture = pictured.Pictured(0)
    sim = Sim.from_view(flags, new_game(rules, players=4, seed=9).view(0), [1, 2, 4, 8])
    assert isinstance(picture.make(sim, 1, 0), tool.OutsiderLike)
    assert not isinstance(picture.make(sim, 0, 0), tool.OutsiderLike)
