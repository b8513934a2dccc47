"""Practice hints: the bot's own choice, with reasons read from its plan and worded in both languages."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Game, load_rules, new_game, parse_cards
from game.ai import make_bot
from game.ai.normal import NormalBot
from game.review.advice import advise
from ui.i18n import catalogue, set_language
from ui.learn.words import advice_lines

NAMES = ("You", "Lan", "Minh", "Tuấn")


def position(hands: list[str], leader: int, moves: tuple[str, ...] = ()) -> Game:
    game = new_game(load_rules("mien-nam"), hands=[parse_cards(h) for h in hands], leader=leader, first_game=False)
    for m in moves:
        game.pass_turn() if m == "-" else game.play(parse_cards(m))
    return game


def codes(game: Game) -> list[str]:
    return [r.code for r in advise(game.view(0)).reasons]


def test_pass_because_beating_would_break_the_straight() -> None:
    game = position(["5s 6c 7d 8h 9s Jd Qd Kc 2h 3h", "6d Ac 4c 4d 10h 10s Jc Qh Ks",
                     "3c 3d 8s 8d 9h 9c 7h Jh Js"], 1, ("6d", "-"))
    advice = advise(game.view(0), bot=NormalBot(threshold=0.25))  # a bot that passes more readily
    assert advice.move is None
    first = advice.reasons[0]
    assert first.code == "pass_breaks"
    assert str(first.fields["broken"]) == "5♠ 6♣ 7♦ 8♥ 9♠"
    set_language("en")
    assert "would break up a 5-card straight 5♠ 6♣ 7♦ 8♥ 9♠" in advice_lines(advice, NAMES)[1]


def test_pass_keeps_the_only_2_that_beats() -> None:
    game = position(["5s 6c 7d 8h 9s Jd 2h 3h", "Kd Ac 4c 4d 10h 10s Jc Qh Ks", "3c 3d 8s 8d 9h 9c 7h Jh Js"],
                    1, ("Kd", "-"))
    advice = advise(game.view(0), bot=NormalBot(threshold=0.25))
    assert advice.move is None and advice.reasons[0].code == "pass_keep_control"
    assert str(advice.reasons[0].fields["play"]) == "2♥"


def test_leading_the_weakest_play_names_the_2s_it_keeps() -> None:
    game = position(["3s 3c 4s 4c 4h 6s Qs Kc Ac 2c 2d", "5d 7h 8h 9h Jh Jd 10s", "8c 9c 10c Jc Js 5h 6h"], 0)
    advice = advise(game.view(0))
    assert advice.move is not None
    reasons = {r.code: r for r in advice.reasons}
    assert "keeps_control" in reasons
    assert str(reasons["keeps_control"].fields["keep"]) == "2♣ 2♦"


def test_an_opponent_on_one_card_is_blocked_with_the_highest_single() -> None:
    game = position(["5s 9d Ah Jc", "Kd 4h", "3c 3d 8s"], 1, ("Kd",))
    game.pass_turn()  # Minh passes; seat 0 to answer K♦ while Lan holds one card
    advice = advise(game.view(0))
    assert advice.move == tuple(parse_cards("Ah"))
    assert advice.reasons[0].code.startswith("block_last_card") and advice.reasons[0].fields["seat"] == 1


def test_a_bomb_on_a_2_is_explained_as_a_chop() -> None:
    game = position(["3c 3d 4s 4h 5c 5d 9h 6s 10d Jc 7s", "2s Kd Qh Ah 8d 8h", "7c 8c Js Qs Ks"], 1, ("2s",))
    game.pass_turn()
    assert codes(game)[0] == "chop"


def test_the_last_cards_go_out() -> None:
    game = position(["9h 9d", "3s 4s 5d", "7c 8c"], 0)
    assert codes(game) == ["go_out"]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_the_hint_is_the_normal_bots_choice_and_every_reason_reads_in_both_languages(seed: int, players: int) -> None:
    game = new_game(load_rules("mien-nam"), players, seed=seed)
    bots = [make_bot("normal", seed=s) for s in range(players)]
    keys = catalogue()
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        move = bots[seat].choose(view)
        if seat == 0:
            advice = advise(view, seed=0)
            assert advice.move == move
            assert advice.reasons
            for lang in ("vi", "en"):
                set_language(lang)
                for reason, line in zip(advice.reasons, advice_lines(advice, NAMES)[1:], strict=True):
                    assert f"advice.{reason.code}" in keys
                    assert not re.search(r"[{}]|advice\.", line), line
        game.pass_turn(seat) if move is None else game.play(move, seat)


@pytest.mark.slow
def test_the_hard_level_hints_its_own_choice() -> None:
    game = new_game(load_rules("mien-nam"), 4, seed=2)
    bot = make_bot("hard", seed=0)
    while game.current_player != 0:
        move = make_bot("normal", seed=game.current_player).choose(game.view(game.current_player))
        game.pass_turn() if move is None else game.play(move)
    advice = advise(game.view(0), level="hard", seed=0)
    assert advice.move == bot.choose(game.view(0))
    assert advice.level == "hard"


def test_no_hint_out_of_turn() -> None:
    game = position(["5s 9d", "Kd 4h", "3c 3d"], 1)
    assert codes(game) == ["not_your_turn"]


def test_a_single_card_is_named_by_itself_even_a_two() -> None:
    from game.engine.cards import parse_cards
    from game.engine.combos import classify
    from ui.learn.words import play_text

    assert play_text(classify(parse_cards("2h"))) == "2♥"
    assert play_text(classify(parse_cards("9s"))) == "9♠"
