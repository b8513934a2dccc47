"""Over a match the normal bot (and the searching bots on it) read how loosely their opponents play, from the
hands shown at the end of each deal, and follow more patiently against players who waste their cards
(``game.ai.reading.field``)."""

from __future__ import annotations

import pickle
from collections.abc import Sequence

import pytest

from game import parse_cards
from game.ai.base import Bot
from game.ai.judge.weights import tuned
from game.ai.normal import NormalBot
from game.ai.reading.field import CLEAN, WASTEFUL, WINDOW, Field, against, wasted
from game.engine.game import Game, new_game
from game.rules import load_rules
from lab import arena
from lab.bots import make_bot


def _deals(opponent: str, count: int, seed: int = 4) -> list[Game]:
    """``count`` finished deals of normal (seat 0) against three ``opponent`` bots."""
    rules = load_rules("mien-nam")
    games = []
    for index in range(count):
        hands, leader = arena.deal_hands(rules, 4, seed, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        bots = [make_bot("normal", seed=index), *(make_bot(opponent, seed=index + s) for s in (1, 2, 3))]
        arena.play_game(game, bots)
        games.append(game)
    return games


def _share(games: Sequence[Game]) -> float:
    bad = plays = 0
    for game in games:
        counted = wasted(game.view(0), [tuple(h) for h in game.hands], tuned("normal"))
        assert set(counted) == {1, 2, 3}
        bad += sum(b for b, _ in counted.values())
        plays += sum(n for _, n in counted.values())
    return bad / plays


def test_planners_waste_few_plays_and_loose_players_many() -> None:
    assert _share(_deals("normal", 6)) < CLEAN
    assert _share(_deals("baseline", 6)) < CLEAN
    assert _share(_deals("greedy", 6)) > WASTEFUL
    assert _share(_deals("easy", 6)) > WASTEFUL


def test_a_play_that_breaks_a_pair_where_a_loose_card_would_do_is_wasteful() -> None:
    rules = load_rules("mien-nam")
    hands = ["4♦ 10♦ K♣", "5♠ 5♣ 6♦ J♦ J♣", "3♣ 7♣ 9♦", "3♥ 6♥ 8♦"]
    game = new_game(rules, hands=[parse_cards(h) for h in hands], leader=0, first_game=False)
    game.play(parse_cards("4♦"))
    game.play(parse_cards("5♠"))  # breaks the pair of 5s where the loose 6♦ would do: wasteful
    for _ in range(3):
        game.pass_turn()
    game.play(parse_cards("J♦ J♣"))  # a pair its plan holds: not wasteful
    shown = [tuple(h) for h in game.hands]
    assert wasted(game.view(0), shown, tuned("normal"))[1] == (1, 2)
    assert wasted(game.view(0), shown, tuned("normal"))[2] == (0, 0)


def _field(opponent: str, deals: int) -> Field:
    field = Field(tuned("normal"))
    for game in _deals(opponent, deals):
        field.deal_over(game.view(0), [tuple(h) for h in game.hands])
    return field


def test_the_reading_starts_at_a_planner_and_moves_with_what_the_deals_show() -> None:
    assert Field(tuned("normal")).looseness([1, 2, 3]) == 0.0  # nothing shown yet
    assert _field("normal", 4).looseness([1, 2, 3]) == 0.0
    assert _field("greedy", 4).looseness([1, 2, 3]) > 0.8
    one = _field("greedy", 1).looseness([1, 2, 3])
    assert 0.0 < one < _field("greedy", 4).looseness([1, 2, 3])  # one deal alone moves it only part of the way
    assert _field("greedy", 4).looseness([]) == 0.0


def test_only_the_last_deals_count() -> None:
    field = _field("greedy", 3)
    for game in _deals("normal", WINDOW, seed=5):
        field.deal_over(game.view(0), [tuple(h) for h in game.hands])
    assert field.looseness([1, 2, 3]) == 0.0


def test_the_weights_move_towards_the_loose_set_by_the_looseness() -> None:
    keen, loose = tuned("normal"), tuned("loose")
    assert loose.threshold > keen.threshold + 0.2  # tuned against greedy players: far more patient
    assert against(keen, 0.0, loose) == keen
    assert against(keen, 1.0, loose) == loose
    half = against(keen, 0.5, loose)
    assert half.threshold == pytest.approx((keen.threshold + loose.threshold) / 2)
    assert half.spend_penalty == pytest.approx((keen.spend_penalty + loose.spend_penalty) / 2)


def _seen(bot: Bot, opponent: str, deals: int) -> None:
    for game in _deals(opponent, deals):
        bot.deal_over(game.view(0), [tuple(h) for h in game.hands])


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_bot_follows_more_patiently_against_loose_players_only(level: str) -> None:
    rules = load_rules("mien-nam")
    hands, leader = arena.deal_hands(rules, 4, 8, 0)
    view = new_game(rules, hands=hands, leader=leader, first_game=True).view(0)
    bot = make_bot(level)
    assert isinstance(bot, NormalBot) and bot.remembers
    assert bot.table_weights(view) == bot.weights
    _seen(bot, "baseline", 3)
    assert bot.table_weights(view) == bot.weights
    bot = make_bot(level)
    assert isinstance(bot, NormalBot)
    _seen(bot, "greedy", 4)
    assert bot.table_weights(view).threshold > bot.weights.threshold + 0.2
    fixed = make_bot(level, adapt=0.0)
    assert isinstance(fixed, NormalBot)
    _seen(fixed, "greedy", 4)
    assert fixed.table_weights(view) == fixed.weights


def test_a_copy_for_the_worker_process_carries_the_reading_and_chooses_alike() -> None:
    bot = make_bot("normal")
    assert isinstance(bot, NormalBot)
    _seen(bot, "greedy", 3)
    copy = pickle.loads(pickle.dumps(bot))
    assert not copy.field._pending  # read once, before the copy was made
    games = _deals("greedy", 3, seed=6)
    for game in games:
        view = game.view(0)
        assert copy.table_weights(view) == bot.table_weights(view)


@pytest.mark.parametrize("players", [2, 3])
def test_at_two_and_three_players_the_bots_stay_keen(players: int) -> None:
    # There the patience that wins more deals against loose players loses more money than it wins.
    rules = load_rules("mien-nam")
    bot = make_bot("normal")
    assert isinstance(bot, NormalBot)
    for index in range(4):
        hands, leader = arena.deal_hands(rules, players, 4, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        arena.play_game(game, [bot, *(make_bot("greedy", seed=s) for s in range(1, players))])
        bot.deal_over(game.view(0), [tuple(h) for h in game.hands])
    hands, leader = arena.deal_hands(rules, players, 4, 9)
    view = new_game(rules, hands=hands, leader=leader, first_game=True).view(0)
    assert bot.table_weights(view) == bot.weights
    assert bot.field.looseness(list(range(1, players))) > 0.5  # read all the same


def test_a_bot_reads_each_deal_with_the_weights_of_its_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def for_variant(variant: str) -> object:
        asked.append(variant)
        return tuned("normal")

    monkeypatch.setattr("game.ai.reading.field.for_variant", for_variant)
    field = NormalBot().field
    for game in _deals("greedy", 2):
        field.deal_over(game.view(0), [tuple(h) for h in game.hands])
    assert field.looseness([1, 2, 3]) > 0.0
    assert asked == ["mien-nam", "mien-nam"]  # read when needed, once a deal
    given = Field(tuned("loose"))
    for game in _deals("greedy", 1):
        given.deal_over(game.view(0), [tuple(h) for h in game.hands])
    given.looseness([1])
    assert asked == ["mien-nam", "mien-nam"]  # weights given: the variant's set is not asked for
