"""Whatever a file holds, a name or a file's text is drawn: one sanitiser (``fonts.clean``) under every text."""

from __future__ import annotations

import pytest

from tests.ui.menus.helpers import click, item, press
from ui import fonts
from ui.intents import Action

HOSTILE = [
    "\u200b",  # zero-width space alone: "Text has zero width"
    "\u200bLan",
    "\u202eLan",  # right-to-left override
    "\u2066Minh\u2069",
    "L\x00an",  # NUL: "A null character was found in the text"
    "\x00",
    "a\ud800b",  # a lone surrogate (JSON and YAML escapes allow one): UnicodeEncodeError
    "\ufeffHoa",
    "\u00ad",
    "\u2028",
    "\U000e0001",
    "\u0301",  # a mark with no letter
    "Z" + "\u0301" * 500,  # a "zalgo" name
    "Tab\there\nnew\rline",
    "x" * 2_000_000,  # 2 MB: out of memory when rendered whole
    "Việt " * 50_000,
    "",
]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: repr(v[:12]) + f"x{len(v)}")
def test_every_way_of_drawing_text_survives_what_a_file_can_hold(value):
    for size in (11, 22):
        image = fonts.text(value, size, (255, 255, 255))
        assert image.get_width() < 20_000 and image.get_height() < 4 * fonts.font(size).get_linesize()
        fitted = fonts.fit_text(value, size, (255, 255, 255), 300)
        assert fitted.get_width() < 20_000
        lines = fonts.wrap(value, size, 400)
        assert len(lines) < 20_000
        assert fonts.width(value, size) < 20_000
        for line in lines[:5]:
            fonts.text(line, size, (255, 255, 255))


def test_clean_keeps_vietnamese_and_cuts_only_what_cannot_be_drawn():
    assert fonts.clean("Nguyễn Thị Ánh") == "Nguyễn Thị Ánh"
    decomposed = "e\u0323\u0302"  # ệ written as a letter and two marks
    assert fonts.clean(decomposed) == decomposed
    assert fonts.clean("\u202eLan\u200b") == "Lan"
    assert fonts.clean("L\x00an\tB") == "Lan B"
    assert fonts.clean("a\ud800b") == "ab"
    assert fonts.clean("Z" + "\u0301" * 50) == "Z" + "\u0301" * 2
    long = fonts.clean("x" * 2_000_000)
    assert len(long) == fonts.LINE_LIMIT and long.endswith("…")
    assert fonts.clean("a\nb", keep_newlines=True) == "a\nb" and fonts.clean("a\nb") == "a b"


HOSTILE_RULES = """format: 1
variants:
  hostile:
    extends: mien-nam
    name: {vi: "\\u202eTên\\0 \\u200b", en: "\\u200bBad\\u202e name %s"}
    description: {vi: "\\0\\u200b", en: "%s \\u202e\\u0301\\u0301\\u0301\\u0301\\u0301"}
"""


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_rules_file_with_hostile_names_draws_on_every_screen_that_shows_them(make_app, paths, lang):
    paths.user_rules_file.write_text(HOSTILE_RULES % ("W" * 3900, "W " * 1900), encoding="utf-8")
    app, profile = make_app(lang)
    assert "hostile" in profile.catalogue.variants
    for screen in ("new", "rules", "stats"):
        click(app, item(app.top, screen))
        scene = app.top
        while scene.items[0].get() != "hostile":  # the variant row comes first on all three
            click(app, scene.items[0])
        for size in ((1280, 720), (960, 600)):
            app.resize(size)
            app.draw()
        press(app, Action.BACK)
    click(app, item(app.top, "new"))
    while app.top.choice.variant != "hostile":
        click(app, app.top.items[0])
    click(app, item(app.top, "start"))  # the table's header names the variant
    for _ in range(5):
        app.step(1 / 30)
    app.draw()


def test_players_names_from_the_history_draw_in_recent_games_and_the_replay(make_app):
    from game.records.history import new_entry
    from tests.review.helpers import play_recorded
    from ui.replay.recent_scene import RecentGamesScene

    app, profile = make_app("en")
    played = play_recorded("mien-nam", 41, 4, levels="normal")
    names = ["\u200bLan", "\u202eMinh", "H\x00oa", "x" * 200_000]
    profile.record_history(new_entry(played.game, number=1, seat=0, names=names), 3)
    profile.flush()
    click(app, item(app.top, "stats"))
    click(app, item(app.top, "recent"))
    assert isinstance(app.top, RecentGamesScene)
    while app.top.loading:  # the history is read on a thread of its own
        app.step(1 / 30)
    app.draw()
    click(app, item(app.top, "game0"))  # Replay · Review · Back
    click(app, item(app.top, "choice0"))
    for _ in range(60):
        app.step(1 / 10)
    app.draw()


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: repr(v[:12]) + f"x{len(v)}")
def test_fitted_text_stays_in_its_box_however_long(value):
    for width in (40, 300):
        assert fonts.fit_text(value, 20, (255, 255, 255), width).get_width() <= width


def test_a_name_is_shown_cleaned_and_capped_at_the_table_and_in_replays(make_app):
    from game.table.choice import MatchChoice
    from game.table.session import Session
    from ui.persist.names import MAX_NAME
    from ui.replay.shown import ShownGame
    from ui.table.keeper import open_table

    app, profile = make_app("en")
    choice = MatchChoice("mien-nam", ("easy", "easy", "easy"), 1)
    table = open_table(app, None, choice, profile.new_match(choice, seed=3))
    table.session = Session(choice, table.session.match, names=["", "\u200bLan", "M\x00inh", "H" * 2_000_000])
    assert [table.seat_name(s) for s in (1, 2)] == ["Lan", "Minh"]
    assert table.seat_name(3) == "H" * MAX_NAME
    app.draw()
    shown = ShownGame.from_session(table.session)
    assert [shown.name(s) for s in (1, 2)] == ["Lan", "Minh"] and shown.name(3) == "H" * MAX_NAME
