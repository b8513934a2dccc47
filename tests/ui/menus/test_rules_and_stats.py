from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.rules import load_catalogue
from tests.ui.menus.helpers import click, item, press
from ui import i18n
from ui.intents import Action
from ui.menus.rules_screen import RulesScene
from ui.menus.rules_text import bombing_rows, reference
from ui.menus.stats_screen import StatsScene, stat_rows
from ui.persist.stats import Stats

CAT = load_catalogue()


def _text(rules) -> str:
    return "\n".join(" ".join(line[1:]) for line in reference(rules))


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("vid", CAT.ids())
def test_every_variant_has_a_full_reference_in_both_languages(vid, lang):
    i18n.set_language(lang)
    try:
        text = _text(CAT.variants[vid])
    finally:
        i18n.set_language("vi")
    assert "rulesref." not in text and "{" not in text  # no missing key, no unfilled field


def test_reference_is_true_to_the_data():
    i18n.set_language("en")
    try:
        dem = _text(CAT.variants["dem-la"])
        assert "3-pair run 12" in dem and "Quad 16" in dem and "pays every other player 26" in dem
        assert "A shut-out player: the hand's value is multiplied by 2." in dem
        xep = _text(CAT.variants["xep-hang"])
        assert "+2  +1  −1  −2" in xep and "until only one player" in xep and "3♠" in xep
        diem = _text(CAT.variants["co-dien-diem"])
        assert "The 2♣ 2" in diem and "The 2♥ 4" in diem
        custom = CAT.load("mien-nam", {"quad_beats_pair_of_twos": False})
        rows = dict((r[1], r[2]) for r in bombing_rows(custom))
        assert "quad" not in rows["A pair of 2s"] and "any 4-pair run" in rows["A pair of 2s"]
        rows = dict((r[1], r[2]) for r in bombing_rows(CAT.variants["mien-nam"]))
        assert rows["A pair of 2s"] == "a higher pair of 2s, any quad, any 4-pair run, any 5-pair run"
        assert "any 3-pair run" not in rows["A pair of 2s"] and "any 3-pair run" in rows["A single 2"]
        assert rows["Three 2s"] == "nothing"
    finally:
        i18n.set_language("vi")


def test_rules_screen_scrolls_and_switches_variant(make_app):
    app, _ = make_app()
    click(app, item(app.top, "rules"))
    scene = app.top
    assert isinstance(scene, RulesScene)
    press(app, Action.DOWN, Action.DOWN)
    assert scene.scroll > 0
    press(app, Action.RIGHT)
    assert scene.variant == CAT.ids()[1] and scene.scroll == 0
    for _ in range(200):
        press(app, Action.DOWN, frames=0)
    assert scene.scroll == scene.max_scroll() > 0
    app.draw()


@dataclass
class _Result:
    order: tuple
    payments: tuple
    instant_win: object = None
    cong: tuple = ()
    resigned: object = None


def test_statistics_screen_shows_numbers_and_a_chart(make_app):
    app, profile = make_app("en")
    for i in range(12):
        profile.stats.record("mien-nam", _Result((i % 2, 1 - i % 2), (3, -3) if i % 2 == 0 else (-2, 2)))
    click(app, item(app.top, "stats"))
    scene = app.top
    assert isinstance(scene, StatsScene)
    app.draw()
    rows = dict(stat_rows(profile.stats.for_variant("mien-nam")))
    assert rows["Games"] == "12" and rows["Wins"] == "6" and rows["Net"] == "+6" and rows["Win rate"] == "50%"
    press(app, Action.RIGHT)
    app.draw()  # a variant with no games draws its "none yet" line
    assert Stats().for_variant("x").games == 0


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_rules_open_with_how_to_play_before_the_variant(lang):
    i18n.set_language(lang)
    try:
        lines = reference(CAT.variants["dem-la"])
        heads = [line[1] for line in lines if line[0] == "h"]
        pictures = [line[1] for line in lines if line[0] == "cards"]
    finally:
        i18n.set_language("vi")
    assert heads[0] == ("Cách chơi" if lang == "vi" else "How to play")
    assert heads[1] == ("Luật Đếm lá" if lang == "vi" else "The Card count variant")
    assert "3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As 2s" in pictures  # 3 low, 2 high
    assert "6s 6c 6d 6h" in pictures and "4d 4h 5d 5h 6s 6h" in pictures  # the bombs
    variant_at = [i for i, line in enumerate(lines) if line[0] == "h"][1]
    text = " ".join(line[-1] for line in lines[:variant_at])  # the how-to-play part only
    for word in (("♠ < ♣ < ♦ < ♥", "bỏ lượt", "ngược chiều kim đồng hồ", "Hàng") if lang == "vi"
                 else ("♠ < ♣ < ♦ < ♥", "pass", "counter-clockwise", "bomb")):
        assert word in text, word


def test_the_rules_screen_draws_its_card_pictures(make_app):
    app, _ = make_app("en")
    click(app, item(app.top, "rules"))
    scene = app.top
    page = scene.page()
    assert page.get_height() > scene.body.height  # how to play and the variant: a page to scroll
    app.draw()
