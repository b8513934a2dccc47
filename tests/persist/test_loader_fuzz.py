"""Every file the game reads at start-up or on demand, attacked with broken contents.

The promise tested: whatever a file holds, ``Profile.load`` (and the history's first read) never raises; a file
the game cannot use is kept whole beside the fixed one (``<name>.corrupt-<time>``) and a notice names it; the
game goes on with its defaults; and whatever the game writes afterwards reads back with no notice and never
touches the copy set aside.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.match import Match
from game.rules import load_rules
from tests.lookback.helpers import play_recorded
from tests.menus.helpers import click, item
from tests.persist.helpers import aside_files
from ui import i18n
from ui.menus.dialogs import Dialog
from ui.persist.choices import MatchChoice
from ui.persist.history import GameEntry, new_entry
from ui.persist.paths import Paths
from ui.persist.profile import Profile

_ENTRY: list[GameEntry] = []


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
    "a lone surrogate in a name": (("names", 1), '"\\ud800"'),
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
    assert [i.name for i in scene.items] == ["game0", "game1", "back"]  # newest first: the damaged one is last
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
