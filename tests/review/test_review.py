"""The coach grades from the seat's own view, names costly decisions in both languages, and can be stopped."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.engine.cards import DECK, Card, parse_cards
from game.engine.game import Game
from game.engine.view import SeatView
from game.review import Cancelled, review
from game.review.coach import last_chance
from game.review.reasons import caught_holding
from game.review.replay import Replay
from game.review.report import text, to_json
from game.review.words import reason_text
from game.rules import load_rules
from tests.review.helpers import QUICK, play_recorded, scripted


def swapped_hidden_cards(record: dict[str, Any], seat: int) -> dict[str, Any] | None:
    """The same game with hidden cards exchanged: cards an opponent never played swapped with another
    opponent's (or, with fewer than four players, with cards nobody was dealt). Every action stays legal and
    ``seat`` sees exactly the same game, but the hidden hands differ."""
    played: set[str] = {c for a in record["actions"] if a[0] == "play" for c in a[2].split()}
    hands = [h.split() for h in record["hands"]]
    free = {s: [c for c in hands[s] if c not in played] for s in range(len(hands)) if s != seat}
    a = max(free, key=lambda s: len(free[s]))
    dealt = {c for h in hands for c in h}
    if len(hands) < 4:
        other = [c.ascii for c in sorted(DECK) if c.ascii not in dealt][::-1]
    else:
        other = max((free[s] for s in free if s != a), key=len)
    n = min(len(free[a]), len(other), 3)
    if n == 0:
        return None
    for x, y in zip(free[a][:n], other[:n], strict=True):
        hands[a][hands[a].index(x)] = y
        for h in hands:
            if y in h and h is not hands[a]:
                h[h.index(y)] = x
    out = dict(record, hands=[" ".join(h) for h in hands])
    try:
        replay = Replay(out)
    except ValueError:
        return None
    return out if not replay.opening else None


@pytest.mark.parametrize(("variant", "seed", "players"), [("mien-nam", 21, 4), ("xep-hang", 22, 3), ("co-dien", 23, 3),
                                                          ("dem-la", 24, 4)])  # fmt: skip
def test_the_grades_do_not_change_when_the_hidden_hands_do(variant: str, seed: int, players: int) -> None:
    for tries in range(seed, seed + 10):  # a game where an opponent ends with cards it never played
        record = play_recorded(variant, tries, players, levels="normal", first_game=False).game.to_dict()
        other = swapped_hidden_cards(record, 0)
        if other is not None:
            break
    assert other is not None and other["hands"] != record["hands"]
    first = review(record, 0, duplicate=False, **QUICK)
    second = review(other, 0, duplicate=False, **QUICK)
    assert first.decisions and first.decisions == second.decisions
    assert [(f.step, f.code, f.cost) for f in first.findings] == [(f.step, f.code, f.cost) for f in second.findings]


def test_leading_the_last_single_into_a_one_card_hand_is_named() -> None:
    game = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"])  # 2♥ first, then 3♠, wins for sure
    found = review(game.to_dict(), 0, duplicate=False, **QUICK)
    assert len(found.findings) == 1
    f = found.findings[0]
    assert (f.step, f.code) == (0, "led_short") and f.grade is not None and f.grade.best == tuple(parse_cards("2h"))
    assert f.cost > 1
    en, vi = text(found, "en"), text(found, "vi")
    assert "Move 1: led a single 3♠ while seat 2 had 1 card left" in en
    assert "Nước 1: đánh trước lá 3♠ khi người chơi 2 chỉ còn 1 lá" in vi


def test_a_2_kept_to_the_end_and_paid_for_is_found_with_the_last_chance_to_play_it() -> None:
    game = scripted("mien-nam", ["5s 6d 2h", "3c 9d 9h"], 1, ["3c", "5s", "-", "6d", "9d", "-", "9h"])
    assert game.result is not None
    twos, cost = caught_holding(game.rules, game.result, 0, game.hands[0])
    assert twos == tuple(parse_cards("2h")) and cost == 6
    assert last_chance(Replay.of(game), 0, twos) == 5  # the pass over 9♦
    fields = {"cards": twos, "amount": cost}
    en = "stuck with 2♥ when the hands were counted (thối), which cost 6 bets"
    assert reason_text("kept_to_end", fields, "en") == en
    assert reason_text("kept_to_end", fields, "vi") == "giữ 2♥ đến lúc tính tiền nên bị thối, mất 6 cược"
    found = review(game.to_dict(), 0, duplicate=False, **QUICK)  # that pass is the costliest decision
    assert (found.findings[0].step, found.findings[0].code) == (5, "passed_short")
    assert "Move 6: passed while seat 2 had 1 card left; a single 2♥ would have stopped them" in text(found, "en")


def test_the_duplicate_game_puts_the_strongest_bot_in_the_seat_against_the_same_opponents() -> None:
    played = play_recorded("xep-hang", 9, 3, levels="normal")
    found = review(played.game.to_dict(), 1, bots=[("normal", 90), None, ("easy", 92)], **QUICK)
    d = found.duplicate
    assert d is not None and d.level == "hard"
    assert (d.your_place, d.your_net) == (played.game.result.order.index(1) + 1, played.game.result.payments[1])
    again = Replay(d.record)
    assert again.final.result.order.index(1) + 1 == d.place and again.final.result.payments[1] == d.net
    assert again.final.initial_hands == played.game.initial_hands
    assert "With your cards the hard bot finished" in text(found, "en")


def test_progress_rises_to_the_end_and_cancelling_stops_at_once() -> None:
    played = play_recorded("mien-nam", 12, 4, levels="normal")
    seen: list[float] = []
    review(played.game.to_dict(), 0, progress=seen.append, **QUICK)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 3
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls > 5

    with pytest.raises(Cancelled):
        review(played.game.to_dict(), 0, cancel=stop, **QUICK)
    assert calls == 6


def test_the_json_holds_every_decision_and_both_languages() -> None:
    game = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"])
    data = json.loads(json.dumps(to_json(review(game.to_dict(), 0, **QUICK))))
    assert data["decisions"][0]["chosen"] == "3s" and data["decisions"][0]["best"] == "2h"
    assert data["findings"][0]["code"] == "led_short" and set(data["findings"][0]["text"]) == {"vi", "en"}
    assert data["duplicate"]["place"] == 1


def test_an_instant_win_has_nothing_to_review() -> None:
    rules = load_rules("mien-nam")
    dragon = parse_cards("3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s")
    game = Game(rules, [dragon, parse_cards("3c 4c")], 0)
    found = review(game.to_dict(), 0, **QUICK)
    assert found.decisions == () and found.duplicate is None
    assert "ended on the deal" in text(found, "en")


def test_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="no seat 3"):
        review(scripted("mien-nam", ["3s 2h", "Kd"], 0, []).to_dict(), 3)


def test_a_reason_counts_one_card_in_the_singular() -> None:
    from game.review.words import reason_text

    one = reason_text("led_short", {"play": None, "seat": 1, "count": 1}, "en", names=("You", "Lan"))
    two = reason_text("led_short", {"play": None, "seat": 1, "count": 2}, "en", names=("You", "Lan"))
    assert "had 1 card left" in one and "had 2 cards left" in two


def test_the_coach_the_review_screen_asks_judges_with_the_strongest_level_the_expert() -> None:
    from ui.replay.shown import ShownGame

    played = play_recorded("mien-nam", 12, 2, levels="normal")
    shown = ShownGame(played.game.to_dict(), played.game.rules, 0, ("", "Lan"))
    small = {"work": 200, "duplicate": False, "bot_options": {"playouts": 4, "time_limit": 30.0}}
    found = shown.review_request(small).run()  # what the review screen runs, with a small budget
    assert found.level == "expert" and found.decisions


def test_the_duplicate_line_names_the_last_place_by_the_table_size() -> None:
    from game.review.duplicate import Duplicate
    from game.review.words import place_word

    assert [place_word(p, "vi", 3) for p in (1, 2, 3)] == ["nhất", "nhì", "bét"]
    assert [place_word(p, "vi", 4) for p in (1, 2, 3, 4)] == ["nhất", "nhì", "ba", "bét"]
    assert place_word(2, "vi", 2) == "bét" and place_word(3, "en", 3) == "3rd"
    record = {"hands": ["3S", "4S", "5S"]}
    assert Duplicate("expert", 3, 0.0, 1, 0.0, record).players == 3


def straight_and_two_loose() -> tuple[SeatView, tuple[Card, ...]]:
    """Seat 0 holds 3♥ to 9♦ in a row with Q♣ and A♦ left over, and follows 5♣ with the loose queen."""
    hands = ["3h 4s 4c 5s 5h 6c 6h 7h 8s 9d Jd Qc Ad", "3d 4h 6s 7s 8c 9c 9h Js Qs Qh Ks Kc As",
             "3c 4d 5d 6d 7d Ts Th Jh Qd Kh Ac Ah 2s", "3s 5c 7c 8d 8h 9s Tc Td Jc Kd 2c 2d 2h"]  # fmt: skip
    moves = ["4s 5s 6c", "6s 7s 8c", "Jh Qd Kh", "-", "-", "Qs Ks As", "-", "3d", "2s", "2c", "-", "-", "-", "3s",
             "Jd", "-", "Ac", "2d", "-", "-", "5c"]  # fmt: skip
    return scripted("mien-nam", hands, 0, moves).view(0), tuple(parse_cards("Qc"))


def test_the_grade_plays_its_candidates_out_with_the_hard_bots_normal_like_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.ai.judge.weights import tuned
    from game.ai.normal import NormalBot
    from game.ai.playouts.normal_like import NormalLike
    from game.ai.reading.styles import picture
    from game.review.grade import grade

    made: list[tuple[int, object]] = []
    real = NormalLike.for_seat

    def spy(sim: Any, seat: int, played: int, weights: Any = None) -> NormalLike:
        made.append((seat, weights))
        return real(sim, seat, played, weights)

    monkeypatch.setattr(NormalLike, "for_seat", spy)
    view, queen = straight_and_two_loose()
    found = grade(view, queen, NormalBot(0), work=3000)  # the normal bot judges: it searches nothing itself
    assert not found.forced and found.deals >= 8
    keen = tuned("normal")
    assert {w for s, w in made if s == view.seat} == {keen}  # the seat reviewed decides like the tuned normal bot
    opponents = [w for s, w in made if s != view.seat]
    assert set(opponents) == {keen, picture()}  # each opponent keen or patient, drawn deal by deal


def test_the_grade_judges_by_how_the_table_plays_not_by_plan_playing_players(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.review.grade as grading
    from game.ai.normal import NormalBot
    from game.ai.search.pictured import Pictured
    from lab.planned import Planned

    view, queen = straight_and_two_loose()
    found = grading.grade(view, queen, NormalBot(0), work=6000)
    assert found.best == queen and not found.significant  # the loose queen, keeping the straight whole

    class PlanPlaying(Pictured):
        make = staticmethod(Planned.for_seat)  # type: ignore[assignment]

    monkeypatch.setattr(grading, "Pictured", PlanPlaying)
    monkeypatch.setattr(grading, "NORMAL_MOVE_WORK", 1.0)
    planned = grading.grade(view, queen, NormalBot(0), work=6000)
    assert planned.best != queen and planned.significant  # against players who play their plan, a costly queen


def test_the_grade_pictures_the_beginners_on_the_record_as_the_easy_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai.normal import NormalBot
    from game.ai.playouts.easy_like import EasyLike
    from game.ai.playouts.normal_like import NormalLike
    from game.review.grade import grade

    seats: list[int] = []
    normal_like: list[int] = []
    real_move, real_for_seat = EasyLike.move, NormalLike.for_seat

    def spy_move(self: EasyLike, sim: Any, seat: int, rng: Any) -> Any:
        seats.append(seat)
        return real_move(self, sim, seat, rng)

    def spy_for_seat(sim: Any, seat: int, played: int, weights: Any = None) -> NormalLike:
        normal_like.append(seat)
        return real_for_seat(sim, seat, played, weights)

    view, queen = straight_and_two_loose()
    monkeypatch.setattr(EasyLike, "move", spy_move)
    monkeypatch.setattr(NormalLike, "for_seat", spy_for_seat)
    grade(view, queen, NormalBot(0), work=6000, levels=[None, "easy", "hard", "easy"])
    assert set(seats) == {1, 3} and set(normal_like) == {0, 2}


def test_at_a_table_of_beginners_the_chances_shown_are_higher() -> None:
    from game.ai.normal import NormalBot
    from game.engine.game import new_game
    from game.review.grade import grade
    from lab import arena

    rules = load_rules("mien-nam")
    gains = []
    for index in range(4):
        hands, _ = arena.deal_hands(rules, 4, 17, index)
        view = new_game(rules, hands=hands, leader=0, first_game=False).view(0)
        lead = NormalBot(0).choose(view)
        planners = grade(view, lead, NormalBot(0), work=6000)
        beginners = grade(view, lead, NormalBot(0), work=6000, levels=[None, "easy", "easy", "easy"])
        gains.append(beginners.options[0].win - planners.options[0].win)
    assert sum(gains) / len(gains) > 0.15  # normal wins about 0.7 against three easy bots, 0.25 against 3 normal


def test_at_a_table_of_planners_the_chances_shown_are_the_shares_moved_as_they_come_true() -> None:
    from game.ai.normal import NormalBot
    from game.engine.game import new_game
    from game.review.chances import model_for, shown
    from game.review.grade import grade
    from lab import arena

    rules = load_rules("mien-nam")
    hands, _ = arena.deal_hands(rules, 4, 17, 1)
    view = new_game(rules, hands=hands, leader=0, first_game=False).view(0)
    lead = NormalBot(0).choose(view)
    planners = grade(view, lead, NormalBot(0), work=6000, levels=[None, "normal", "hard", "normal"])
    mixed = grade(view, lead, NormalBot(0), work=6000, levels=[None, "easy", "hard", "easy"])
    beginners = grade(view, lead, NormalBot(0), work=6000, levels=[None, "easy", "easy", "easy"])
    middle = [o for o in planners.options if 0.05 < o.raw_win < 0.95]
    assert middle and all(o.win == shown(o.raw_win, 1.0) < o.raw_win for o in middle)
    assert all(o.win == shown(o.raw_win, 1 / 3) for o in mixed.options)
    assert all(o.win == o.raw_win for o in beginners.options)
    chances = {o.move: o.win for o in planners.options}
    assert planners.win_loss == pytest.approx(chances[planners.best] - chances[planners.chosen])
    hands, _ = arena.deal_hands(rules, 3, 17, 1)
    view = new_game(rules, hands=hands, leader=0, first_game=False).view(0)
    three = grade(view, NormalBot(0).choose(view), NormalBot(0), work=6000, levels=[None, "normal", "expert"])
    assert all(o.win == shown(o.raw_win, 1.0, model_for(3)) for o in three.options)


def test_the_review_hands_the_recorded_levels_to_every_grade(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.review.coach as coach

    record = play_recorded("mien-nam", 31, 4, levels="normal").game.to_dict()
    seen: list[object] = []
    real = coach.grade

    def spy(*args: Any) -> Any:
        seen.append(args[-1])
        return real(*args)

    monkeypatch.setattr(coach, "grade", spy)
    review(record, 0, bots=[None, ("Easy", 4), ("normal", 5), ("easy", 6)], duplicate=False, **QUICK)
    assert seen and all(levels == [None, "easy", "normal", "easy"] for levels in seen)


def test_a_planner_of_a_known_level_starts_from_that_levels_style(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.review.grade as grading
    from game.ai.normal import NormalBot
    from game.ai.reading.inference import Inference

    view, queen = straight_and_two_loose()
    assert grading.patience(view, [None, "normal", "baseline", "easy"]) == {1: 0.1, 2: 0.9, 3: 0.5}
    assert grading.patience(view, ()) == {1: 0.5, 2: 0.5, 3: 0.5}
    priors: list[object] = []

    class Spy(Inference):
        def __init__(self, *args: Any) -> None:
            priors.append(args[2])
            super().__init__(*args)

    monkeypatch.setattr(grading, "Inference", Spy)
    grading.grade(view, queen, NormalBot(0), work=600, levels=[None, "hard", "expert", "normal"])
    assert priors == [{1: 0.1, 2: 0.1, 3: 0.1}]


def test_a_busy_machine_does_not_change_the_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The searching bots of a review (the coach, and a searching opponent in the duplicate game) stop on their
    work, not on the clock: with a clock running a hundredth of a second a reading, the review is the same."""
    import time

    played = play_recorded("mien-nam", 12, 4, levels="normal,hard,normal,hard")
    record = played.game.to_dict()
    bots = [None, ("hard", 3), ("normal", 4), ("hard", 5)]
    quick = {"level": "expert", "work": 300}
    calm = review(record, 0, bots=bots, **quick)  # type: ignore[arg-type]
    real = time.perf_counter
    clock = [real()]

    def busy() -> float:
        clock[0] += 0.01
        return clock[0]

    monkeypatch.setattr(time, "perf_counter", busy)
    rushed = review(record, 0, bots=bots, **quick)  # type: ignore[arg-type]
    monkeypatch.setattr(time, "perf_counter", real)
    assert [d.grade for d in rushed.decisions] == [d.grade for d in calm.decisions]
    assert rushed.duplicate is not None and calm.duplicate is not None
    assert rushed.duplicate.record == calm.duplicate.record
