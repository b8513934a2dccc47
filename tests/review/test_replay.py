"""A replay is the original game: the same events at every step, forward, back and after any jump."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.cards import DECK, parse_cards
from game.engine.events import GameOver, InstantWin
from game.engine.game import Game
from game.review.replay import Replay, parse_action
from game.rules import list_variants, load_rules
from tests.review.helpers import play_recorded, state

VARIANTS = list_variants()


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_stepping_forward_gives_the_original_events_step_by_step(variant: str, players: int) -> None:
    for seed in range(12):
        played = play_recorded(variant, seed * 31 + players, players, levels="greedy,random")
        replay = Replay(played.game.to_dict())
        assert len(replay) == len(played.events)
        assert replay.opening == tuple(played.game.opening_events)
        replay.seek(0)
        assert state(replay.game) == played.states[0]
        for i, events in enumerate(played.events):
            assert replay.steps[i].events == tuple(events)
            assert replay.forward() == events
            assert state(replay.game) == played.states[i + 1]
        assert replay.forward() == []
        assert replay.game.result == played.game.result


@pytest.mark.parametrize("variant", VARIANTS)
def test_stepping_back_restores_each_earlier_table(variant: str) -> None:
    played = play_recorded(variant, 5, 4, levels="normal")
    replay = Replay.of(played.game)
    for i in range(len(played.events), -1, -1):
        assert replay.position == i
        assert state(replay.game) == played.states[i]
        replay.back()
    assert replay.position == 0 and replay.at_start


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), jumps=st.lists(st.integers(-5, 200), min_size=1, max_size=8),
       variant=st.sampled_from(VARIANTS))  # fmt: skip
def test_a_jump_anywhere_shows_the_table_as_it_was(seed: int, jumps: list[int], variant: str) -> None:
    played = play_recorded(variant, seed, 2 + seed % 3)
    replay = Replay(played.game.to_dict())
    for target in jumps:
        replay.seek(target)
        expected = max(0, min(len(played.events), target))
        assert replay.position == expected
        assert state(replay.game) == played.states[expected]
        if not replay.at_end:
            assert replay.forward() == played.events[expected]


def test_a_quit_is_replayed_with_its_payments() -> None:
    played = play_recorded("dem-la", 3, 4, resign_at=9)
    replay = Replay(played.game.to_dict())
    assert replay.steps[-1].kind == "resign"
    replay.seek(9)
    assert replay.forward() == played.events[-1]
    assert replay.game.result == played.game.result and replay.game.result.resigned is not None


def test_an_instant_win_replays_as_its_deal() -> None:
    rules = load_rules("mien-nam")
    dragon = parse_cards("3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s")
    rest = [c for c in DECK if c not in dragon]
    random.Random(1).shuffle(rest)
    game = Game(rules, [dragon, rest[:13], rest[13:26]], leader=1)
    replay = Replay.of(game)
    assert len(replay) == 0
    assert isinstance(replay.opening[0], InstantWin) and isinstance(replay.opening[-1], GameOver)
    assert replay.final.result == game.result


def test_a_record_that_cannot_be_replayed_says_which_action() -> None:
    played = play_recorded("mien-nam", 2, 4)
    record = played.game.to_dict()
    record["actions"][3] = ["pass", (record["actions"][3][1] + 1) % 4]
    with pytest.raises(ValueError, match="action 4"):
        Replay(record)


@pytest.mark.parametrize("bad", [["fold", 1], ["play", "1", "3s"], ["play", 1], "pass", ["pass"]])
def test_a_malformed_action_is_refused_in_plain_words(bad: object) -> None:
    with pytest.raises(ValueError):
        parse_action(bad)


def test_decisions_are_the_seats_own_plays_and_passes() -> None:
    played = play_recorded("xep-hang", 8, 4)
    replay = Replay.of(played.game)
    for seat in range(4):
        mine = replay.decisions(seat)
        assert mine == [s for s in replay.steps if s.seat == seat]
        assert all(s.kind in ("play", "pass") for s in mine)
