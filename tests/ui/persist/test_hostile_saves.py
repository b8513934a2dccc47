"""Broken numbers and impossible deals in the player's files are set aside like any corrupt file; start-up
never fails whatever the files hold (a fuzz test feeds it random and mutated saves and rules files)."""

from __future__ import annotations

import json
import os
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.rules import load_catalogue, load_rules
from tests.ui.persist.helpers import aside_files
from ui.persist.files import atomic_write_text
from ui.persist.paths import Paths
from ui.persist.profile import Profile
from ui.persist.saves import load_match

RULES = load_rules("mien-nam")


def _save_doc(paths: Paths, players: int = 4, moves: int = 3) -> dict:
    profile = Profile.load(paths)
    from game.table.choice import MatchChoice

    choice = MatchChoice("mien-nam", ("normal",) * (players - 1))
    match = profile.new_match(choice, seed=21)
    game = match.start_game()
    for _ in range(moves):
        legal = game.legal_moves()
        game.play(legal[0]) if legal else game.pass_turn()
    profile.save_match(choice, match)
    profile.close()
    return json.loads(paths.save_file.read_text(encoding="utf-8"))


def _write(paths: Paths, doc: dict | str) -> None:
    paths.save_file.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")


def _edit_current(doc: dict, **changes) -> dict:
    doc["match"]["current"].update(changes)
    return doc


def _set_aside(paths: Paths) -> str:
    saved, notices = load_match(paths, load_catalogue())
    assert saved is None and [n.key for n in notices] == ["notice.file_set_aside"]
    assert len(aside_files(paths.data, "match-save.json")) == 1 and not paths.save_file.exists()
    return notices[0].fields["reason"]


def test_a_5000_digit_seed_is_set_aside(paths):
    text = json.dumps(_save_doc(paths)).replace('"seed": 21', '"seed": ' + "7" * 5000)
    _write(paths, text)
    assert "not readable" in _set_aside(paths)


@pytest.mark.parametrize("field", ["seed", "players"])
def test_an_infinite_number_in_the_match_is_set_aside(paths, field):
    text = json.dumps(_save_doc(paths)).replace(f'"{field}": ', f'"{field}": 1e400, "was": ', 1)
    _write(paths, text)
    _set_aside(paths)


def test_an_infinite_leader_is_set_aside(paths):
    doc = _save_doc(paths)
    _write(paths, json.dumps(doc).replace('"leader": ', '"leader": 1e400, "was": ', 1))
    _set_aside(paths)


def test_a_leader_without_its_must_play_card_is_set_aside(paths):
    doc = _save_doc(paths, moves=0)
    leader = doc["match"]["current"]["leader"]
    hands = doc["match"]["current"]["hands"]
    foreign = hands[(leader + 1) % 4].split()[0]
    _write(paths, _edit_current(doc, must_contain=foreign))
    _set_aside(paths)


def test_hands_of_14_and_12_cards_are_set_aside(paths):
    doc = _save_doc(paths, moves=0)
    hands = [h.split() for h in doc["match"]["current"]["hands"]]
    hands[0].append(hands[1].pop())
    _write(paths, _edit_current(doc, hands=[" ".join(h) for h in hands]))
    assert "14 cards" in _set_aside(paths)


def test_one_hand_of_52_is_set_aside(paths):
    doc = _save_doc(paths, moves=0)
    everything = " ".join(doc["match"]["current"]["hands"])
    _write(paths, _edit_current(doc, hands=[everything, "", "", ""], leader=0))
    _set_aside(paths)


def test_a_two_hand_game_in_a_four_player_match_is_set_aside(paths):
    doc = _save_doc(paths, moves=0)
    current = doc["match"]["current"]
    _write(paths, _edit_current(doc, hands=current["hands"][:2], leader=0, must_contain=None))
    assert "2 hands" in _set_aside(paths)


def test_a_deal_the_seed_could_not_have_made_is_set_aside(paths):
    doc = _save_doc(paths, moves=0)
    hands = [h.split() for h in doc["match"]["current"]["hands"]]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]  # still 13 each, but not the seed's deal
    _write(paths, _edit_current(doc, hands=[" ".join(h) for h in hands], must_contain=None))
    assert "seed" in _set_aside(paths)


def test_stats_with_a_5000_digit_count_are_set_aside(paths):
    doc = {"kind": "stats", "format": 1, "variants": {"mien-nam": {"games": "X"}}}
    paths.stats_file.write_text(json.dumps(doc).replace('"X"', "9" * 5000), encoding="utf-8")
    profile = Profile.load(paths)
    assert [n.key for n in profile.take_notices()] == ["notice.file_set_aside"]
    assert aside_files(paths.data, "stats.json") and profile.stats.variants == {}
    profile.close()


