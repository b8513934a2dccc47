from __future__ import annotations

import json

from tests.ui.persist.helpers import aside_files
from ui.persist.files import read_versioned, write_versioned
from ui.persist.paths import Paths


def _validate(data):
    if not isinstance(data.get("n"), int):
        raise ValueError("n should be a number")
    return data["n"]


def test_paths_default_uses_platformdirs_for_the_app_id(monkeypatch):
    monkeypatch.delenv("TIENLEN_HOME", raising=False)
    p = Paths.default()
    assert "tienlen" in str(p.config).lower() and "tienlen" in str(p.data).lower()


def test_paths_under_a_test_folder_keep_every_file_inside_it(tmp_path):
    p = Paths.under(tmp_path)
    for f in (p.settings_file, p.stats_file, p.save_file, p.new_match_file, p.user_rules_file):
        assert tmp_path in f.parents


def test_written_file_carries_kind_and_format_and_reads_back(tmp_path):
    path = tmp_path / "x.json"
    write_versioned(path, "thing", 3, {"n": 5})
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == 3
    assert read_versioned(path, "thing", 3, {}, _validate).value == 5
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temp file left behind


def test_missing_file_is_no_problem(tmp_path):
    loaded = read_versioned(tmp_path / "none.json", "thing", 1, {}, _validate)
    assert loaded.value is None and loaded.notice is None


def test_older_format_is_migrated_step_by_step(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"kind": "thing", "format": 1, "m": 2}))
    migrations = {1: lambda d: {**d, "k": d["m"] * 10}, 2: lambda d: {**d, "n": d["k"] + 1}}
    assert read_versioned(path, "thing", 3, migrations, _validate).value == 21


def test_newer_format_is_set_aside_not_misread(tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"kind": "thing", "format": 9, "n": 1}))
    loaded = read_versioned(path, "thing", 1, {}, _validate)
    assert loaded.value is None and "newer" in loaded.notice.fields["reason"]
    assert not path.exists() and len(aside_files(tmp_path, "x.json")) == 1


def test_every_kind_of_bad_file_is_set_aside_with_a_notice(tmp_path):
    bad = {
        "empty": b"",
        "truncated": b'{"kind": "thing", "format": 1, "n": 4',
        "garbage": b"\x00\xff\xfe binary",
        "wrong-type": b"[1, 2, 3]",
        "wrong-kind": b'{"kind": "other", "format": 1, "n": 1}',
        "no-format": b'{"kind": "thing", "n": 1}',
        "bad-value": b'{"kind": "thing", "format": 1, "n": "four"}',
    }
    for name, content in bad.items():
        path = tmp_path / f"{name}.json"
        path.write_bytes(content)
        loaded = read_versioned(path, "thing", 1, {}, _validate)
        assert loaded.value is None, name
        assert loaded.notice and loaded.notice.key == "notice.file_set_aside", name
        kept = aside_files(tmp_path, f"{name}.json")
        assert len(kept) == 1 and kept[0].read_bytes() == content, name
        assert loaded.notice.fields["kept"] == kept[0].name


def test_a_second_bad_file_in_the_same_second_does_not_overwrite_the_first(tmp_path):
    path = tmp_path / "x.json"
    for content in (b"one", b"two"):
        path.write_bytes(content)
        read_versioned(path, "thing", 1, {}, _validate)
    assert sorted(p.read_bytes() for p in aside_files(tmp_path, "x.json")) == [b"one", b"two"]
