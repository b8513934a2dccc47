"""A game history written to break the game: hostile names are cleaned on load and save, a huge file is read
only at its end, the file never loses games without a copy and a notice, and Recent games reads it off the
UI thread."""

from __future__ import annotations

import json
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from game.records.history import GameEntry, entry_from_dict, new_entry
from tests.review.helpers import play_recorded
from tests.ui.menus.helpers import click, item
from tests.ui.persist.helpers import aside_files
from ui.menus.dialogs import Dialog
from ui.persist import history, history_read
from ui.persist.history import HistoryStore
from ui.persist.history_read import encode

HOSTILE_NAMES = ["", "\u200bLan", "\u202eMinh", "\x00Tuấn"]


@pytest.fixture(scope="module")
def game_entry() -> GameEntry:
    game = play_recorded("mien-nam", 2, 4, levels="normal").game
    return new_entry(game, number=1, seat=0, names=["", "Lan", "Minh", "Tuấn"],
                     bots=[None, ("normal", 1), ("normal", 2), ("normal", 3)])  # fmt: skip


def _write_games(path: Path, entries: list[GameEntry]) -> None:
    """A history file as the game writes it, one game a line, with whatever the entries hold."""
    lines = [json.dumps(e.to_dict(), ensure_ascii=False, separators=(",", ":")) for e in entries]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"kind": "history", "format": 1, "games": [\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")


def _numbered(entry: GameEntry, count: int) -> list[GameEntry]:
    return [replace(entry, id=f"{n}-m-1", match=f"{n}-m", number=1) for n in range(count)]


def test_names_that_broke_the_replay_are_cleaned_on_load(tmp_path, game_entry) -> None:
    path = tmp_path / "history.json"
    long_name = ("", "x" * 2_000_000)
    _write_games(path, [replace(game_entry, names=tuple(HOSTILE_NAMES)), replace(game_entry, names=long_name)])
    hostile, huge = HistoryStore(path).entries()
    assert hostile.names == ("", "Lan", "Minh", "Tuấn")
    assert huge.names == ("", "x" * 24)


def test_a_lone_surrogate_in_a_name_is_cleaned_and_the_game_kept(tmp_path, game_entry) -> None:
    path = tmp_path / "history.json"
    _write_games(path, [game_entry])
    path.write_text(path.read_text(encoding="utf-8").replace('"Lan"', '"\\ud800Lan"'), encoding="utf-8")
    store = HistoryStore(path)
    assert store.load() == [] and store.entries()[0].names[1] == "Lan"
    store.append(replace(game_entry, number=2), match_seed=1)  # and the file can be written back
    assert [e.names[1] for e in HistoryStore(path).entries()] == ["Lan", "Lan"]


def test_names_are_cleaned_on_save(game_entry) -> None:
    game = play_recorded("mien-nam", 2, 4, levels="normal").game
    entry = new_entry(game, number=1, seat=0, names=HOSTILE_NAMES)
    assert entry.names == ("", "Lan", "Minh", "Tuấn")


def test_a_2mb_name_costs_no_game_when_the_next_one_is_kept(tmp_path, game_entry) -> None:
    path = tmp_path / "history.json"
    games = _numbered(game_entry, 55)
    games[30] = replace(games[30], names=("", "x" * 2_000_000, "Minh", "Tuấn"))
    _write_games(path, games)
    store = HistoryStore(path)
    assert store.append(replace(game_entry, number=1), match_seed=9) == []
    kept = HistoryStore(path).entries()
    assert len(kept) == 56 and kept[30].names[1] == "x" * 24  # the 55 games and the new one
    assert path.stat().st_size < 200_000


def test_the_history_never_shrinks_without_the_dropped_games_set_aside(tmp_path, game_entry, monkeypatch) -> None:
    path = tmp_path / "history.json"
    _write_games(path, _numbered(game_entry, 31))
    monkeypatch.setattr(history, "MAX_GAMES", 10)
    store = HistoryStore(path)
    notices = store.append(replace(game_entry, number=1), match_seed=9)
    assert [n.key for n in notices] == ["notice.history_trimmed"] and notices[0].fields["count"] == "22"
    dropped = aside_files(tmp_path, "history.json", "dropped")
    assert len(dropped) == 1
    kept, aside = HistoryStore(path).entries(), HistoryStore(dropped[0]).entries()
    assert len(kept) == 10 and len(aside) == 22
    assert [e.id for e in aside + kept][:31] == [f"{n}-m-1" for n in range(31)]  # every game, in order
    assert store.append(replace(game_entry, number=1), match_seed=10) == []  # one in, one out: no notice
    assert len(HistoryStore(path).entries()) == 10 and len(aside_files(tmp_path, "history.json", "dropped")) == 1


def test_when_the_dropped_games_cannot_be_set_aside_none_are_dropped(tmp_path, game_entry, monkeypatch) -> None:
    path = tmp_path / "history.json"
    _write_games(path, _numbered(game_entry, 31))
    monkeypatch.setattr(history, "MAX_GAMES", 10)
    writes = history.atomic_write_text

    def full_disk_for_the_copy(target: Path, text: str) -> None:
        if ".dropped-" in target.name:
            raise OSError(28, "No space left on device")
        writes(target, text)

    monkeypatch.setattr(history, "atomic_write_text", full_disk_for_the_copy)
    assert HistoryStore(path).append(replace(game_entry, number=1), match_seed=9) == []
    assert len(HistoryStore(path).entries()) == 32


def test_a_huge_history_is_read_only_at_its_end_and_set_aside_whole(tmp_path, game_entry, monkeypatch) -> None:
    path = tmp_path / "history.json"
    count = history_read.MAX_READ_BYTES // len(encode(game_entry)) + 1000  # past the cap: about 4,300 games
    _write_games(path, _numbered(game_entry, count))
    original = path.read_bytes()
    checked: list[int] = []
    monkeypatch.setattr(history_read, "entry_from_dict", lambda data: checked.append(1) or entry_from_dict(data))
    store = HistoryStore(path)
    notices = store.load()
    assert [n.key for n in notices] == ["notice.history_too_big"] and notices[0].fields["count"] == "500"
    assert len(checked) <= history.MAX_GAMES + 1  # only the newest games are read, not the thousands before
    assert [e.id for e in store.entries()] == [f"{n}-m-1" for n in range(count - 500, count)]
    assert [p.read_bytes() for p in aside_files(tmp_path, "history.json", "too-big")] == [original]
    assert len(HistoryStore(path).entries()) == 500  # written back: the next start reads it at once


def test_a_huge_file_that_is_no_history_is_set_aside(tmp_path) -> None:
    path = tmp_path / "history.json"
    path.write_bytes(b"x" * (history_read.MAX_READ_BYTES + 1))
    notices = HistoryStore(path).load()
    assert [n.key for n in notices] == ["notice.file_set_aside"] and aside_files(tmp_path, "history.json")


def test_recent_games_reads_the_history_off_the_ui_thread(make_app, paths, game_entry, monkeypatch) -> None:
    from ui.replay.recent_scene import RecentGamesScene

    _write_games(paths.data / "history.json", _numbered(game_entry, 3))
    app, profile = make_app("en")
    go, readers = threading.Event(), []
    load = HistoryStore._load

    def slow_load(store: HistoryStore):
        readers.append(threading.current_thread())
        assert go.wait(10)
        return load(store)

    monkeypatch.setattr(HistoryStore, "_load", slow_load)
    app.push(RecentGamesScene(app, profile))
    scene = app.top
    for _ in range(5):  # the window keeps answering while the file is read
        app.step(1 / 30)
    assert scene.loading and app.animating() and [i.name for i in scene.items] == ["back"]
    go.set()
    for _ in range(3000):  # the reader runs on its own thread: give it real time on a busy machine (≤ 30 s)
        if not scene.loading:
            break
        app.step(1 / 30)
        time.sleep(0.01)
    assert readers and threading.main_thread() not in readers
    assert [i.name for i in scene.items] == ["game0", "game1", "game2", "back"] and not app.animating()
    profile.close()


def test_a_game_with_hostile_names_replays(make_app, paths, game_entry) -> None:
    from ui.replay.recent_scene import RecentGamesScene
    from ui.replay.scene import ReplayScene

    _write_games(paths.data / "history.json", [replace(game_entry, names=tuple(HOSTILE_NAMES))])
    for names in (HOSTILE_NAMES, ["", "\u200b", "\u202e", "x" * 2_000_000]):
        _write_games(paths.data / "history.json", [replace(game_entry, names=tuple(names))])
        app, profile = make_app("en")
        app.push(RecentGamesScene(app, profile))
        scene = app.top
        while scene.loading:
            app.step(1 / 30)
        click(app, item(scene, "game0"))
        assert isinstance(app.top, Dialog)
        click(app, app.top.items[0])
        assert isinstance(app.top, ReplayScene)
        for _ in range(60):
            app.step(1 / 30)
        app.draw()
        profile.close()

