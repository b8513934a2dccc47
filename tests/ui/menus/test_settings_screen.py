from __future__ import annotations

import json

import pytest

from tests.ui.menus.helpers import click, item
from ui import i18n
from ui.i18n import t
from ui.menus.settings_screen import SettingsScene


def _open(app):
    click(app, item(app.top, "settings"))
    assert isinstance(app.top, SettingsScene)
    return app.top


def _saved(paths) -> dict:
    return json.loads(paths.settings_file.read_text(encoding="utf-8"))["values"]


def test_language_switches_every_screen_at_once_and_is_saved(make_app, paths):
    app, _ = make_app("vi")
    scene = _open(app)
    assert t("menu.back") == "Quay lại"
    click(app, item(scene, "language"))
    assert i18n.language() == "en" and item(scene, "back").label() == "Back"
    assert app.stack[0].items[0].label() == "New match"  # the menu beneath was rebuilt too
    assert _saved(paths)["language"] == "en"


@pytest.mark.parametrize(
    ("name", "check"),
    [
        ("volume", lambda app: app.settings.volume == 0.8),
        ("muted", lambda app: app.settings.muted is True),
        ("animation_speed", lambda app: app.settings.animation_speed == 1.5),
        ("opponent_speed", lambda app: app.settings.opponent_speed == 2.0),
        ("four_colour", lambda app: app.settings.four_colour is True),
        ("card_back", lambda app: app.settings.card_back == "blue"),
        ("fullscreen", lambda app: app.settings.fullscreen is True),
    ],
)
def test_each_setting_applies_at_once_and_is_saved(make_app, paths, name, check):
    app, _ = make_app()
    scene = _open(app)
    before = _saved(paths)[name]
    click(app, item(scene, name))
    assert check(app)
    assert _saved(paths)[name] == getattr(app.settings, name) != before
    app.draw()


def test_mute_reaches_the_sound(make_app):
    app, _ = make_app()
    scene = _open(app)
    assert app.sound.sounds, "the sounds should load with the dummy audio driver"
    app.sound.play("select")
    assert app.sound.sounded[-1:] == ["select"]
    click(app, item(scene, "muted"))
    app.sound.sounded.clear()
    app.sound.play("select")
    assert app.sound.sounded == []  # nothing reached the mixer
    assert all(snd.get_volume() == 0 for snd in app.sound.sounds.values())


def test_speed_settings_change_the_table(make_app):
    """The table reads the settings object every frame; the screen edits that same object."""
    app, profile = make_app()
    scene = _open(app)
    click(app, item(scene, "animation_speed"))
    assert app.settings is profile.settings and app.settings.animation_speed == 1.5


def test_settings_survive_a_restart(make_app):
    app, _ = make_app()
    click(app, item(_open(app), "card_back"))
    app2, profile2 = make_app()
    assert profile2.settings.card_back == "blue"


def test_sound_reads_on_or_off_not_a_double_negative(make_app):
    app, _ = make_app("vi")
    scene = _open(app)
    row = item(scene, "muted")
    assert (row.label(), row.value_text()) == ("Âm thanh", "Bật")
    click(app, row)
    assert app.settings.muted and row.value_text() == "Tắt"


def test_the_subtitle_sits_clear_of_the_panel(make_app):
    from ui.screen import unit

    for size in ((1280, 720), (960, 600)):
        app, _ = make_app()
        app.resize(size)
        scene = _open(app)
        u = unit(size)
        subtitle_bottom = size[1] * 0.06 + 64 * u + 20 * u
        panel_top = scene.items[0].rect.top - 14 * u  # the options' panel reaches 14 units above the first row
        assert panel_top >= subtitle_bottom, size
