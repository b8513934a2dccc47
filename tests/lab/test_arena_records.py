"""An arena run kept in a file (``--out``), merged from chunks and compared deal by deal with another."""

from __future__ import annotations

from pathlib import Path

import pytest

from lab import arena, arena_records


def _run(path: Path, lineup: list[str], deals: int, first: int = 0) -> list[arena.DealRecord]:
    records = arena.run(lineup, deals=deals, seed=3, workers=1, first_deal=first)
    arena.save_records(records, path)
    return records


def test_records_come_back_as_they_were_and_chunks_merge_in_deal_order(tmp_path: Path) -> None:
    late = _run(tmp_path / "late.json", ["hard", "greedy"], 2, first=2)
    early = _run(tmp_path / "early.json", ["hard", "greedy"], 2)
    merged = arena_records.load([tmp_path / "late.json", tmp_path / "early.json"])
    assert merged == early + late
    assert any(r.predictions for r in merged)  # a searching bot's predictions survive the file
    assert all(len(r.evidence) == len(r.predictions) for r in merged)  # and what they were made from
    assert arena_records.lineup_of(merged) == ["hard", "greedy"]


def test_a_deal_twice_or_a_foreign_file_is_refused_with_its_name(tmp_path: Path) -> None:
    _run(tmp_path / "a.json", ["greedy", "random"], 1)
    with pytest.raises(ValueError, match="deal 0 is in both"):
        arena_records.load([tmp_path / "a.json", tmp_path / "a.json"])
    (tmp_path / "notes.json").write_text('{"deal": "x"}', encoding="utf-8")
    with pytest.raises(ValueError, match="notes.json: not an arena record file"):
        arena_records.load([tmp_path / "notes.json"])


def test_the_comparison_is_per_deal_on_the_deals_both_runs_played(tmp_path: Path) -> None:
    first = _run(tmp_path / "first.json", ["normal", "greedy", "greedy", "greedy"], 6)
    second = _run(tmp_path / "second.json", ["greedy", "greedy", "greedy", "greedy"], 4)
    same = arena_records.paired(first, first, "normal", "normal")
    assert same.deals == 6 and same.win[2] == 0.0 and same.win[3] == 0.0
    p = arena_records.paired(first, second, "normal", "greedy")
    assert p.deals == 4
    wins = arena_records.per_deal(first, "normal")
    assert p.win[0] == pytest.approx(sum(wins[d][0] for d in range(4)) / 4)
    assert p.win[1] == pytest.approx(0.25)  # four greedy bots: one winner in every game
    assert p.win[2] == pytest.approx(p.win[0] - p.win[1])
    with pytest.raises(ValueError, match="no deal has both"):
        arena_records.paired(first, second, "normal", "hard")


def test_the_command_lines_write_merge_and_compare(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.json"
    assert arena.main(["--bots", "normal,greedy", "--deals", "3", "--workers", "1", "--out", str(out)]) == 0
    assert arena_records.main(["table", str(out)]) == 0
    assert "3 deals from" in capsys.readouterr().out
    assert arena_records.main(["compare", str(out), str(out), "--bots", "normal,greedy"]) == 0
    assert "normal (first run) − greedy (second run) on 3 common deals" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        arena_records.main(["compare", str(out), str(tmp_path / "missing.json")])
    assert stop.value.code == 2
    assert "missing.json: not an arena record file" in capsys.readouterr().err
