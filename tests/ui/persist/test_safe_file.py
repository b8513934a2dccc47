"""``game.safe_file`` and the notice's cut on its own: a read returns the file whole up to its limit and refuses
anything longer, a write replaces the file whole (through a link, its target), and a long reason is cut at a word."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.records.versioned import cut_words
from game.safe_file import LeftAlone, TooBig, leave_alone, read_bounded, write_atomic


@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=3000), limit=st.integers(0, 3000))
def test_a_read_gives_the_whole_file_up_to_its_limit_and_refuses_more(data: bytes, limit: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.json"
        path.write_bytes(data)
        if len(data) <= limit:
            assert read_bounded(path, limit) == data
        else:
            with pytest.raises(TooBig):
                read_bounded(path, limit)


@settings(max_examples=40, deadline=None)
@given(old=st.text(max_size=200), new=st.text(max_size=200))
def test_a_write_replaces_the_file_whole_and_leaves_no_temporary_file(old: str, new: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.json"
        path.write_text(old, encoding="utf-8")
        write_atomic(path, new)
        assert path.read_bytes() == new.encode("utf-8") and os.listdir(folder) == ["f.json"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX links")
def test_a_write_through_a_chain_of_links_replaces_the_last_target(tmp_path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    (tmp_path / "middle").symlink_to(real)
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "middle")
    assert write_atomic(link, "new") == real
    assert link.is_symlink() and (tmp_path / "middle").is_symlink() and real.read_text() == "new"


def test_a_file_left_alone_is_never_written_through_any_name(tmp_path) -> None:
    real = tmp_path / "stats.json"
    real.write_text("mine")
    leave_alone(real)
    with pytest.raises(LeftAlone):
        write_atomic(real, "{}")
    if os.name == "posix":
        (tmp_path / "other").symlink_to(real)
        with pytest.raises(LeftAlone):
            write_atomic(tmp_path / "other", "{}")
    assert real.read_text() == "mine"


@given(text=st.text(alphabet="ab ", max_size=400), limit=st.integers(10, 300))
def test_a_long_reason_is_cut_at_a_word_within_its_limit(text: str, limit: int) -> None:
    cut = cut_words(text, limit)
    assert len(cut) <= limit
    if len(text) <= limit:
        assert cut == text
    else:
        assert cut.endswith("…") and text.startswith(cut[:-1])
