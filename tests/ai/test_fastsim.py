"""The playout simulator agrees with the engine move for move, its planner with the normal bot's; and the
inference reads passes."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Game, list_variants, load_rules, new_game, parse_cards
from game.ai.judge.counting import Unseen
from game.ai.playouts.players import playout
from game.ai.playouts.plays import Flags, all_plays, cards_of, mask_of
from game.ai.playouts.sim import Sim
from game.ai.reading.inference import Inference
from game.engine.cards import DECK
from game.engine.combos import generate
from game.engine.scoring import hand_value
from lab.bots import make_bot
from lab.planned import Planned, plan_plays
from lab.rollout import PlannedPlayer


def _position(variant: str, players: int, seed: int, steps: int) -> Game:
    """A game ``steps`` moves in, played by normal bots (from the deal when ``steps`` is 0)."""
    game = new_game(load_rules(variant), players=players, seed=seed)
    bots = [make_bot("normal", seed=seed + s) for s in range(players)]
    for _ in range(steps):
        if game.is_over:
            break
        move = bots[game.current_player].choose(game.view(game.current_player))
        if move is None:
            game.pass_turn()
        else:
            game.play(move)
    return game


def _replay(game: Game, seat: int, sim: Sim) -> None:
    """Replay ``sim``'s log through a copy of ``game`` built from ``seat``'s view; compare every step."""
    view = game.view(seat)
    engine = Game.from_view(view, game.hands)
    assert sim.log is not None
    for who, mask in sim.log:
        assert engine.current_player == who
        if mask:
            engine.play(cards_of(mask), who)
        else:
            engine.pass_turn(who)
    assert engine.is_over and sim.over
    assert engine.result is not None and sim.result is not None
    assert sim.result[0] == engine.result.order
    assert sim.result[1] == pytest.approx(engine.result.payments)


def _random_playout(sim: Sim, game: Game, rng: random.Random) -> None:
    """Random legal moves (passing often), checking the simulator's legal plays against the engine's."""
    view = game.view(game.current_player)
    engine = Game.from_view(view, game.hands)
    while not sim.over:
        seat = sim.cur
        assert engine.current_player == seat
        mine = {p[3] for p in all_plays(sim.hands[seat]) if sim.allowed(seat, p)}
        assert mine == {mask_of(m) for m in engine.legal_moves(seat)}
        options = sorted(p for p in all_plays(sim.hands[seat]) if sim.allowed(seat, p))
        if sim.table is not None and (not options or rng.random() < 0.4):
            sim.step(seat, None)
            engine.pass_turn(seat)
        else:
            pick = rng.choice(options)
            sim.step(seat, pick)
            engine.play(cards_of(pick[3]), seat)
    assert engine.result is not None and sim.result is not None
    assert sim.result[0] == engine.result.order
    assert sim.result[1] == pytest.approx(engine.result.payments)


@pytest.mark.parametrize("variant", list_variants())
@pytest.mark.parametrize("players", [2, 3, 4])
def test_playouts_replay_through_the_engine(variant: str, players: int) -> None:
    flags = Flags(load_rules(variant))
    for seed in range(4):
        for steps in (0, 7, 19):
            game = _position(variant, players, seed * 31 + players, steps)
            if game.is_over:
                continue
            seat = game.current_player
            view = game.view(seat)
            sim = Sim.from_view(flags, view, [mask_of(h) for h in game.hands])
            sim.log = []
            playout(sim, [None] * players, random.Random(seed), mask_of(view.played_cards), Planned.for_seat)
            _replay(game, seat, sim)


@pytest.mark.parametrize("variant", list_variants())
def test_random_games_agree_with_the_engine_on_every_legal_move(variant: str) -> None:
    flags = Flags(load_rules(variant))
    for seed in range(6):
        players = 2 + seed % 3
        game = _position(variant, players, seed, seed % 2 * 9)
        if game.is_over:
            continue
        sim = Sim.from_view(flags, game.view(game.current_player), [mask_of(h) for h in game.hands])
        _random_playout(sim, game, random.Random(seed))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 100_000), size=st.integers(1, 13), played=st.integers(0, 20), opps=st.integers(1, 3))
def test_fast_planner_makes_the_normal_bots_plans(seed: int, size: int, played: int, opps: int) -> None:
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    hand, gone = sorted(deck[:size]), deck[size : size + played]
    counts = [rng.randint(1, 13) for _ in range(opps)]
    slow = PlannedPlayer(hand, Unseen.build(hand, gone, counts))
    unseen = Unseen.build(hand, gone, counts)
    fast = plan_plays(mask_of(hand), mask_of(unseen.cards), max(counts), unseen.density)
    assert [mask_of(cards) for _, cards, _ in slow.plays] == [p[3] for _, _, p in fast]
    for (score, _, _), (fscore, _, _) in zip(slow.plays, fast, strict=True):
        assert fscore == pytest.approx(score)


def test_simulated_plays_are_the_engines_combinations() -> None:
    hand = sorted(DECK[:8] + DECK[20:30])
    assert {p[3] for p in all_plays(mask_of(hand))} == {mask_of(c.cards) for c in generate(hand)}
    assert Planned([]).plays == []


def _view_after(hands: list[str], moves: list[str | None], seat: int):  # noqa: ANN202
    game = new_game(load_rules("mien-nam"), hands=[parse_cards(h) for h in hands], leader=0, first_game=False)
    for m in moves:
        game.pass_turn() if m is None else game.play(parse_cards(m))
    return game.view(seat)


def test_a_pass_that_would_have_gone_out_makes_a_higher_last_card_unlikely() -> None:
    view = _view_after(["5♠ 9♦ K♣", "4♣", "3♦ 6♥ 7♠ 8♠"], ["5♠", None], 2)
    inf = Inference(view)
    assert inf.weight(1, mask_of(parse_cards("A♥"))) < 0.1 * inf.weight(1, mask_of(parse_cards("3♣")))
    rng = random.Random(3)
    lows = sum(1 for _ in range(200) if inf.sample(rng)[0][1] < mask_of(parse_cards("5♠")))
    assert lows > 150


def test_a_pass_over_a_straight_makes_a_higher_straight_less_likely() -> None:
    view = _view_after(["3♠ 4♦ 5♣ Q♦ K♣", "6♦ 9♣ 10♥ J♠ Q♥ A♦", "3♦ 8♥ 9♠ 2♠ 2♣ K♥"], ["3♠ 4♦ 5♣", None], 2)
    inf = Inference(view)
    straight = mask_of(parse_cards("6♣ 7♣ 8♣ J♦ Q♣ A♠"))
    loose = mask_of(parse_cards("4♠ 7♦ 9♦ 10♦ Q♣ A♠"))
    assert inf.weight(1, straight) < inf.weight(1, loose)


def test_the_race_keeps_paired_statistics_equal_to_a_fresh_count() -> None:
    from game.ai.hard import HardBot, flags_for
    from game.ai.playouts.plays import play_of
    from game.ai.search.race import Race, paired

    game = _position("mien-nam", 4, 5, 4)
    view = game.view(game.current_player)
    plays = [play_of(c) for c in generate(view.hand)][:4]
    assert len(plays) == 4
    race = Race(Sim.from_view(flags_for(view.rules), view, [0] * 4), view.seat, plays,
                mask_of(view.played_cards), HardBot.score, work=3000, deadline=float("inf"),
                make=Planned.for_seat)  # fmt: skip
    race.run(Inference(view).sample, random.Random(2))
    for i in race.alive:
        for j in race.alive:
            if i != j:
                assert race._paired(i, j) == pytest.approx(paired(race.rows, race.weights, i, j))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(list_variants()), st.lists(st.integers(0, 51), max_size=13))
def test_a_hands_value_is_the_engines(variant: str, cards: list[int]) -> None:
    rules = load_rules(variant)
    mask = sum(1 << c for c in set(cards))
    assert Flags(rules).hand_value(mask) == hand_value(rules, cards_of(mask))
