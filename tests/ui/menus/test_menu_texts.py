"""What the menus say and where: centred subtitles, a true About text, speeds in order, one word for fullscreen."""

from __future__ import annotations

import pygame
import pytest

from tests.ui.menus.helpers import click, item, press
from ui.i18n import load_catalogue
from ui.intents import Action
from ui.screen import px, unit


def _text_span(surface: pygame.Surface, top: int, bottom: int) -> tuple[int, int]:
    """The leftmost and rightmost columns holding light text (cream or white on the green felt) in a band."""
    columns = [x for x in range(surface.get_width())
               if any(min(surface.get_at((x, y))[:3]) > 170 for y in range(top, bottom, 2))]  # fmt: skip
    assert columns, "no text in the band"
    return columns[0], columns[-1]


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_learn_to_play_subtitle_is_centred_under_its_title(make_app, lang, size):
    from ui.learn.lesson_menu import LessonMenu

    app, _ = make_app(lang)
    app.resize(size)
    click(app, item(app.top, "learn"))
    menu = app.top
    assert isinstance(menu, LessonMenu)
    u = unit(size)
    band = (int(size[1] * 0.06 + 62 * u) + px(28, u), menu.title_bottom(size))
    for focus in ("back", menu.items[0].name):  # the subtitle, then the focused lesson's summary
        menu.focus = [i.name for i in menu.items].index(focus)
        app.draw()
        left, right = _text_span(app.screen, *band)
        assert abs((left + right) / 2 - size[0] / 2) <= px(6, u), (focus, left, right)


def test_about_screen_does_not_talk_about_itself(make_app):
    from ui.about import AboutScene

    app, _ = make_app("en")
    click(app, item(app.top, "about"))
    about = app.top
    assert isinstance(about, AboutScene)
    assert not [b.text for b in about.blocks if "About screen" in b.text]


def test_animation_speed_goes_up_to_very_fast_and_stops_there(make_app):
    from ui.menus.settings_screen import SettingsScene
    from ui.settings_model import ANIMATION_SPEEDS

    app, _ = make_app("en")
    click(app, item(app.top, "settings"))
    scene = app.top
    assert isinstance(scene, SettingsScene)
    def row():
        return item(scene, "animation_speed")  # the rows are rebuilt when a setting changes

    shown = [row().value_text()]
    for _ in range(len(ANIMATION_SPEEDS) + 2):
        click(app, row())  # ▶
        shown.append(row().value_text())
    assert shown == ["Normal", "Fast", "Very fast", "Very fast", "Very fast", "Very fast", "Very fast"]
    assert not row().can_step(1) and row().can_step(-1)  # ▶ is dimmed at the end
    scene.focus = scene.items.index(row())
    press(app, *[Action.LEFT] * 5)
    assert row().value_text() == "Slow" and app.settings.animation_speed == ANIMATION_SPEEDS[0]
    for name in ("volume", "opponent_speed"):
        assert not item(scene, name).wrap
    assert item(scene, "language").wrap and item(scene, "card_back").wrap  # no order to keep: round they go


def test_fullscreen_is_one_word_everywhere():
    texts = [entry.get("en", "") for entry in load_catalogue().values()]
    assert not [text for text in texts if "full screen" in text.lower() or "full-screen" in text.lower()]
    assert [text for text in texts if "fullscreen" in text.lower()]
