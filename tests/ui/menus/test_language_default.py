"""A language lost from the settings (reset, or the file set aside) follows the system's, as on a first start."""

from __future__ import annotations

import json

import pytest

from ui import i18n

BAD_FILES = {
    "unknown language": json.dumps({"kind": "settings", "format": 1, "values": {"language": "fr", "volume": 0.4}}),
    "not a language": json.dumps({"kind": "settings", "format": 1, "values": {"language": 7}}),
    "broken file": '{"kind": "settings", "format": 1, "values": {"langu',
    "not a settings file": "[]",
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
@pytest.mark.parametrize(("system", "expected", "new_match"), [
    ("en_GB.UTF-8", "en", "New match"),
    ("vi_VN.UTF-8", "vi", "Trận mới"),
])  # fmt: skip
def test_a_lost_language_follows_the_system(paths, monkeypatch, case, system, expected, new_match):
    from ui.launch import profile_app
    from ui.menus import start_scene
    from ui.persist.profile import Profile

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", system)
    paths.settings_file.write_text(BAD_FILES[case], encoding="utf-8")
    try:
        profile = Profile.load(paths)
        assert profile.settings.language == expected
        app = profile_app(profile, size=(1280, 720))
        app.push(start_scene(app, profile))
        app.step(1 / 30)
        assert i18n.language() == expected
        menu = app.stack[0]
        assert next(i for i in menu.items if i.name == "new").label() == new_match
    finally:
        i18n.set_language("vi")
