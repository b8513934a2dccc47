"""A pass is said once at the table: the seat's "Passed" tag, with no rising copy of the word over it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tools.story import open_story, play_story
from ui import fonts
from ui.app import App
from ui.i18n import set_language, t
from ui.settings_model import Settings

DT = 1 / 30


@pytest.fixture(params=["en", "vi"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    set_language(request.param)
    yield App(Settings(animation_speed=1.0, muted=True, language=request.param))
    pygame.display.quit()


def test_passed_is_drawn_once_per_passed_seat_while_the_pass_is_shown(app: App,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """"Passed" was drawn twice: a rising "Passed" over the seat's Passed tag (and over the next seat's cards)."""
    table = open_story(app, 4)

    def settle() -> None:
        for _ in range(600):
            app.step(DT, [])
            if not table.busy:
                return

    settle()
    play_story(table, 5, settle)  # up to You 2♠
    play_story(table, 6, lambda: None)  # Lan passes: shown over the next frames
    words: list[str] = []
    real = fonts.text
    monkeypatch.setattr(fonts, "text", lambda value, *a, **k: (words.append(value), real(value, *a, **k))[1])
    seen = 0
    for _ in range(30):  # the whole time the pass is shown, and after
        app.step(DT, [])
        words.clear()
        app.draw()
        passed = sorted(table.model.passed)
        assert words.count(t("table.passed")) == len(passed), words
        seen = max(seen, len(passed))
    assert seen == 1 and table.model.passed == {1}  # Lan's pass was shown, by its tag alone
