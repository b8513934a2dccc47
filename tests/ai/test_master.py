"""The learned level: its encoding sees only the seat's view, its weights file is checked, and it plays legal,
repeatable moves (falling back to hard when the weights cannot be used)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from game.ai import make_bot
from game.ai.hard import HardBot
from game.ai.learned import network
from game.ai.learned.encoding import INPUT_SIZE, MOVE_SIZE, VIEW_SIZE, candidates, encode, judged
from game.ai.master import MasterBot
from game.ai.normal import NormalBot
from game.engine.cards import Card
from game.engine.game import Game, new_game
from game.rules import load_rules

VARIANTS = ("mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem")


def random_layers(seed: int, hidden: tuple[int, ...] = (32, 16)) -> list[tuple[np.ndarray, np.ndarray]]:
    rng = np.random.default_rng(seed)
    sizes = [INPUT_SIZE, *hidden, 1]
    return [(rng.normal(0, 0.2, (a, b)).astype(np.float32), rng.normal(0, 0.1, b).astype(np.float32))
            for a, b in zip(sizes, sizes[1:], strict=False)]  # fmt: skip


@pytest.fixture(scope="module")
def weights(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("weights") / "small.npz"
    network.save(path, random_layers(1), {"scale": 1.0})
    return path


def play_some(game: Game, rng: random.Random, steps: int) -> list[tuple[int, tuple[Card, ...] | None]]:
    done: list[tuple[int, tuple[Card, ...] | None]] = []
    for _ in range(steps):
        if game.is_over:
            break
        seat = game.current_player
        moves = candidates(game.view(seat))
        move = rng.choice(moves)
        game.pass_turn(seat) if move is None else game.play(move, seat)
        done.append((seat, move))
    return done


@pytest.mark.parametrize("seed", range(12))
def test_the_encoding_is_the_same_whatever_the_hidden_hands(seed: int) -> None:
    rules = load_rules(VARIANTS[seed % len(VARIANTS)])
    players = 2 + seed % 3
    rng = random.Random(seed)
    game = new_game(rules, players=players, seed=seed)
    actions = play_some(game, rng, rng.randrange(3, 30))
    if game.is_over:
        return
    me = game.current_player
    view = game.view(me)
    # Deal the cards nobody has seen among the other seats again, each keeping its count and what it played.
    played = {s: [c for seat, m in actions if seat == s and m for c in m] for s in range(players)}
    hidden = [c for s in range(players) if s != me for c in game.hands[s]]
    rng.shuffle(hidden)
    hands: list[list[Card]] = []
    for s in range(players):
        if s == me:
            hands.append(list(game.hands[s]) + played[s])
        else:
            take, hidden = hidden[: len(game.hands[s])], hidden[len(game.hands[s]):]
            hands.append(take + played[s])
    assert any(sorted(hands[s]) != sorted(list(game.hands[s]) + played[s]) for s in range(players) if s != me) \
        or len(hidden) == 0
    start = new_game(rules, players=players, seed=seed)
    other = Game(rules, hands, start.current_player, first_game=start.first_game, must_contain=start.must_contain,
                 check_deal=False)  # fmt: skip
    for seat, move in actions:
        other.pass_turn(seat) if move is None else other.play(move, seat)
    again = other.view(me)
    assert again.hand == view.hand and again.counts == view.counts
    moves = candidates(view)
    assert np.array_equal(encode(view, moves, judged(NormalBot(0), view)),
                          encode(again, moves, judged(NormalBot(0), again)))


def test_each_row_is_the_view_beside_the_move() -> None:
    game = new_game(load_rules("mien-nam"), players=4, seed=3)
    view = game.view(game.current_player)
    rows = encode(view, candidates(view), judged(NormalBot(0), view))
    assert rows.shape == (len(candidates(view)), VIEW_SIZE + MOVE_SIZE) and rows.dtype == np.float32
    assert (rows[:, :VIEW_SIZE] == rows[0, :VIEW_SIZE]).all()
    assert len({r.tobytes() for r in rows[:, VIEW_SIZE:]}) == len(rows)  # every move encodes differently


def test_a_weights_file_round_trips(weights: Path) -> None:
    net = network.load(weights)
    x = np.random.default_rng(0).random((5, INPUT_SIZE), dtype=np.float32)
    h = x
    for i, (w, b) in enumerate(random_layers(1)):
        h = h @ w + b
        h = np.maximum(h, 0) if i < 2 else h
    assert np.allclose(net.score(x.copy()), h[:, 0], atol=1e-5)


def corrupt(path: Path, how: str, good: Path) -> None:
    if how == "missing":
        return
    if how == "garbage":
        path.write_bytes(b"\x00\x01 not a zip file" * 50)
    elif how == "truncated":
        path.write_bytes(good.read_bytes()[:300])
    elif how == "folder":
        path.mkdir()
    elif how == "version":
        network.save(path, random_layers(1), {"scale": 1.0})
        with np.load(path) as a:
            arrays = dict(a)
        meta = json.loads(str(arrays["meta"]))
        meta["version"] = 99
        arrays["meta"] = np.array(json.dumps(meta))
        np.savez(path.open("wb"), **arrays)
    elif how == "shape":
        layers = random_layers(1)
        layers[1] = (layers[1][0][:5], layers[1][1])
        network.save(path, layers, {"scale": 1.0})
    elif how == "nan":
        layers = random_layers(1)
        layers[0][0][3, 3] = np.nan
        network.save(path, layers, {"scale": 1.0})
    elif how == "pickle":
        np.save(path.open("wb"), np.array([object()], dtype=object), allow_pickle=True)


CORRUPTIONS = ("missing", "garbage", "truncated", "folder", "version", "shape", "nan", "pickle")


@pytest.mark.parametrize("how", CORRUPTIONS)
def test_an_unusable_weights_file_is_refused_with_its_name_and_why(how: str, tmp_path: Path, weights: Path) -> None:
    path = tmp_path / f"{how}.npz"
    corrupt(path, how, weights)
    with pytest.raises(network.WeightsError) as refused:
        network.load(path)
    assert str(path) in str(refused.value)


@pytest.mark.parametrize("how", ("missing", "garbage", "version"))
def test_without_usable_weights_master_plays_exactly_as_hard(how: str, tmp_path: Path, weights: Path,
                                                             caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / f"{how}.npz"
    corrupt(path, how, weights)
    bot = MasterBot(7, weights=path)
    assert bot.net is None and bot.problem and str(path) in bot.problem
    assert "plays as hard" in caplog.text
    hard = HardBot(7)
    game = new_game(load_rules("mien-nam"), players=4, seed=11)
    for _ in range(12):
        seat = game.current_player
        view = game.view(seat)
        move = bot.choose(view)
        assert move == hard.choose(view)
        game.pass_turn(seat) if move is None else game.play(move, seat)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_master_plays_whole_games_legally_and_repeatably(variant: str, players: int, weights: Path) -> None:
    bots = [make_bot("master", seed=s, weights=weights) for s in range(players)]
    game = new_game(load_rules(variant), players=players, seed=players * 31 + len(variant))
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        move = bots[seat].choose(view)
        assert move is None and view.table is not None or move in view.legal_moves
        assert move == make_bot("master", seed=seat, weights=weights).choose(view)
        game.pass_turn(seat) if move is None else game.play(move, seat)


def test_a_master_sent_to_the_worker_leaves_its_weights_behind_and_chooses_the_same(weights: Path) -> None:
    import pickle

    bot = MasterBot(3, weights=weights)
    game = new_game(load_rules("mien-nam"), players=4, seed=5)
    view = game.view(game.current_player)
    sent = pickle.dumps(bot)
    assert len(sent) < 20_000
    copy = pickle.loads(sent)
    assert copy.net is not None and copy.choose(view) == bot.choose(view)
