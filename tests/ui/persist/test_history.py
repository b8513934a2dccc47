"""The game history: every finished game kept, bounded, written atomically, and a broken file set aside."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.records.history import GameEntry, entry_from_dict, new_entry
from game.review.replay import Replay
from tests.review.helpers import play_recorded
from tests.ui.persist.helpers import aside_files
from ui.persist import history
from ui.persist.history import HistoryStore
from ui.persist.paths import Paths
from ui.persist.profile import Profile


@pytest.fixture(scope="module")
def games() -> list[GameEntry]:
    """A few real finished games (4, 3 and 2 players, several variants)."""
    out = []
    for i, (variant, players) in enumerate([("mien-nam", 4), ("xep-hang", 4), ("dem-la", 3), ("co-dien", 2)]):
        played = play_recorded(variant, 40 + i, players, levels="normal")
        bots = [None] + [("normal", 7 + s) for s in range(1, players)]
        out.append(new_entry(played.game, number=1, seat=0, names=[""] + ["Lan"] * (players - 1), bots=bots))
    return out


@pytest.fixture
def store(tmp_path) -> HistoryStore:
    return HistoryStore(tmp_path / "history.json")


def test_a_kept_game_replays_to_the_same_result(store: HistoryStore, games: list[GameEntry]) -> None:
    for g in games:
        store.append(g, match_seed=3)
    again = HistoryStore(store.path).entries()
    assert [e.game for e in again] == [g.game for g in games]
    for entry in again:
        replay = Replay(entry.game)
        assert tuple(replay.final.result.order) == entry.order
        assert tuple(replay.final.result.payments) == entry.payments


def test_an_entry_survives_the_round_trip_field_by_field(games: list[GameEntry]) -> None:
    entry = replace(games[1], match="9-1", id="9-1-1", practice=True, house_rules={"quad_beats_pair_of_twos": False})
    assert entry_from_dict(json.loads(json.dumps(entry.to_dict()))) == entry


def test_a_match_keeps_its_id_across_a_resume_and_a_new_match_gets_a_new_one(tmp_path, games) -> None:
    path = tmp_path / "history.json"
    HistoryStore(path).append(replace(games[0], number=1), match_seed=5)
    HistoryStore(path).append(replace(games[0], number=2), match_seed=5)  # a fresh store: the app restarted
    HistoryStore(path).append(replace(games[0], number=1), match_seed=5)  # game 1 again: another match
    first, second, third = HistoryStore(path).entries()
    assert first.match == second.match != third.match
    assert len({first.id, second.id, third.id}) == 3


def test_only_the_last_500_games_are_kept_but_the_newest_match_whole(store, games, monkeypatch) -> None:
    monkeypatch.setattr(history, "MAX_GAMES", 30)
    for n in range(1, 41):
        store.append(replace(games[n % 4], number=n % 7 + 1), match_seed=n)  # short matches
    assert len(store.entries()) == 30
    for n in range(1, 46):  # one long match: 45 games in a row
        store.append(replace(games[n % 4], number=n), match_seed=99)
    kept = HistoryStore(store.path).entries()
    assert len(kept) == 45 and {e.match for e in kept} == {kept[-1].match}


def test_the_file_never_grows_past_its_size_limit(store, games, monkeypatch) -> None:
    monkeypatch.setattr(history, "MAX_BYTES", 20_000)
    for n in range(1, 60):
        store.append(replace(games[0], number=n), match_seed=1)  # one match, so only the size limit trims
    size = store.path.stat().st_size
    assert size <= 20_000 + 200 and len(store.entries()) < 59
    assert [e.number for e in store.entries()][-1] == 59


def test_500_games_fit_in_two_megabytes(store, games) -> None:
    for n in range(1, 501):
        store.append(replace(games[n % 4], number=n % 10 + 1), match_seed=n // 10)
    assert len(store.entries()) == 500
    assert store.path.stat().st_size <= history.MAX_BYTES


def test_the_file_is_versioned_and_one_game_a_line(store, games) -> None:
    store.append(games[0], match_seed=1)
    store.append(games[1], match_seed=2)
    text = store.path.read_text(encoding="utf-8")
    doc = json.loads(text)
    assert doc["kind"] == "history" and doc["format"] == history.FORMAT and len(doc["games"]) == 2
    assert len(text.splitlines()) == 4


@pytest.mark.parametrize("content", ["{not json", "[]", '{"kind": "history", "format": 99, "games": []}',
                                     '{"kind": "stats", "format": 1}', '{"kind": "history", "format": 1}'])
def test_a_broken_file_is_set_aside_with_a_notice_and_a_new_one_begun(store, games, content) -> None:
    store.path.write_text(content, encoding="utf-8")
    notices = store.load()
    assert [n.key for n in notices] == ["notice.file_set_aside"]
    assert aside_files(store.path.parent, "history.json")[0].read_text(encoding="utf-8") == content
    assert store.entries() == []
    store.append(games[0], match_seed=1)
    assert len(HistoryStore(store.path).entries()) == 1


def test_a_damaged_game_is_left_out_and_the_rest_kept(store, games) -> None:
    for g in games:
        store.append(g, match_seed=1)
    doc = json.loads(store.path.read_text(encoding="utf-8"))
    doc["games"][1]["result"] = {"order": [0, 0], "payments": []}
    doc["games"][2]["game"] = "gone"
    original = json.dumps(doc)
    store.path.write_text(original, encoding="utf-8")
    fresh = HistoryStore(store.path)
    notices = fresh.load()
    assert [(n.key, n.fields["count"]) for n in notices] == [("notice.history_games_dropped", "2")]
    assert [e.game for e in fresh.entries()] == [games[0].game, games[3].game]
    assert aside_files(store.path.parent, "history.json")[0].read_text(encoding="utf-8") == original
    assert len(HistoryStore(store.path).entries()) == 2  # the file was rewritten without them


def test_the_profile_keeps_games_off_the_ui_thread_and_loses_nothing_else(tmp_path, games) -> None:
    paths = Paths.under(tmp_path)
    profile = Profile.load(paths)
    (paths.data / "history.json").write_text("garbage", encoding="utf-8")
    stats_before = paths.stats_file.read_bytes()
    for n, g in enumerate(games, start=1):
        profile.record_history(replace(g, number=n), match_seed=8)
    assert profile.flush(10)
    assert len(profile.history.entries()) == 4
    assert {e.match for e in profile.history.entries()} == {profile.history.entries()[0].match}
    assert [n.key for n in profile.take_notices()] == ["notice.file_set_aside"]
    assert paths.stats_file.read_bytes() == stats_before
    profile.close()


def test_recent_lists_the_newest_first(store, games) -> None:
    for n, g in enumerate(games, start=1):
        store.append(replace(g, number=n), match_seed=4)
    assert [e.number for e in store.recent(3)] == [4, 3, 2]
    entry = store.recent(1)[0]
    assert entry.place == entry.order.index(0) + 1 and entry.net == entry.payments[0]


def test_a_practice_game_finished_again_after_an_undo_replaces_its_earlier_record(store, games) -> None:
    first = replace(games[0], practice=True)
    store.append(first, match_seed=6)
    again = replace(first, payments=tuple(reversed(first.payments)), finished_at="later")  # played on differently
    store.append(again, match_seed=6)
    kept = HistoryStore(store.path).entries()
    assert len(kept) == 1 and kept[0].payments == again.payments and kept[0].finished_at == "later"
    assert kept[0].id == store.entries()[0].id


def test_another_deal_or_a_game_that_is_not_practice_is_kept_beside_the_earlier_one(store, games) -> None:
    store.append(replace(games[0], practice=True), match_seed=6)
    store.append(replace(games[0], practice=False), match_seed=6)  # the same deal played for real
    store.append(replace(games[1], practice=True), match_seed=6)  # another deal
    store.append(replace(games[1], practice=True), match_seed=7)  # the same deal in another match
    assert len(HistoryStore(store.path).entries()) == 4
