"""Every file the game reads at start-up or on demand, attacked with broken contents.

The promise tested: whatever a file holds, ``Profile.load`` (and the history's first read) never raises; a file
the game cannot use is kept whole beside the fixed one (``<name>.corrupt-<time>``) and a notice names it; the
game goes on with its defaults; and whatever the game writes afterwards reads back with no notice and never
touches the copy set aside. The files, their kinds and formats: docs/file-formats.md and ui/persist/.
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.records.history import GameEntry, new_entry
from game.review.replay import Replay
from game.rules import load_rules
from game.table.choice import MatchChoice
from tests.review.helpers import play_recorded
from tests.ui.menus.helpers import click, item
from tests.ui.persist.helpers import aside_files
from ui import i18n
from ui.menus.dialogs import Dialog
from ui.persist.files import Notice
from ui.persist.paths import Paths
from ui.persist.profile import Profile
from ui.replay.shown import ShownGame
from ui.settings_model import Settings

_ENTRY: list[GameEntry] = []


def _entry() -> GameEntry:
    """A real finished game, as the table would keep it."""
    if not _ENTRY:
        played = play_recorded("mien-nam", 40, 4)
        _ENTRY.append(new_entry(played.game, number=1, seat=0, names=["", "Lan", "Minh", "Tuấn"],
                                bots=[None, ("normal", 1), ("hard", 2), ("hard", 3)], table_bet=5))
    return _ENTRY[0]


def _history_doc() -> dict[str, Any]:
    first = {**_entry().to_dict(), "id": "7-20260101-1", "match": "7-20260101"}
    second = {**_entry().to_dict(), "id": "7-20260101-2", "match": "7-20260101", "number": 2}
    return {"kind": "history", "format": 1, "games": [first, second]}


@pytest.fixture
def make_app(paths: Paths) -> Any:
    """The app as a launch builds it, on the main menu, in English; returns (app, profile)."""
    from ui.launch import profile_app
    from ui.menus import start_scene

    def build() -> Any:
        profile = Profile.load(paths)
        profile.settings.language = "en"
        app = profile_app(profile, size=(1280, 720))
        app.push(start_scene(app, profile))
        return app, profile

    yield build
    i18n.set_language("vi")


FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# -- one valid file of each kind ------------------------------------------------------------------------------


def _settings_doc() -> dict[str, Any]:
    values = Settings(language="en", volume=0.4, animation_speed=1.5, card_back="blue", auto_pass=True).to_dict()
    return {"kind": "settings", "format": 1, "values": values}


def _choice_doc() -> dict[str, Any]:
    values = {"variant": "dem-la", "opponents": ["easy", "hard"], "table_bet": 5, "starting_chips": 500,
              "house_rules": {"dem-la": {"first_lead": "host"}, "mien-nam": {"quad_beats_pair_of_twos": False}}}
    return {"kind": "new-match", "format": 1, "values": values}


def _stats_doc() -> dict[str, Any]:
    body = {"games": 3, "wins": 1, "places": [1, 1, 1, 0], "places_by_size": {"3": [1, 1, 1]}, "chips_won": 4.0,
            "chips_lost": 2.5, "bombs": 1, "instant_wins": 0, "cong": 0, "quits": 0, "streak": 0, "best_streak": 1,
            "chip_total": 1.5, "history": [2.0, -0.5, 1.5]}
    return {"kind": "stats", "format": 1, "variants": {"mien-nam": body}}


def _save_doc() -> dict[str, Any]:
    match = Match(load_rules("mien-nam"), 3, seed=77)
    game = match.start_game()
    for _ in range(5):
        legal = game.legal_moves()
        game.play(legal[0]) if legal else game.pass_turn()
    setup = {"variant": "mien-nam", "opponents": ["easy", "hard"], "table_bet": 2, "starting_chips": 1000,
             "house_rules": {}}
    return {"kind": "match-save", "format": 2, "saved_at": "2026-01-01T10:00:00", "app_version": "0.1.0",
            "setup": setup, "match": match.to_dict()}


#: file name -> (where it lives, a valid document)
FILES = {
    "settings.json": ("config", _settings_doc),
    "new_match.json": ("config", _choice_doc),
    "stats.json": ("data", _stats_doc),
    "match-save.json": ("data", _save_doc),
    "history.json": ("data", _history_doc),
}
_VALID: dict[str, bytes] = {}


def valid_bytes(name: str) -> bytes:
    if name not in _VALID:
        _VALID[name] = json.dumps(FILES[name][1](), ensure_ascii=False, indent=1).encode("utf-8")
    return _VALID[name]


def file_path(paths: Paths, name: str) -> Path:
    return (paths.config if FILES[name][0] == "config" else paths.data) / name


def fresh_paths(tmp_path_factory: Any) -> Paths:
    paths = Paths.under(tmp_path_factory.mktemp("home"))
    paths.ensure()
    return paths


# -- the attack and what must hold after it -------------------------------------------------------------------


def _names(notice: Notice, name: str) -> bool:
    return name in notice.fields.get("file", "")


def start_and_play(paths: Paths) -> tuple[Profile, list[Notice]]:
    """A start-up, a look at the recent games, then every kind of write the game makes; returns the notices."""
    profile = Profile.load(paths)
    notices = profile.take_notices()
    for entry in profile.history.entries():  # Statistics → Recent games, then choosing each game
        with contextlib.suppress(ValueError):  # "this game cannot be opened": a message, not a crash
            ShownGame.from_entry(entry, profile.catalogue)
    for vid, rules in profile.choice.house_rules.items():  # New match → Start with any remembered variant
        if vid in profile.catalogue.variants:
            profile.catalogue.load(vid, dict(rules))
    if profile.saved is not None:  # Continue: the match goes on and is saved after a move
        match = profile.saved.match
        game = match.current or match.start_game()
        if not game.is_over:
            legal = game.legal_moves()
            game.play(legal[0]) if legal else game.pass_turn()
        profile.save_match(profile.saved.choice, match)
    profile.save_settings()
    profile.save_stats()
    profile.remember_choice(profile.choice)
    profile.record_history(_entry(), match_seed=9)
    profile.flush()
    profile.close()
    return profile, notices + profile.take_notices()


def attack(paths: Paths, name: str, data: bytes) -> tuple[Profile, list[Notice]]:
    """Write ``data`` as ``name``, start the game and play on; check the promise; returns what start-up gave."""
    target = file_path(paths, name)
    target.write_bytes(data)
    profile, notices = start_and_play(paths)
    assert [n for n in notices if n.key == "notice.write_failed"] == [], notices
    kept = aside_files(target.parent, name)
    told = [n for n in notices if _names(n, name)]
    if kept:  # a file the game could not use whole is kept as it was found, and the player is told
        assert [p.read_bytes() for p in kept] == [data]
        assert told and all(n.fields.get("kept") == kept[0].name for n in told), notices
    else:  # used as it was: nothing to tell
        assert told == [], notices
    again = Profile.load(paths, write_back=False)  # what the game wrote is a file it reads back whole
    again.history.entries()
    assert again.take_notices() == []
    again.close()
    assert [p.read_bytes() for p in aside_files(target.parent, name)] == ([data] if kept else [])
    return profile, notices


def test_every_valid_file_loads_without_a_notice(tmp_path_factory):
    for name in FILES:
        profile, notices = attack(fresh_paths(tmp_path_factory), name, valid_bytes(name))
        assert notices == [], name
    assert profile.settings is not None


# -- whole-file damage ---------------------------------------------------------------------------------------

WHOLE: dict[str, bytes] = {
    "empty": b"",
    "blank": b" \n\t\r\n",
    "binary": bytes(range(256)) * 4,
    "NUL bytes": b"\x00" * 64,
    "invalid UTF-8": b'{"kind": "x\xff\xfe", "format": 1}',
    "UTF-16": '{"kind": "settings", "format": 1, "values": {}}'.encode("utf-16"),
    "a list": b"[1, 2, 3]",
    "a number": b"42",
    "a string": b'"settings"',
    "null": b"null",
    "true": b"true",
    "NaN": b"NaN",
    "a 5000-digit number": b"9" * 5000,
    "nested 100,000 deep": b"[" * 100_000 + b"]" * 100_000,
    "an object nested 100,000 deep": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "two objects": b'{"kind": "x"} {"kind": "y"}',
    "trailing comma": b'{"format": 1,}',
    "single quotes": b"{'format': 1}",
    "a lone surrogate key": b'{"\\ud800": 1}',
}


@pytest.mark.parametrize("name", list(FILES))
@pytest.mark.parametrize("damage", list(WHOLE))
def test_a_damaged_file_is_set_aside_whole_and_the_game_starts_with_defaults(tmp_path_factory, name, damage):
    profile, notices = attack(fresh_paths(tmp_path_factory), name, WHOLE[damage])
    assert [n.key for n in notices if _names(n, name)] == ["notice.file_set_aside"]
    assert profile.stats is not None and profile.choice is not None


def _header(name: str, **changes: Any) -> bytes:
    doc = json.loads(valid_bytes(name))
    doc.update(changes)
    return json.dumps({k: v for k, v in doc.items() if v is not _GONE}).encode()


_GONE = object()
HEADERS: dict[str, dict[str, Any]] = {
    "a format from the future": {"format": 99},
    "a format from the past": {"format": 0},
    "a negative format": {"format": -1},
    "a format of 400 digits": {"format": 10**400},
    "a text format": {"format": "1"},
    "a float format": {"format": 1.0},
    "a true format": {"format": True},
    "a null format": {"format": None},
    "no format": {"format": _GONE},
    "another kind": {"kind": "something-else"},
    "a null kind": {"kind": None},
    "a list kind": {"kind": ["settings"]},
}


@pytest.mark.parametrize("name", list(FILES))
@pytest.mark.parametrize("header", list(HEADERS))
def test_a_file_of_another_kind_or_format_is_set_aside(tmp_path_factory, name, header):
    _, notices = attack(fresh_paths(tmp_path_factory), name, _header(name, **HEADERS[header]))
    assert [n.key for n in notices if _names(n, name)] == ["notice.file_set_aside"]


@pytest.mark.parametrize("name", list(FILES))
def test_a_truncated_file_is_set_aside_at_every_cut(tmp_path_factory, name):
    data = valid_bytes(name).rstrip()
    cuts = sorted({*range(1, 12), *range(12, len(data), max(1, len(data) // 16)), len(data) - 1})
    for cut in cuts:
        if not data[:cut].strip():
            continue  # nothing left but blanks: tested as "empty"
        _, notices = attack(fresh_paths(tmp_path_factory), name, data[:cut])
        assert [n.key for n in notices if _names(n, name)] == ["notice.file_set_aside"], cut


# -- one field at a time -------------------------------------------------------------------------------------

BAD_VALUES: list[Any] = ["x", {}, [], None, True, -1, 1.5, 10**400, math.nan, -math.inf, "\ud800"]


def field_paths(doc: Any, path: tuple[Any, ...] = (), depth: int = 6) -> list[tuple[Any, ...]]:
    """The path of every field (lists: their first and last items), down to ``depth``."""
    out: list[tuple[Any, ...]] = []
    if depth == 0:
        return out
    if isinstance(doc, dict):
        keys: Any = list(doc)
    elif isinstance(doc, list):
        keys = sorted({0, len(doc) - 1}) if doc else []
    else:
        return out
    for key in keys:
        out.append(path + (key,))
        out += field_paths(doc[key], path + (key,), depth - 1)
    return out


def with_field(name: str, path: tuple[Any, ...], value: Any) -> bytes:
    doc = json.loads(valid_bytes(name))
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is _GONE:
        del node[path[-1]]
    else:
        node[path[-1]] = copy.deepcopy(value)
    return json.dumps(doc).encode()  # NaN and Infinity as Python writes them; "\ud800" as a \u escape


def _check_loaded(name: str, profile: Profile) -> None:
    """What was taken from a file is something the game can use."""
    if name == "settings.json":
        s, d = profile.settings, Settings()
        for field, default in d.to_dict().items():
            assert type(getattr(s, field)) is type(default), field
        assert 0 <= s.volume <= 1 and s.language in ("vi", "en")
    if name == "new_match.json":
        c = profile.choice
        assert c.variant in profile.catalogue.variants and 1 <= len(c.opponents) <= 3
    if name == "stats.json":
        for v in profile.stats.variants.values():
            assert v.games >= 0 and len(v.places) == 4 and all(math.isfinite(x) for x in v.history)


@pytest.mark.parametrize("name", list(FILES))
def test_each_field_with_a_wrong_value_or_missing(tmp_path_factory, name):
    """Every field of every file, given each hostile value in turn (and removed)."""
    paths_list = field_paths(json.loads(valid_bytes(name)))
    if name in ("match-save.json", "history.json"):
        # the recorded games are long; their fields are attacked by the fuzz test below
        paths_list = [p for p in paths_list if len(p) <= 3 and p[-1] != "current" or p[-1] in ("hands", "leader")]
        paths_list = [p for p in paths_list if p[:2] != ("games", 1)]  # the second game is the first's twin
    values = BAD_VALUES + [_GONE]
    for path in paths_list:
        for value in values:
            profile, _ = attack(fresh_paths(tmp_path_factory), name, with_field(name, path, value))
            _check_loaded(name, profile)


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.sampled_from([10**400, -1]),
                        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8),
                        st.sampled_from(["\ud800", "3s", "2h 2d", "mien-nam", "nope", "play", "pass"]))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=8)


@pytest.mark.parametrize("name", list(FILES))
def test_fuzzed_fields_anywhere_in_the_file(tmp_path_factory, name):
    every = field_paths(json.loads(valid_bytes(name)), depth=8)

    @FUZZ
    @given(path=st.sampled_from(every), value=_json_values())
    def run(path, value):
        profile, _ = attack(fresh_paths(tmp_path_factory), name, with_field(name, path, value))
        _check_loaded(name, profile)

    run()


@pytest.mark.parametrize("name", list(FILES))
def test_extra_fields_are_ignored_not_fatal(tmp_path_factory, name):
    doc = json.loads(valid_bytes(name))
    doc["from_a_newer_game"] = {"x": [1, 2]}
    _, notices = attack(fresh_paths(tmp_path_factory), name, json.dumps(doc).encode())
    assert notices == []


# -- the game records inside the save and the history --------------------------------------------------------

RECORD_DAMAGE: dict[str, tuple[str, Any]] = {
    "a card that does not exist": ("hands", lambda h: ["Zz " + h[0].split(" ", 1)[1]] + h[1:]),
    "a card twice": ("hands", lambda h: [h[0].split()[0] + " " + h[0]] + h[1:]),
    "a hand of 14": ("hands", lambda h: [h[0] + " " + h[1].split()[0], h[1].split(" ", 1)[1]] + h[2:]),
    "five hands": ("hands", lambda h: h + [h[0]]),
    "one hand": ("hands", lambda h: h[:1]),
    "a seat that does not exist": ("actions", lambda a: [["play", 7, "3s"]] + a),
    "a negative seat": ("actions", lambda a: [["pass", -1]] + a),
    "an unknown action": ("actions", lambda a: [["cheat", 0, "2h"]] + a),
    "an impossible play": ("actions", lambda a: [[a[0][0], a[0][1], "2h 2d 2c 2s"]] + a[1:]),
    "a play out of turn": ("actions", lambda a: [a[1]] + a),
    "an action that is a number": ("actions", lambda a: [5] + a),
    "an infinite leader": ("leader", lambda _: math.inf),
    "a leader out of range": ("leader", lambda _: 9),
    "a variant that does not exist": ("variant", lambda _: "no-such-variant"),
    "a must-play card not held": ("must_contain", lambda _: "Xx"),
}


@pytest.mark.parametrize("damage", list(RECORD_DAMAGE))
def test_a_damaged_game_in_the_match_save_sets_the_save_aside(tmp_path_factory, damage):
    field, change = RECORD_DAMAGE[damage]
    doc = json.loads(valid_bytes("match-save.json"))
    current = doc["match"]["current"]
    current[field] = change(current[field])
    profile, notices = attack(fresh_paths(tmp_path_factory), "match-save.json", json.dumps(doc).encode())
    assert profile.saved is None
    assert [n.key for n in notices if _names(n, "match-save.json")] == ["notice.file_set_aside"]


@pytest.mark.parametrize("damage", list(RECORD_DAMAGE))
def test_a_damaged_game_in_the_history_cannot_stop_the_recent_games(tmp_path_factory, damage):
    field, change = RECORD_DAMAGE[damage]
    doc = json.loads(valid_bytes("history.json"))
    game = doc["games"][0]["game"]
    game[field] = change(game[field])
    paths = fresh_paths(tmp_path_factory)
    attack(paths, "history.json", json.dumps(doc).encode())
    profile = Profile.load(paths)
    shown = []
    for entry in profile.history.entries():
        try:
            shown.append(ShownGame.from_entry(entry, profile.catalogue))
        except ValueError:
            continue
    profile.close()
    for game in shown:  # a game the list offers to replay can be replayed
        Replay(game.record, game.rules)


# -- not a file at all ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(FILES))
def test_a_folder_where_a_file_should_be_never_stops_the_game(tmp_path_factory, name):
    paths = fresh_paths(tmp_path_factory)
    folder = file_path(paths, name)
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    profile = Profile.load(paths)
    notices = profile.take_notices()
    profile.history.entries()
    notices += profile.take_notices()
    profile.close()
    assert any(_names(n, name) for n in notices), notices
    kept = [folder, *aside_files(folder.parent, name)]
    assert any((f / "keep.txt").is_file() and (f / "keep.txt").read_text() == "mine" for f in kept)


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file; POSIX permissions")
@pytest.mark.parametrize("name", list(FILES))
def test_an_unreadable_file_is_reported_and_left_alone(tmp_path_factory, name):
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, name)
    target.write_bytes(valid_bytes(name))
    target.chmod(0)
    try:
        profile = Profile.load(paths)
        profile.history.entries()
        profile.close()
    finally:
        target.chmod(0o600)
    assert target.read_bytes() == valid_bytes(name) or aside_files(target.parent, name)


# -- the copy set aside survives what comes next -------------------------------------------------------------


def test_the_copies_set_aside_survive_a_whole_session_and_a_second_bad_file(tmp_path_factory):
    paths = fresh_paths(tmp_path_factory)
    for name in FILES:
        file_path(paths, name).write_bytes(b"{broken " + name.encode())
    profile, notices = start_and_play(paths)
    assert {n.fields["file"] for n in notices if n.key == "notice.file_set_aside"} == set(FILES)
    match = profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=3)  # a whole new match, saved
    profile.save_match(profile.choice, match)
    profile.close()
    for name in FILES:  # the same damage again: a second copy, the first untouched
        file_path(paths, name).write_bytes(b"{broken again")
    start_and_play(paths)
    for name in FILES:
        kept = sorted(p.read_bytes() for p in aside_files(file_path(paths, name).parent, name))
        assert kept == sorted([b"{broken " + name.encode(), b"{broken again"]), name


# -- defects found by the attacks, each kept as its own test -------------------------------------------------


def test_a_broken_history_first_read_by_recent_games_is_reported(paths: Paths) -> None:
    history = paths.data / "history.json"
    history.write_bytes(b'{"kind": "history", "format": 1, "games": [')
    profile = Profile.load(paths)
    assert profile.take_notices() == []
    assert profile.history.recent() == []  # Statistics -> Recent games reads the file first
    notices = profile.take_notices()
    assert [(n.key, n.fields["file"]) for n in notices] == [("notice.file_set_aside", "history.json")]
    assert [p.read_bytes() for p in aside_files(paths.data, "history.json")] == [b'{"kind": "history", '
                                                                                 b'"format": 1, "games": [']
    assert profile.take_notices() == []  # told once
    profile.close()


#: a game in the history with one value Python reads but cannot use: (field path, the JSON text put there)
UNUSABLE_GAMES = {
    "a payment of 400 digits": (("result", "payments", 1), "1" + "0" * 400),
    "an infinite payment": (("result", "payments", 1), "Infinity"),
    "a NaN payment": (("result", "payments", 1), "NaN"),
    "an infinite game number": (("number",), "1e400"),
    "an infinite table bet": (("table_bet",), "-Infinity"),
    "an infinite bot seed": (("bots", 1, 1), "1e999"),
    "a NaN leader in the record": (("game", "leader"), "NaN"),
    "a lone surrogate in the record": (("game", "variant_note"), '"\\udfff"'),
}


@pytest.mark.parametrize("case", list(UNUSABLE_GAMES))
def test_a_history_game_with_a_number_or_text_python_cannot_use_is_left_out(paths: Paths, case: str) -> None:
    (*where, last), text = UNUSABLE_GAMES[case]
    doc = _history_doc()
    node: Any = doc["games"][0]
    for key in where:
        node = node[key]
    node[last] = "@@HERE@@"
    data = json.dumps(doc, ensure_ascii=False).replace('"@@HERE@@"', text).encode("utf-8")
    (paths.data / "history.json").write_bytes(data)
    profile = Profile.load(paths)
    assert [e.number for e in profile.history.entries()] == [2]  # the damaged game is left out, the other kept
    profile.record_history(_entry(), match_seed=9)  # and the next finished game is kept as ever
    profile.flush()
    notices = profile.take_notices()
    assert [(n.key, n.fields.get("count")) for n in notices] == [("notice.history_games_dropped", "1")]
    assert [p.read_bytes() for p in aside_files(paths.data, "history.json")] == [data]
    profile.close()
    again = Profile.load(paths)
    assert [e.number for e in again.history.entries()] == [2, 1] and again.take_notices() == []
    again.close()


def test_damaged_history_games_are_never_written_over_while_they_cannot_be_copied_aside(paths, monkeypatch) -> None:
    import ui.persist.history as history

    doc = _history_doc()
    doc["games"][0]["result"]["payments"][1] = "@@"
    data = json.dumps(doc, ensure_ascii=False).replace('"@@"', "NaN").encode("utf-8")
    (paths.data / "history.json").write_bytes(data)
    real_copy = history.shutil.copyfile

    def full_disk(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(history.shutil, "copyfile", full_disk)
    profile = Profile.load(paths)
    assert [e.number for e in profile.history.entries()] == [2]  # Recent games opens with the good game
    notices = profile.take_notices()
    assert [(n.key, n.fields["count"], n.fields["why"]) for n in notices] == [
        ("notice.history_games_kept", "1", "disk_full")]  # fmt: skip
    profile.record_history(_entry(), match_seed=9)  # a game finished while the disk is still full
    profile.flush()
    assert [n.key for n in profile.take_notices()] == ["notice.write_failed"]
    assert (paths.data / "history.json").read_bytes() == data and aside_files(paths.data, "history.json") == []
    monkeypatch.setattr(history.shutil, "copyfile", real_copy)  # room again: the next game copies the file first
    profile.record_history(_entry(), match_seed=9)
    profile.flush()
    assert [(n.key, n.fields.get("count")) for n in profile.take_notices()] == [("notice.history_games_dropped", "1")]
    assert [p.read_bytes() for p in aside_files(paths.data, "history.json")] == [data]
    profile.close()
    again = Profile.load(paths)
    assert [e.number for e in again.history.entries()] == [2, 1] and again.take_notices() == []
    again.close()


#: a kept game whose record or house rules were damaged on disk: (what is changed, how)
DAMAGED_GAMES: dict[str, tuple[str, Any]] = {
    "a card that does not exist": ("hands", lambda g: ["Zz " + g["hands"][0].split(" ", 1)[1], *g["hands"][1:]]),
    "a card twice": ("hands", lambda g: [g["hands"][0].split()[0] + " " + g["hands"][0], *g["hands"][1:]]),
    "a seat that does not exist": ("actions", lambda g: [["play", 7, "3s"], *g["actions"]]),
    "a play out of turn": ("actions", lambda g: [g["actions"][1], *g["actions"]]),
    "an impossible play": ("actions", lambda g: [["play", g["actions"][0][1], "2h 2d 2c 2s"], *g["actions"][1:]]),
    "a leader of 400 digits": ("leader", lambda g: 10**400),
    "a house rule with no name": ("house_rules", lambda g: {"": True}),
}


@pytest.mark.parametrize("case", list(DAMAGED_GAMES))
def test_recent_games_says_a_damaged_game_cannot_be_opened_instead_of_stopping(make_app, paths, case) -> None:
    from ui.replay.recent_scene import RecentGamesScene
    from ui.replay.scene import ReplayScene

    field, change = DAMAGED_GAMES[case]
    doc = _history_doc()
    damaged = doc["games"][0]
    if field == "house_rules":
        damaged["house_rules"] = change(damaged["game"])
    else:
        damaged["game"][field] = change(damaged["game"])
    (paths.data / "history.json").write_text(json.dumps(doc), encoding="utf-8")
    app, profile = make_app()
    app.step(1 / 30)
    app.push(RecentGamesScene(app, profile))
    scene = app.top
    while scene.loading:  # read on a thread of its own
        app.step(1 / 30)
    assert [i.name for i in scene.items] == ["game0", "game1", "back"]  # newest first: the damaged one is last
    assert item(scene, "game1").label().endswith("· cannot be opened")  # said in the list, before it is chosen
    assert "cannot" not in item(scene, "game0").label()
    assert item(scene, "game1").muted() and not item(scene, "game0").muted()  # drawn greyed out, still chosen
    click(app, item(scene, "game1"))
    assert isinstance(app.top, Dialog) and "cannot be opened" in app.top.message()
    assert len(app.top.items) == 1  # only "Back": no replay or review to fail
    click(app, app.top.items[0])
    click(app, item(scene, "game0"))  # the undamaged game still opens
    click(app, app.top.items[0])
    assert isinstance(app.top, ReplayScene)
    profile.close()


#: remembered house rules (new_match.json) the rules refuse: (the variant chosen last, the house rules kept)
REFUSED_HOUSE_RULES: dict[str, tuple[str, dict[str, Any]]] = {
    "a house rule with no name, for the variant chosen last": ("mien-nam", {"mien-nam": {"": "1"}}),
    "a house rule with no name, for another variant": ("mien-nam", {"dem-la": {"": True}}),
    "an unknown field, for another variant": ("mien-nam", {"dem-la": {"prices.quadd": "1"}}),
    "a bad value, for another variant": ("dem-la", {"mien-nam": {"first_lead": "youngest"}}),
}


@pytest.mark.parametrize("case", list(REFUSED_HOUSE_RULES))
def test_remembered_house_rules_the_rules_refuse_never_stop_a_new_match(paths: Paths, case: str) -> None:
    chosen, house_rules = REFUSED_HOUSE_RULES[case]
    doc = {"kind": "new-match", "format": 1, "values": {"variant": chosen, "house_rules": house_rules}}
    paths.new_match_file.write_text(json.dumps(doc), encoding="utf-8")
    profile = Profile.load(paths)
    (refused,) = house_rules
    assert [(n.key, n.fields["variant"]) for n in profile.take_notices()] == [("notice.house_rules_dropped", refused)]
    for vid in ("mien-nam", "dem-la"):  # New match -> either variant -> Start
        match = profile.new_match(MatchChoice(vid, ("easy",), house_rules=profile.choice.house_rules), seed=5)
        assert match.rules.id == vid
    assert profile.choice.house_rules == {}
    profile.close()


def _small_save(house_rules: dict[str, Any]) -> dict[str, Any]:
    match = Match(load_rules("mien-nam"), 2, seed=77)
    match.start_game()
    setup = {"variant": "mien-nam", "opponents": ["easy"], "table_bet": 1, "starting_chips": 1000,
             "house_rules": house_rules}
    return {"kind": "match-save", "format": 2, "saved_at": "", "app_version": "", "setup": setup,
            "match": match.to_dict()}


#: files holding a lone surrogate (a \\ud800 escape) where the game keeps the text and writes it back
HALF_CHARACTERS: dict[str, tuple[str, dict[str, Any]]] = {
    "stats.json": ("data", {"kind": "stats", "format": 1, "variants": {"mine\ud800": {"games": 1, "wins": 1,
                                                                                     "places": [1, 0, 0, 0]}}}),
    "new_match.json": ("config", {"kind": "new-match", "format": 1,
                                  "values": {"house_rules": {"gone\udc00": {"den_bai": True}}}}),
    "match-save.json": ("data", _small_save({"gone\ud800": {"den_bai": True}})),
}


@pytest.mark.parametrize("name", list(HALF_CHARACTERS))
def test_a_file_with_half_a_character_is_set_aside_not_kept_and_never_saved_again(paths: Paths, name: str) -> None:
    folder, doc = HALF_CHARACTERS[name]
    data = json.dumps(doc).encode()  # ensure_ascii: the lone surrogate is written as a \\u escape
    assert b"\\ud800" in data or b"\\udc00" in data
    path = getattr(paths, folder) / name
    path.write_bytes(data)
    profile = Profile.load(paths)
    notices = profile.take_notices()
    assert [(n.key, n.fields["file"]) for n in notices] == [("notice.file_set_aside", name)]
    assert "half a character" in notices[0].fields["reason"]
    profile.record_game(MatchChoice("mien-nam", ("easy",)), _entry_result(), seat=0)  # the game writes on
    profile.remember_choice(profile.choice)
    profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=3)
    profile.close()
    assert profile.take_notices() == []  # no "could not write"
    assert [p.read_bytes() for p in aside_files(path.parent, name)] == [data]
    again = Profile.load(paths)
    assert again.take_notices() == [] and again.stats.for_variant("mien-nam").games == 1
    again.close()


def _entry_result() -> Any:
    return play_recorded("mien-nam", 40, 2).game.result


def test_a_400_digit_number_in_the_settings_resets_that_value_only(paths: Paths) -> None:
    text = '{"kind": "settings", "format": 1, "values": {"language": "en", "card_back": "blue", "volume": 1%s}}'
    data = (text % ("0" * 400)).encode()
    paths.settings_file.write_bytes(data)
    profile = Profile.load(paths)
    notices = profile.take_notices()
    assert [(n.key, n.fields["fields"]) for n in notices] == [("notice.values_reset", "volume")]
    assert (profile.settings.language, profile.settings.card_back, profile.settings.volume) == ("en", "blue", 0.7)
    assert [p.read_bytes() for p in aside_files(paths.config, "settings.json")] == [data]
    profile.close()


def test_statistics_with_amounts_no_game_could_reach_are_set_aside_not_drawn(make_app, paths: Paths) -> None:
    from ui.menus.stats_screen import StatsScene

    body = {"games": 3, "wins": 1, "places": [1, 1, 1, 0], "chips_won": 1.7e308, "chip_total": 1.7e308,
            "history": [1.7e308, -1.7e308, 1.7e308]}  # finite, but the chart's range overflows
    data = json.dumps({"kind": "stats", "format": 1, "variants": {"mien-nam": body}}).encode()
    paths.stats_file.write_bytes(data)
    app, profile = make_app()
    assert [n.key for n in profile.take_notices()] == ["notice.file_set_aside"]
    assert [p.read_bytes() for p in aside_files(paths.data, "stats.json")] == [data]
    app.push(StatsScene(app, profile))
    for _ in range(3):
        app.step(1 / 30)
    profile.close()
