"""The About screen shows the version and every licence in LICENSES.md, scrolls, and closes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.resources import asset
from game.version import VERSION
from ui import i18n
from ui.about import AboutScene, parse_licences
from ui.app import App
from ui.intents import Action, Intent
from ui.scene import Scene


@pytest.fixture
def app() -> Iterator[App]:
    application = App(size=(1280, 720))
    application.push(Scene(application))  # something to go back to
    yield application
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


def test_licences_file_is_parsed_into_headings_bullets_and_paragraphs() -> None:
    blocks = parse_licences("# Title\n\nIntro line one\nline two.\n\n## Fonts\n- DejaVu: Bitstream Vera\n  licence.\n"
                            "- FreeSans: GPL\n")
    assert [(b.kind, b.text) for b in blocks] == [
        ("heading", "Title"), ("para", "Intro line one line two."), ("heading", "Fonts"),
        ("bullet", "DejaVu: Bitstream Vera licence."), ("bullet", "FreeSans: GPL")]


def test_every_shipped_asset_folder_is_accounted_for_in_the_licences() -> None:
    text = asset("LICENSES.md").read_text(encoding="utf-8")
    for folder in ("fonts", "sounds", "icons", "i18n"):
        if any(asset(folder).glob("*")):
            assert f"assets/{folder}/" in text, f"assets/{folder}/ ships but LICENSES.md does not mention it"
    for shipped in [*asset("fonts").glob("*.ttf"), *asset("fonts").glob("*.otf")]:
        assert shipped.name in text, f"{shipped.name} ships without a line in LICENSES.md"


def test_about_shows_version_scrolls_and_closes_with_back(app: App, tmp_path: Path) -> None:
    about = AboutScene(app, log_folder=tmp_path)
    app.push(about)
    app.step(1 / 60)
    assert i18n.t("about.version", version=VERSION).endswith(VERSION)
    assert about.max_scroll() > 0  # the licences are longer than the panel at 1280x720
    app.dispatch(Intent(Action.DOWN))
    app.dispatch(Intent(Action.RIGHT))
    assert about.scroll > 0
    for _ in range(200):
        app.dispatch(Intent(Action.DOWN))
    assert about.scroll == about.max_scroll()
    app.step(1 / 60)
    app.dispatch(Intent(Action.BACK))
    assert app.top is not about


def test_drag_scrolls_and_the_back_button_closes(app: App, tmp_path: Path) -> None:
    about = AboutScene(app, log_folder=tmp_path)
    app.push(about)
    app.step(1 / 60)
    start = about.view.center
    app.dispatch(Intent(Action.POINTER_DOWN, pos=start))
    app.dispatch(Intent(Action.POINTER_MOVE, pos=(start[0], start[1] - 120)))
    app.dispatch(Intent(Action.POINTER_UP, pos=(start[0], start[1] - 120)))
    assert about.scroll == min(120, about.max_scroll())
    button = about.back_button.rect.center
    app.dispatch(Intent(Action.POINTER_DOWN, pos=button))
    app.dispatch(Intent(Action.POINTER_UP, pos=button))
    assert app.top is not about


@pytest.mark.parametrize("size", [(960, 600), (2560, 1440)])
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_about_draws_at_small_and_large_windows_in_both_languages(app: App, tmp_path: Path,
                                                                   size: tuple[int, int], lang: str) -> None:
    i18n.set_language(lang)
    about = AboutScene(app, log_folder=tmp_path)
    app.push(about)
    app.resize(size)
    app.step(1 / 60)
    assert about.view.bottom < about.back_button.rect.top
    assert about.view.width <= size[0]
    assert app.screen.get_at(about.view.center) != pygame.Color(0, 0, 0)


def test_a_missing_licences_file_is_said_not_crashed_on(app: App, tmp_path: Path) -> None:
    about = AboutScene(app, licences_file=tmp_path / "LICENSES.md", log_folder=tmp_path)
    app.push(about)
    app.step(1 / 60)
    assert "LICENSES.md" in about.blocks[0].text
