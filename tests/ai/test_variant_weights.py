"""A variant whose scoring differs may ship its own weight set: the bots play that variant with it and every
other variant with the normal set, a missing or broken set falls back to the normal one with a warning, and
the tuner ranks such a variant's candidates by what it pays."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from game.ai import normal as normal_module
from game.ai.hard import HardBot
from game.ai.judge.weights import Weights, for_variant, load_variant, read, read_variant, tuned
from game.ai.normal import NormalBot
from game.engine.game import new_game
from game.engine.view import SeatView
from game.rules import load_rules
from lab import arena
from lab.arena_report import DealRecord, Outcome
from lab.bots import make_bot
from lab.tune import TUNED, Settings, default_fitness, fitness, main, write

SPECIAL = Weights(threshold=0.3, danger=3.0)  # a set no tuning run would find


def _view(variant: str) -> SeatView:
    rules = load_rules(variant)
    hands, leader = arena.deal_hands(rules, 4, 8, 0)
    return new_game(rules, hands=hands, leader=leader, first_game=True).view(0)


def _params(tmp_path: Path, data: dict[str, object]) -> Path:
    path = tmp_path / "params.json"
    path.write_text(json.dumps({"normal": {"threshold": -0.5}, **data}), encoding="utf-8")
    return path


def test_a_variant_set_is_read_for_its_variant_only(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = _params(tmp_path, {"variants": {"xep-hang": {"threshold": 0.3, "danger": 3.0}}})
    with caplog.at_level(logging.WARNING):
        assert load_variant(path, "xep-hang") == SPECIAL
        assert load_variant(path, "dem-la") == Weights(threshold=-0.5)  # no set of its own: the normal one
        assert load_variant(path, "mien-nam") == load_variant(path, "co-dien") == read(path)
    assert not caplog.text  # a variant without a set of its own is no fault


@pytest.mark.parametrize("variants", [
    {"xep-hang": {"threshold": "high"}}, {"xep-hang": {"thershold": 0.1}}, {"xep-hang": [1, 2]}, ["xep-hang"],
])  # fmt: skip
def test_a_broken_variant_set_falls_back_to_the_normal_one_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, variants: object
) -> None:
    path = _params(tmp_path, {"variants": variants})
    with caplog.at_level(logging.WARNING):
        assert load_variant(path, "xep-hang") == Weights(threshold=-0.5)
    assert "AI weights for xep-hang not loaded" in caplog.text and "using the normal ones" in caplog.text


def test_a_missing_shipped_variant_set_falls_back_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = _params(tmp_path, {})
    with caplog.at_level(logging.WARNING):
        assert load_variant(path, "xep-hang", shipped=("xep-hang",)) == Weights(threshold=-0.5)
    assert "AI weights for xep-hang missing" in caplog.text
    caplog.clear()
    path.write_text("{", encoding="utf-8")  # the whole file broken: the normal set's own fallback, the defaults
    with caplog.at_level(logging.WARNING):
        assert load_variant(path, "xep-hang") == Weights()
    assert "using the defaults" in caplog.text


def test_the_shipped_variant_sets_load() -> None:
    assert for_variant("mien-nam") == tuned("normal")
    for variant in ("dem-la", "xep-hang", "co-dien", "co-dien-diem"):
        for_variant(variant)  # the sets that ship load without falling back (see the warning tests)


@pytest.fixture
def special_xep_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots play xep-hang with ``SPECIAL`` and every other variant with the normal set."""
    monkeypatch.setattr(normal_module, "for_variant", lambda v: SPECIAL if v == "xep-hang" else tuned("normal"))
    monkeypatch.setattr("game.ai.hard.for_variant", lambda v: SPECIAL if v == "xep-hang" else tuned("normal"))


@pytest.mark.usefixtures("special_xep_hang")
@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_the_bots_play_a_variant_with_its_set(level: str) -> None:
    bot = make_bot(level)
    assert isinstance(bot, NormalBot)
    assert bot.table_weights(_view("xep-hang")) == SPECIAL  # the table's reading has nothing to move it yet
    assert bot.context(_view("xep-hang")).weights == SPECIAL
    assert bot.table_weights(_view("mien-nam")) == bot.table_weights(_view("dem-la")) == tuned("normal")
    if isinstance(bot, HardBot):  # its playouts picture the opponents, and itself, with the variant's set
        players = bot.playout_players(_view("xep-hang"))
        assert players.keen == players.mine == SPECIAL
        assert bot.playout_players(_view("mien-nam")).keen == tuned("normal")


