"""Every level decides as recorded in ``lab/decisions.json``: a CI-sized part of the record played again.

The record pins each level's decisions over fixed games (``lab.decisions``); a change that was meant only to
move or tidy code leaves them all as they were. A change meant to alter a level's play is recorded on purpose:
``python3 -m lab.decisions --write`` (``--levels hard --hard-games 20`` to redo part of it; the module says how).
"""

from __future__ import annotations

import pytest

from lab.decisions import REGENERATE, Config, configs, differences, load

#: Games replayed per variant and table size: all of every variant and size, a few games each (the searching
#: levels decide on their work budget alone here, so the machine's speed changes nothing).
SUBSET = {"easy": 10, "normal": 10, "hard": 1, "expert": 1}
RECORD = load()


@pytest.mark.parametrize("config", configs(), ids=lambda c: c.key)
def test_each_level_decides_as_recorded(config: Config) -> None:
    recorded = RECORD.get(config.key)
    assert recorded is not None, f"{config.key} is not in lab/decisions.json; record it with {REGENERATE}"
    found = differences(config, recorded, SUBSET[config.level])
    assert not found, (f"{'; '.join(found)}. If the change is meant to alter this level's play, record it on "
                       f"purpose: {REGENERATE} --levels {config.level}")  # fmt: skip


def test_the_record_covers_every_level_variant_and_table_size_with_enough_games() -> None:
    for config in configs():
        recorded = RECORD[config.key]
        assert len(recorded["digests"]) == recorded["games"] >= SUBSET[config.level]
        assert recorded["games"] >= (200 if config.level in ("easy", "normal") else 20)
