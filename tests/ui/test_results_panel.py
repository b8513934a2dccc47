"""The results panel: a chặt payment says what was chopped with what and its price, and the panel leaves no
corner of the round's log showing beside it."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.engine.cards import parse_cards
from game.engine.combos import Combo, classify
from game.engine.events import Chopped
from game.engine.scoring import Transfer
from game.rules.loader import load_rules
from tools.story import CHOP_AT, open_story, play_story
from ui import fonts
from ui.app import App
from ui.i18n import set_language
from ui.results import ResultsScene
from ui.settings_model import Settings
from ui.table import draw
from ui.table.scene import TableScene
from ui.table.words import chop_chains, chop_reason, transfer_reason

DT = 1 / 30


@pytest.fixture
def lang() -> Iterator[str]:
    yield "en"
    set_language("en")


def finished_story(lang: str, size: tuple[int, int] = (1280, 720)) -> tuple[App, TableScene, ResultsScene]:
    """The story's game (You 2♠, Minh chops it with four 5s, then goes out) with its results on screen."""
    set_language(lang)
    app = App(Settings(animation_speed=4.0, muted=True, language=lang), size=size)
    table = open_story(app, 4)
    table.on_game_over = lambda scene: app.push(ResultsScene(app, scene, on_menu=lambda: None))

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
    assert isinstance(app.top, ResultsScene)
    return app, table, app.top


@pytest.mark.parametrize(("language", "line"), [
    ("en", "You pay Minh 3 — 2♠ chopped by a quad (chặt) = 3"),
    ("vi", "Bạn trả Minh 3 — heo 2♠ bị chặt bằng tứ quý = 3"),
])  # fmt: skip
def test_a_chop_payment_on_the_results_says_what_was_chopped_with_what_and_its_price(
        language: str, line: str, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:  # fmt: skip
    """It said only "You pay Minh 3 — chopped", while the cards-left payments were itemised."""
    app, _, results = finished_story(language)
    assert results.payment_lines()[0] == line
    drawn: list[str] = []
    real = fonts.fit_text
    monkeypatch.setattr(fonts, "fit_text", lambda value, *a, **k: (drawn.append(value), real(value, *a, **k))[1])
    app.draw()
    assert line in drawn
    pygame.display.quit()


def combo(cards: str) -> Combo:
    found = classify(parse_cards(cards))
    assert found is not None
    return found


@pytest.mark.parametrize(("language", "text"), [
    ("en", "the pair 2♠ 2♥ chopped by a 3-pair run, then by a quad (chặt chồng): "
           "2♠ × 3 + 2♥ × 6 + 3-pair run × 6 = 15"),
    ("vi", "đôi heo 2♠ 2♥ bị chặt chồng bằng 3 đôi thông, rồi tứ quý: 2♠ × 3 + 2♥ × 6 + 3 đôi thông × 6 = 15"),
])  # fmt: skip
def test_a_chain_of_chops_is_itemised_in_both_languages(language: str, text: str, lang: str) -> None:
    set_language(language)
    rules = load_rules("mien-nam")
    chain = [combo("2s 2h"), combo("3s 3c 4s 4c 5s 5c"), combo("6s 6c 6d 6h")]
    total = rules.prices.two[0] + rules.prices.two[3] + rules.prices.pair_run_3
    assert total == 15
    assert transfer_reason(Transfer(1, 2, total, "chop"), rules, (), chain) == text
    assert chop_reason(chain, rules, total + 1) == text.split(":")[0]  # a price it cannot explain: no sum


def test_each_chop_payment_is_matched_with_its_own_chain() -> None:
    two, quad, run = combo("2h"), combo("9s 9c 9d 9h"), combo("3s 3c 4s 4c 5s 5c")
    log = [Chopped(0, 1, 6, (two, quad)), Chopped(2, 1, 6, (two, run)), Chopped(0, 1, 6, (combo("2d"), quad))]
    transfers = [Transfer(0, 1, 6, "chop"), Transfer(0, 3, 4, "thoi"), Transfer(2, 1, 6, "chop"),
                 Transfer(0, 1, 6, "chop")]  # fmt: skip
    assert chop_chains(log, transfers) == [(two, quad), (), (two, run), (combo("2d"), quad)]


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
@pytest.mark.parametrize("language", ["en", "vi"])
def test_the_results_panel_leaves_no_corner_of_the_round_log_showing(size: tuple[int, int], language: str,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    lang: str) -> None:  # fmt: skip
    """"This round" showed through at the top right, above the results panel's corner."""
    logs: list[pygame.Rect | None] = []
    real = draw.draw_round_log
    monkeypatch.setattr(draw, "draw_round_log", lambda *a: (logs.append(real(*a)), logs[-1])[1])
    app, table, results = finished_story(language, size)
    table.results_shown = False  # the table as it was just before the results came
    logs.clear()
    table.draw(app.screen)
    before = [r for r in logs if r is not None]
    assert before and before[0].colliderect(results.box) and not results.box.contains(before[0])  # the case
    table.results_shown = True
    logs.clear()
    app.draw()  # the table under the results, then the results
    for rect in (r for r in logs if r is not None):
        assert results.box.contains(rect) or not rect.colliderect(results.box), (rect, results.box)
    pygame.display.quit()
