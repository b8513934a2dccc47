"""Every file the game reads at start-up or on demand, attacked with broken contents.

The promise tested: whatever a file holds, ``Profile.load`` (and the history's first read) never raises; a file
the game cannot use is kept whole beside the fixed one (``<name>.corrupt-<time>``) and a notice names it; the
game goes on with its defaults; and whatever the game writes afterwards reads back with no notice and never
touches the copy set aside.
"""

from __future__ import annotations

from tests.persist.helpers import aside_files
from ui.persist.paths import Paths
from ui.persist.profile import Profile

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
