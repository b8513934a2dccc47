"""Every notice reaches the player once, over whatever is on top, and is written to the log."""

from __future__ import annotations

import logging

import pytest

from tests.ui.menus.helpers import press
from ui.intents import Action
from ui.launch import build_app, parser
from ui.menus.dialogs import Dialog
from ui.persist import saves
from ui.persist.files import Notice
from ui.persist.profile import Profile
from ui.table.scene import TableScene

BROKEN_RULES = "variants:\n  mine:\n    extends: mien-nam\n    prices: {single_two: .nan}\n"


@pytest.mark.parametrize("flags", [["--demo"], ["--seed", "3"], ["--variant", "dem-la"]])
def test_a_broken_rules_file_is_told_whichever_screen_opens_first(paths, flags, caplog):
    paths.user_rules_file.write_text(BROKEN_RULES, encoding="utf-8")
    caplog.set_level(logging.WARNING, "tienlen.notice")
    app = build_app(parser().parse_args(flags), profile=Profile.load(paths))
    app.step(1 / 30)
    assert isinstance(app.top, Dialog) and isinstance(app.stack[-2], TableScene)
    assert "rules.yaml" in app.top.message()
    assert any("notice.rules_invalid" in r.getMessage() for r in caplog.records)
    press(app, Action.CONFIRM)
    assert isinstance(app.top, TableScene)  # shown once: OK closes it and it does not come back
    for _ in range(30):
        app.step(1 / 30)
    assert isinstance(app.top, TableScene)
    app.close()


def test_a_save_that_fails_during_play_is_told_at_the_table(make_app, monkeypatch):
    from game.table.choice import MatchChoice
    from ui.table.keeper import open_table

    app, profile = make_app("en")
    choice = MatchChoice("mien-nam", ("easy",), 1)
    table = open_table(app, profile, choice, profile.new_match(choice, seed=4))

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "write_match_snapshot", full_disk)
    game = table.session.game
    for _ in range(3000):
        if isinstance(app.top, Dialog):
            break
        if table.human_turn():
            moves = game.legal_moves(0)
            table.submit(table.session.play(moves[0], 0) if moves else table.session.pass_turn(0))
        app.step(1 / 30)
        profile.flush(1)
    assert isinstance(app.top, Dialog), "the failed save was never told"
    assert "the disk is full" in app.top.message() and "Errno" not in app.top.message()


def test_a_long_notice_is_shortened_to_fit_the_window(make_app):
    app, _ = make_app("en")
    app.notices.post(Notice("notice.rules_invalid", {"file": "rules.yaml", "error": "x" * 20000}))
    app.notices.post(Notice("notice.rules_invalid", {"file": "rules.yaml", "error": "word " * 5000}))
    app.step(1 / 30)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    window = app.screen.get_rect()
    assert window.contains(dialog.box)
    assert all(window.contains(item.rect) for item in dialog.items)
    app.draw()
