"""Rows stay under the pointer: choosing a value never moves a row, and labels keep the rows' text size."""

from __future__ import annotations

import pytest

from tests.ui.menus.helpers import click, click_at, item
from ui import fonts
from ui.menus.new_match import NewMatchScene
from ui.menus.settings_screen import SettingsScene

SIZES = ((1280, 720), (960, 600))


def _rows(scene) -> dict[str, tuple]:
    """Every item's rectangle, and each option's ◀ ▶ hit areas."""
    rows = {}
    for i in scene.items:
        rows[i.name] = tuple(i.rect)
        if i.is_option:
            rows[i.name + ".arrows"] = tuple(tuple(r) for r in i.arrow_rects())
    return rows


def _open_new_match(make_app, lang, size):
    app, profile = make_app(lang)
    app.resize(size)
    click(app, item(app.top, "new"))
    assert isinstance(app.top, NewMatchScene)
    return app, profile, app.top


@pytest.mark.parametrize("size", SIZES)
def test_new_match_rows_stay_put_whatever_is_chosen(make_app, size):
    outlines = {}
    for lang in ("vi", "en"):
        app, profile, scene = _open_new_match(make_app, lang, size)
        app.draw()
        first = _rows(scene)
        seen = [first]
        variant_arrow = item(scene, "variant").arrow_rects()[1].center
        for _ in profile.catalogue.ids():  # the same spot, clicked again and again: every click lands
            before = scene.choice.variant
            click_at(app, variant_arrow)
            assert scene.choice.variant != before
            app.draw()
            seen.append(_rows(scene))
        for arrow in (-1, -1, 1, 1):  # 3 -> 2 -> 1 -> 2 -> 3 opponents
            click(app, item(scene, "opponents"), arrow=arrow)
            app.draw()
            seen.append(_rows(scene))
        for _ in range(2):  # practice on and off: its note comes and goes under the buttons
            click(app, item(scene, "practice"))
            seen.append(_rows(scene))
        assert all(rows == first for rows in seen), lang
        outlines[lang] = {k: v for k, v in first.items() if not k.endswith(".arrows")}
        bottom = max(i.rect.bottom for i in scene.items)
        assert bottom < size[1] and min(i.rect.top for i in scene.items) > 0
    assert outlines["vi"] == outlines["en"]  # switching the language moves nothing either


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_description_never_runs_into_the_rows(make_app, lang, size):
    from ui.screen import text_px, unit

    app, profile, scene = _open_new_match(make_app, lang, size)
    u = unit(size)
    line_h = fonts.font(text_px(18, u)).get_linesize()
    room = scene.items[0].rect.top - int(size[1] * 0.06 + 66 * u)
    assert scene.description_lines(size) * line_h <= room
    assert scene.description_lines(size) >= 2  # the built-in descriptions take two or three lines


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("screen", ["settings", "new"])
def test_option_labels_are_drawn_at_the_rows_size(make_app, lang, size, screen):
    """No label is shrunk to fit ("Auto-pass when nothing beats" was drawn smaller than the others)."""
    app, _ = make_app(lang)
    app.resize(size)
    click(app, item(app.top, screen))
    scene = app.top
    assert isinstance(scene, SettingsScene if screen == "settings" else NewMatchScene)
    options = [i for i in scene.items if i.is_option]
    assert options
    assert len({o.font_size() for o in options}) == 1  # one text size for every row
    for option in options:
        lines, same_size = option.label_lines()
        assert same_size, f"{option.label()!r} does not fit its row at the rows' size"
        assert " ".join(lines) == option.label() and len(lines) <= 2
        if len(lines) == 2:  # wrapped only because one line is too wide, in a row made taller for it
            assert fonts.width(option.label(), option.font_size()) > option.label_area().width
            assert option.rect.height > min(o.rect.height for o in options)
        values = option.values_rect()
        assert option.label_area().right < values.left and values.right == option.rect.right
        assert all(option.rect.contains(arrow) for arrow in option.arrow_rects())
    rows = [i.rect for i in scene.items]
    assert not any(a.colliderect(b) for n, a in enumerate(rows) for b in rows[n + 1 :])
    assert max(r.bottom for r in rows) <= size[1]
    app.draw()
