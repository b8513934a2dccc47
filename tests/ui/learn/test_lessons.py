"""Every lesson can be completed as written, refuses wrong moves with the engine's reasons, and resumes."""

from __future__ import annotations

import re

import pytest

from game import load_rules, parse_cards
from game.engine.cards import Card
from game.engine.combos import classify
from game.lessons import LESSONS, Ask, LessonRun, Verdict, lesson
from game.lessons.steps import PASS, SHOW, Goal, Lesson
from ui.i18n import catalogue, set_language
from ui.learn.words import verdict_lines

VARIANTS = ("mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem")


def rules_for(les: Lesson, chosen: str = "mien-nam"):
    return load_rules(les.variant or chosen)


def answer(run: LessonRun) -> Verdict:
    """The move a player following the instructions makes: the cards named, else the lowest that fits."""
    goal = run.goal
    assert goal is not None
    if goal.action == PASS:
        return run.pass_turn()
    if goal.action == SHOW:
        return run.show(pairs_of(run.game.hands[0]))
    if goal.cards:
        return run.play(goal.card_list)
    moves = [m for m in run.game.legal_moves(0) if goal.kind is None or classify(m).kind == goal.kind]
    return run.play(moves[0])


def pairs_of(hand: list[Card]) -> list[Card]:
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
    return [c for cards in by_rank.values() if len(cards) >= 2 for c in cards[:2]]


def finish(run: LessonRun) -> None:
    while not run.done:
        if isinstance(run.step, Ask):
            verdict = answer(run)
            assert verdict.ok, (run.lesson.id, run.index, verdict)
        else:
            run.advance()


@pytest.mark.parametrize("les", LESSONS, ids=lambda x: x.id)
def test_every_lesson_can_be_completed_as_written(les: Lesson) -> None:
    run = LessonRun(les, rules_for(les))
    finish(run)
    assert run.done and run.mistakes == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_scoring_lesson_completes_in_every_variant_and_the_player_is_paid(variant: str) -> None:
    run = LessonRun(lesson("scoring"), load_rules(variant))
    finish(run)
    assert run.game.is_over and run.game.result is not None
    assert run.game.result.winner == 0
    assert run.facts()["won"] > 0


def test_the_combinations_lesson_ends_with_the_player_out_first() -> None:
    run = LessonRun(lesson("combos"), rules_for(lesson("combos")))
    finish(run)
    assert run.game.result is not None and run.game.result.winner == 0


def test_the_chop_lesson_pays_the_2s_in_the_chain() -> None:
    run = LessonRun(lesson("twos"), load_rules("mien-nam"))
    finish(run)
    assert run.facts()["chop"] == 9  # 2♠ 3 + 2♥ 6 (RULES.md §5, mien-nam)


def test_the_instant_win_lesson_is_won_on_the_deal() -> None:
    run = LessonRun(lesson("instant"), load_rules("mien-nam"))
    assert run.game.is_over and run.game.result is not None and run.game.result.instant_win == 0
    assert run.game.actions == []


def advance_to_ask(run: LessonRun) -> None:
    while not isinstance(run.step, Ask):
        run.advance()


def test_a_lower_single_is_refused_with_the_engines_reason_in_both_languages() -> None:
    run = LessonRun(lesson("beating"), load_rules("mien-nam"))
    advance_to_ask(run)  # Minh led 5♦
    verdict = run.play(parse_cards("4c"))
    assert not verdict.ok and verdict.refusal is not None and verdict.refusal.code == "not_higher"
    assert run.mistakes == 1 and run.index == 2  # still on the same step, nothing played
    mine, table = classify(parse_cards("4c")), run.game.table
    set_language("vi")
    vi = verdict_lines(verdict, mine, table)
    set_language("en")
    en = verdict_lines(verdict, mine, table)
    assert vi[0] == "4♣ không lớn hơn 5♦" and en[0] == "4♣ is not higher than 5♦"
    assert "♠ < ♣ < ♦ < ♥" in vi[1] and "rank first" in en[1]


def test_a_pair_on_a_single_is_refused_as_the_wrong_kind() -> None:
    run = LessonRun(lesson("beating"), load_rules("mien-nam"))
    advance_to_ask(run)
    verdict = run.play(parse_cards("4c 4d"))
    assert verdict.refusal is not None and verdict.refusal.code == "cannot_beat"


