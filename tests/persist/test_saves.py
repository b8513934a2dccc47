from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from game.engine.cards import parse_cards
from game.engine.match import Match
from game.records.match_save import FORMAT
from game.rules import load_catalogue
from game.table.choice import MatchChoice
from tests.persist.helpers import aside_files
from ui.persist.saves import delete_saved_match, load_match, save_match

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def _play(game, moves: int) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        legal = game.legal_moves()
        if legal:
            game.play(legal[len(legal) // 2])
        else:
            game.pass_turn()


def _state(match: Match) -> dict:
    g = match.current
    return {
        "totals": match.totals,
        "games": len(match.games),
        "hands": [" ".join(c.ascii for c in h) for h in g.hands] if g else None,
        "table": [c.ascii for c in g.table.cards] if g and g.table else None,
        "turn": g.current_player if g else None,
        "passed": sorted(g.passed) if g else None,
        "log": [e.kind for e in g.log] if g else None,
    }


def test_a_format_1_save_still_loads_with_its_difficulty_for_every_opponent(paths):
    shutil.copy(HERE / "fixtures" / "match-save-format1.json", paths.save_file)
    saved, notices = load_match(paths, load_catalogue())
    assert notices == []
    assert saved.choice == MatchChoice("mien-nam", ("hard", "hard"), 1, 1000, {})
    g = saved.match.current
    assert g.table.cards == tuple(parse_cards("4s")) and g.table_seat == 1 and g.current_player == 2
    assert [len(h) for h in g.hands] == [10, 10, 12] and g.passed == set()


def test_a_resaved_format_1_match_is_written_in_the_current_format(paths):
    shutil.copy(HERE / "fixtures" / "match-save-format1.json", paths.save_file)
    saved, _ = load_match(paths, load_catalogue())
    save_match(paths, saved.choice, saved.match)
    doc = json.loads(paths.save_file.read_text(encoding="utf-8"))
    assert doc["format"] == FORMAT == 2 and doc["setup"]["opponents"] == ["hard", "hard"]
    again, _ = load_match(paths, load_catalogue())
    assert _state(again.match) == _state(saved.match)


def test_save_after_finished_games_and_mid_game_round_trips(paths):
    cat = load_catalogue()
    choice = MatchChoice("xep-hang", ("easy", "normal", "hard"), 5, 500, {"xep-hang": {"first_lead": "random"}})
    match = Match(cat.load("xep-hang", {"first_lead": "random"}), 4, seed=3)
    for _ in range(2):
        g = match.start_game()
        _play(g, 400)
        match.finish_game(g)
    _play(match.start_game(), 7)
    save_match(paths, choice, match)
    saved, notices = load_match(paths, cat)
    assert notices == [] and saved.choice == choice
    assert saved.match.rules.first_lead == "random"
    assert _state(saved.match) == _state(match)


def test_a_save_with_no_game_in_progress_resumes_between_games(paths):
    cat = load_catalogue()
    match = Match(cat.load("mien-nam"), 2, seed=9)
    g = match.start_game()
    _play(g, 400)
    match.finish_game(g)
    save_match(paths, MatchChoice("mien-nam", ("normal",)), match)
    saved, _ = load_match(paths, cat)
    assert saved.match.current is None and saved.match.totals == match.totals


def test_broken_saves_are_kept_aside_and_the_game_goes_on(paths):
    cat = load_catalogue()
    good = json.loads((HERE / "fixtures" / "match-save-format1.json").read_text(encoding="utf-8"))
    illegal = json.loads(json.dumps(good))
    illegal["match"]["current"]["actions"].append(["play", 1, "3c"])  # 3♣ is not seat 1's card
    unknown = json.loads(json.dumps(good))
    unknown["match"]["variant"] = "no-such-variant"
    contents = ["", json.dumps(good)[:300], json.dumps(good["match"]["current"]["hands"]), json.dumps(illegal),
                json.dumps(unknown), '{"kind": "match-save", "format": 2, "setup": 1, "match": {}}']
    for content in contents:
        paths.save_file.write_text(content, encoding="utf-8")
        saved, notices = load_match(paths, cat)
        assert saved is None and notices[0].key == "notice.file_set_aside", content[:60]
        assert not paths.save_file.is_file()
    assert len(aside_files(paths.data, "match-save.json")) == len(contents)


def test_delete_forgets_the_save(paths):
    shutil.copy(HERE / "fixtures" / "match-save-format1.json", paths.save_file)
    delete_saved_match(paths)
    assert not paths.save_file.is_file()
    delete_saved_match(paths)  # twice is fine


RESUMER = """
import json, sys
from game.rules import load_catalogue
from ui.persist.paths import Paths
from ui.persist.saves import load_match
saved, notices = load_match(Paths.default(), load_catalogue())
g = saved.match.current
print(json.dumps({
    "totals": saved.match.totals, "games": len(saved.match.games),
    "hands": [" ".join(c.ascii for c in h) for h in g.hands],
    "table": [c.ascii for c in g.table.cards] if g.table else None,
    "turn": g.current_player, "passed": sorted(g.passed), "log": [e.kind for e in g.log],
}))
"""


def test_resuming_in_a_new_process_gives_the_same_state(paths):
    cat = load_catalogue()
    match = Match(cat.load("dem-la"), 4, seed=11)
    g = match.start_game()
    _play(g, 400)
    match.finish_game(g)
    _play(match.start_game(), 13)
    save_match(paths, MatchChoice("dem-la", ("hard", "hard", "easy")), match)
    out = subprocess.run([sys.executable, "-c", RESUMER], cwd=ROOT, capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == _state(match)
