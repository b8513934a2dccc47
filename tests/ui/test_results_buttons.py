"""The results screen lays its buttons out when it is pushed or the window changes size, not while drawing: a
click lands before the results were ever drawn, and drawing moves nothing."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from tools.story import CHOP_AT, open_story, play_story
from ui.app import App
from ui.results import ResultsScene
from ui.settings_model import Settings
from ui.table.scene import TableScene

DT = 1 / 30


@pytest.fixture
def app() -> Iterator[App]:
    yield App(Settings(animation_speed=4.0, muted=True, language="en"))
    pygame.display.quit()


def undrawn_results(app: App, monkeypatch: pytest.MonkeyPatch, menu: list[str]) -> tuple[TableScene, ResultsScene]:
    """The story's game played to its end and its results pushed; the results' own drawing never runs."""
    skipped: list[ResultsScene] = []
    monkeypatch.setattr(ResultsScene, "draw", lambda self, surface: skipped.append(self))
    table = open_story(app, 2)
    table.on_game_over = lambda scene: app.push(ResultsScene(app, scene, on_menu=lambda: menu.append("menu")))

    def settle() -> None:
        for _ in range(600):
            app.step(DT, [])
            if not table.busy:
                return

    play_story(table, CHOP_AT + 1, settle)
    for _ in range(300):
        if isinstance(app.top, ResultsScene):
            break
        app.step(DT, [])
    results = app.top
    assert isinstance(results, ResultsScene)
    assert skipped  # the frame loop did come to draw the results
    monkeypatch.undo()
    return table, results


def click(app: App, pos: tuple[int, int]) -> None:
    """A real left click: the window's mouse events, turned into intents by the app."""
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])  # fmt: skip


def test_next_game_is_clickable_before_the_results_are_ever_drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table, results = undrawn_results(app, monkeypatch, [])
    game = table.session.game
    click(app, results.next_button.rect.center)
    assert app.top is table
    assert table.session.game is not game


def test_the_menu_button_is_clickable_before_the_results_are_ever_drawn(app: App,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    menu: list[str] = []
    _, results = undrawn_results(app, monkeypatch, menu)
    click(app, results.menu_button.rect.center)
    assert menu == ["menu"]


def test_drawing_the_results_moves_no_button_and_a_new_window_size_does(app: App,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    _, results = undrawn_results(app, monkeypatch, [])
    review, replay = (b for b, _ in results.looking_back)
    buttons = [replay, review, results.next_button, results.menu_button]  # left to right
    before = [b.rect.copy() for b in buttons]
    window = pygame.Rect((0, 0), app.size)
    assert all(r.width > 0 and window.contains(r) for r in before)
    assert all(a.right < b.left for a, b in zip(before, before[1:], strict=False))
    app.draw()
    assert [b.rect for b in buttons] == before
    app.resize((1600, 900))
    assert results.next_button.rect.centerx == 800
    assert all(b.rect != r for b, r in zip(buttons, before, strict=True))