def test_stale_temporary_files_are_removed_at_start_and_fresh_ones_kept(paths):
    stale = paths.data / ".match-save.json.abc123.tmp"
    fresh = paths.data / ".match-save.json.def456.tmp"
    other = paths.config / ".settings.json.x1.tmp"
    for f in (stale, fresh, other):
        f.write_text("{half a sa", encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    Profile.load(paths).close()
    assert not stale.exists() and not other.exists() and fresh.exists()


# -- fuzz: start-up's file reading never fails ---------------------------------------------------------------

def _mutate(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randrange(1, 6)):
        op = rng.randrange(4)
        at = rng.randrange(len(out) + 1)
        if op == 0 and out:
            del out[at : at + rng.randrange(1, 40)]
        elif op == 1:
            out[at:at] = rng.choice([b"9" * 5000, b"1e400", b"-", b"[", b"{", b"\xff", b"&a", b"*a", b"\x00", b":"])
        elif op == 2 and out:
            out[min(at, len(out) - 1)] = rng.randrange(256)
        else:
            out[at:at] = out[max(0, at - 30) : at]
    return bytes(out)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), which=st.sampled_from(["save", "rules", "stats", "settings", "random"]))
def test_fuzzed_files_never_stop_start_up(tmp_path_factory, seed, which):
    rng = random.Random(seed)
    paths = Paths.under(tmp_path_factory.mktemp("fuzz"))
    paths.ensure()
    valid_save = _valid_save_bytes()
    rules = b"variants:\n  mine:\n    extends: dem-la\n    name: {vi: M, en: M}\n    prices: {quad: 20}\n"
    stats = b'{"kind": "stats", "format": 1, "variants": {"mien-nam": {"games": 3, "wins": 1}}}'
    settings_doc = b'{"kind": "settings", "format": 1, "values": {"language": "en", "volume": 0.5}}'
    if which == "random":
        targets = {paths.save_file: rng.randbytes(rng.randrange(0, 400)), paths.user_rules_file: rng.randbytes(300)}
    else:
        source = {"save": (paths.save_file, valid_save), "rules": (paths.user_rules_file, rules),
                  "stats": (paths.stats_file, stats), "settings": (paths.settings_file, settings_doc)}[which]
        targets = {source[0]: _mutate(source[1], rng)}
    for path, data in targets.items():
        path.write_bytes(data)
    profile = Profile.load(paths)
    try:
        assert {"mien-nam", "dem-la"} <= set(profile.catalogue.ids())
        if profile.saved is not None:  # whatever loaded is a match the engine can go on with
            game = profile.saved.match.current or profile.saved.match.start_game()
            if not game.is_over:
                assert game.legal_moves() or game.table is not None
    finally:
        profile.close()


_VALID: list[bytes] = []


def _valid_save_bytes() -> bytes:
    if not _VALID:
        match = Match(RULES, 3, seed=77)
        game = match.start_game()
        for _ in range(6):
            legal = game.legal_moves()
            game.play(legal[0]) if legal else game.pass_turn()
        doc = {"kind": "match-save", "format": 2, "saved_at": "", "app_version": "",
               "setup": {"variant": "mien-nam", "opponents": ["easy", "hard"], "table_bet": 1,
                         "starting_chips": 1000, "house_rules": {}},
               "match": match.to_dict()}
        _VALID.append(json.dumps(doc, indent=1).encode())
    return _VALID[0]


def test_the_fuzzers_valid_save_loads(paths):
    atomic_write_text(paths.save_file, _valid_save_bytes().decode())
    saved, notices = load_match(paths, load_catalogue())
    assert notices == [] and saved is not None and len(saved.match.current.history) == 6


def test_remembered_house_rules_the_rules_refuse_are_dropped_with_a_notice(paths):
    doc = {"kind": "new-match", "format": 1, "values": {"variant": "mien-nam", "opponents": ["easy"],
                                                         "house_rules": {"mien-nam": {"prices.quadd": "1"},
                                                                         "dem-la": {"den_bai": True}}}}
    paths.new_match_file.write_text(json.dumps(doc), encoding="utf-8")
    profile = Profile.load(paths)
    assert [n.key for n in profile.take_notices()] == ["notice.house_rules_dropped"]
    assert profile.choice.house_rules == {"dem-la": {"den_bai": True}}
    profile.new_match(profile.choice, seed=1)  # a new match starts with the variant's own rules
    profile.close()