@pytest.mark.usefixtures("special_xep_hang")
def test_overrides_apply_to_the_variant_set_and_a_named_set_is_kept_for_every_variant() -> None:
    tuned_seat = make_bot("normal", threshold=-0.1)
    assert isinstance(tuned_seat, NormalBot)
    assert tuned_seat.table_weights(_view("xep-hang")) == Weights(threshold=-0.1, danger=3.0)
    named = make_bot("normal", weights="normal")
    assert isinstance(named, NormalBot)
    assert named.table_weights(_view("xep-hang")) == tuned("normal")


def _record(*outcomes: tuple[str, float, float]) -> DealRecord:
    return DealRecord(0, [Outcome(bot, win, 1.0 if win else 3.0, net) for bot, win, net in outcomes])


def test_the_tuner_ranks_a_variant_by_what_it_pays() -> None:
    assert default_fitness("mien-nam") == "wins"
    assert all(default_fitness(v) == "net" for v in ("dem-la", "xep-hang", "co-dien", "co-dien-diem"))
    # Going out first once but paying much on the other deal: better by wins, worse by net.
    bold = [_record((TUNED, 1.0, 3.0), ("baseline", 0.0, -3.0)), _record((TUNED, 0.0, -8.0), ("baseline", 1.0, 8.0))]
    steady = [_record((TUNED, 0.0, -1.0), ("baseline", 1.0, 1.0)), _record((TUNED, 0.0, -1.0), ("baseline", 1.0, 1.0))]
    assert fitness(bold) == pytest.approx(0.5 + 0.002 * -2.5)  # mien-nam's fitness is unchanged
    assert fitness(bold, "net") == pytest.approx(-2.5 + 0.01 * 0.5)
    assert fitness(bold) > fitness(steady) and fitness(bold, "net") < fitness(steady, "net")
    with pytest.raises(ValueError, match="unknown fitness"):
        fitness(bold, "places")


def test_the_recorded_command_names_the_fitness_only_where_it_is_not_the_variant_s() -> None:
    assert "--fitness" not in Settings().command()  # mien-nam's tuning command reads as before
    assert "--fitness" not in Settings(variant="xep-hang", level="xep-hang").command()
    assert "--variant xep-hang --level xep-hang " in Settings(variant="xep-hang", level="xep-hang").command()
    assert "--fitness net " in Settings(fitness="net").command()
    assert "--fitness wins " in Settings(variant="dem-la", fitness="wins").command()


def test_a_variant_set_is_written_beside_the_others(tmp_path: Path) -> None:
    path = _params(tmp_path, {"loose": {"threshold": 0.1}, "variants": {"dem-la": {"danger": 3.0}}})
    settings = Settings(variant="xep-hang", level="xep-hang", generations=1)
    write(path, {"threshold": 0.3, "danger": 3.0}, settings, [{"generation": 0}])
    data = json.loads(path.read_text(encoding="utf-8"))
    assert read_variant(path, "xep-hang") == SPECIAL and read_variant(path, "dem-la") == Weights(danger=3.0)
    assert read(path) == Weights(threshold=-0.5) and read(path, "loose") == Weights(threshold=0.1)
    record = data["tuning_xep-hang"]
    assert record["fitness"] == "net" and "--level xep-hang " in record["command"]


def test_the_command_line_tunes_a_variant_set_only_on_its_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tiny = ["--generations", "1", "--population", "2", "--deals", "1", "--workers", "1", "--elite", "1"]
    assert main([*tiny, "--variant", "xep-hang", "--level", "xep-hang"]) == 0
    assert "generation 0" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([*tiny, "--variant", "dem-la", "--level", "xep-hang"])
    with pytest.raises(SystemExit):
        main([*tiny, "--level", "hrad"])
