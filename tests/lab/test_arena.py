"""The arena plays duplicate deals and prints a table with confidence intervals."""

from __future__ import annotations

import pytest

from lab import arena


def test_duplicate_deals_give_every_bot_every_hand() -> None:
    records = arena.run(["normal", "greedy", "random"], deals=2, workers=1)
    assert [r.deal for r in records] == [0, 1]
    for rec in records:
        assert not rec.errors
        assert len(rec.outcomes) == 9  # three rotations of three seats
    summary = arena.summarise(records, ["normal", "greedy", "random"])
    assert [s.bot for s in summary] == ["normal", "greedy", "random"]
    assert all(s.games == 6 for s in summary)
    assert sum(s.win[0] for s in summary) == pytest.approx(1.0)


def test_the_same_seed_replays_the_same_results() -> None:
    first = arena.run(["easy", "greedy"], deals=3, variant="xep-hang", seed=5, workers=1)
    again = arena.run(["easy", "greedy"], deals=3, variant="xep-hang", seed=5, workers=1)
    assert [r.outcomes for r in first] == [r.outcomes for r in again]


def test_command_line_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--bots", "normal,greedy", "--players", "3", "--deals", "2", "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert "win rate (first out)" in out and "mean place" in out and "mean net" in out
    assert "normal vs greedy vs greedy" in out


def test_a_searching_bot_reports_its_predictions_for_calibration() -> None:
    fast = {"hard": {"playouts": 3, "candidates": 3, "time_limit": 5.0}}
    records = arena.run(["hard", "normal"], deals=2, workers=1, options=fast)
    said = [p for r in records for p in r.predictions]
    assert said and all(bot == "hard" and 0.0 <= p <= 1.0 and won in (0.0, 1.0) for bot, p, won in said)
    # What each prediction was made from: the raw chance, the opponents' patience, and no match remembered.
    made_from = [e for r in records for e in r.evidence]
    assert len(made_from) == len(said)
    assert all(0.0 <= raw <= 1.0 and 0.0 <= patience <= 1.0 and alone == 0.0 for raw, patience, alone in made_from)
    report = arena.calibration(records)
    assert report.startswith("calibration of hard") and "1/5" in report


def test_a_tagged_level_plays_that_level_under_its_own_name_and_options() -> None:
    lineup = ["normal:loose", "normal", "normal"]
    options = {"normal:loose": {"threshold": 0.4, "sure": 0.3}}
    records = arena.run(lineup, deals=3, workers=1, options=options)
    assert all(not r.errors for r in records)
    summary = arena.summarise(records, lineup)
    assert [s.bot for s in summary] == ["normal:loose", "normal"]
    assert summary[0].games == 9 and summary[1].games == 18
    plain = arena.summarise(arena.run(lineup, deals=3, workers=1), lineup)
    assert plain[0].win[0] == pytest.approx(1 / 3)  # the same bot everywhere: one rotation in three each
    assert arena.parse_options(["normal:hard.weights=hard"]) == {"normal:hard": {"weights": "hard"}}


def test_the_calibration_report_does_not_sort_equal_predictions_by_their_outcome() -> None:
    from lab.arena import DealRecord, calibration

    # 100 decisions that all predicted 0.5 and won half the time: every fifth must show about 0.5 won.
    record = DealRecord(0, [], predictions=[("hard", 0.5, float(i % 2)) for i in range(100)])
    lines = calibration([record]).splitlines()[1:]
    assert len(lines) == 5
    for line in lines:
        assert "actual 0.500" in line, line