def test_passing_when_you_lead_is_refused_by_the_engine() -> None:
    run = LessonRun(lesson("combos"), load_rules("mien-nam"))
    advance_to_ask(run)
    verdict = run.pass_turn()
    assert verdict.refusal is not None and verdict.refusal.code == "lead_no_pass"
    assert run.game.actions == []


def test_a_legal_move_the_step_does_not_ask_for_is_explained() -> None:
    run = LessonRun(lesson("combos"), load_rules("mien-nam"))
    advance_to_ask(run)
    wrong_kind = run.play(parse_cards("6c 6h"))
    assert wrong_kind.code == "want_kind" and not wrong_kind.ok
    wrong_card = run.play(parse_cards("Kh"))
    assert wrong_card.code == "want_cards"
    set_language("en")
    assert verdict_lines(wrong_kind, None, None) == ["That is allowed, but this step asks for a single, not a pair"]
    assert verdict_lines(wrong_card, None, None) == ["Right kind! For this lesson, play 4♠"]
    assert run.game.actions == []


def test_a_step_that_asks_for_a_pass_explains_a_play_and_one_that_asks_for_a_play_explains_a_pass() -> None:
    run = LessonRun(lesson("twos"), load_rules("mien-nam"))
    advance_to_ask(run)  # Lan led K♦; the step asks for 2♠
    assert run.pass_turn().code == "want_play"
    run = LessonRun(lesson("beating"), load_rules("mien-nam"))
    advance_to_ask(run)
    run.play(parse_cards("7s"))
    advance_to_ask(run)  # the step asks to pass on K♠ — and nothing beats it
    assert run.goal == Goal(PASS)
    assert run.play(parse_cards("Jh")).refusal.code == "not_higher"


def test_showing_cards_that_are_not_six_pairs_is_explained() -> None:
    run = LessonRun(lesson("instant"), load_rules("mien-nam"))
    advance_to_ask(run)
    verdict = run.show(parse_cards("3s 3c 5d 5h 7s 7c"))
    assert verdict.code == "not_pattern"
    set_language("en")
    assert verdict_lines(verdict, None, None) == ["The cards chosen do not make six pairs (6 đôi)"]
    assert run.show(parse_cards("2c")).code == "not_held"


@pytest.mark.parametrize("les", LESSONS, ids=lambda x: x.id)
def test_a_lesson_resumes_at_every_step_exactly_where_it_was_left(les: Lesson) -> None:
    rules = rules_for(les)
    run = LessonRun(les, rules)
    while True:
        back = LessonRun.resume(les, rules, run.progress())
        assert back.index == run.index and back.game.to_dict() == run.game.to_dict()
        if run.done:
            break
        answer(run) if isinstance(run.step, Ask) else run.advance()


def test_a_stored_point_that_does_not_fit_the_lesson_is_refused() -> None:
    les = lesson("beating")
    rules = load_rules("mien-nam")
    with pytest.raises(ValueError, match="follows"):
        LessonRun.resume(les, rules, {"step": 3, "actions": []})
    with pytest.raises(ValueError):
        LessonRun.resume(les, rules, {"step": 99, "actions": []})
    with pytest.raises(ValueError):
        LessonRun.resume(les, rules, {"step": 2, "actions": [["play", 2, "2h"]]})


def test_every_lesson_text_exists_in_both_languages_and_fills_its_fields() -> None:
    keys = catalogue()
    for les in LESSONS:
        texts = [les.title, les.summary] + [s.text for s in les.steps if hasattr(s, "text")]
        for key in texts:
            assert key in keys, key
            for lang in ("vi", "en"):
                set_language(lang)
                line = keys[key][lang].format(variant="Đếm lá", chop=9, won=26)
                assert not re.search(r"[{}]", line)


def test_restart_goes_back_to_the_deal() -> None:
    run = LessonRun(lesson("twos"), load_rules("mien-nam"))
    finish(run)
    run.restart()
    assert run.index == 0 and run.game.actions == [] and not run.game.is_over


def test_a_goal_that_names_cards_of_another_kind_is_an_error() -> None:
    with pytest.raises(ValueError, match="not pair"):
        Goal("play", "pair", "4s 5s 6s")
