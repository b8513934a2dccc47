"""What is drawn over the table stays off what the player must see: a button's tip never covers the hand (nor
the status line), nor does a name plate's tip, at both window sizes and in both languages. Each plate's number
is labelled."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game import load_rules
from game.engine.match import Match
from game.table.choice import MatchChoice
from tests.ui.conftest import wait_hint
from ui import fonts
from ui.app import App
from ui.i18n import set_language, t
from ui.intents import Action
from ui.settings_model import Settings
from ui.table import overlays, painter
from ui.table.keeper import open_table
from ui.table.scene import TableScene

DT = 1 / 30
SIZES = [(1280, 720), (960, 600)]


@pytest.fixture(params=[(size, lang) for size in SIZES for lang in ("en", "vi")], ids=lambda p: f"{p[1]}-{p[0][0]}")
def table(request: pytest.FixtureRequest) -> Iterator[TableScene]:
    """A table at the window size and language, at the player's turn with the hint's cards raised."""
    size, lang = request.param
    app = App(Settings(animation_speed=4.0, opponent_speed=8.0, muted=True, language=lang), size=size)
    set_language(lang)
    choice = MatchChoice("", ("normal",) * 3)
    open_table(app, None, choice, Match(load_rules(None), 4, 5))
    scene = app.stack[0]
    assert isinstance(scene, TableScene)
    for _ in range(6000):
        if scene.human_turn():
            break
        app.step(DT, [])
    assert app.size == size and scene.human_turn()
    yield scene
    pygame.display.quit()


def hover(app: App, pos: tuple[int, int]) -> None:
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))])


def hand_rects(scene: TableScene) -> list[pygame.Rect]:
    return [scene.sprites.hand[c].rect(scene.arts.hand) for c in scene.model.hand.cards]


def test_a_buttons_tip_covers_no_card_of_the_hand_nor_the_status_line(table: TableScene,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The Hint button's tip was drawn under the button, over the raised selected cards, hiding their ranks."""
    app = table.app
    table.actions.hint()  # the hint's cards raised, right under the buttons
    wait_hint(app, table)
    if not table.model.hand.selected:  # the hint is to pass: raise some cards all the same
        table.model.hand.select_only(table.model.hand.cards[:3])
        table.choreo.relayout_hand()
    for _ in range(30):
        app.step(DT, [])
    drawn: list[pygame.Rect] = []
    real = overlays.tip
    monkeypatch.setattr(overlays, "tip", lambda *a: drawn.append(real(*a)) or drawn[-1])
    window = pygame.Rect((0, 0), app.size)
    status = pygame.Rect(0, painter.status_top(table.layout), app.size[0], 1)
    status.height = 2 * (table.layout.message_y - status.top)
    for action in overlays.TIPS:
        button = table.controls.button(action)
        hover(app, button.rect.center)
        drawn.clear()
        app.draw()
        assert button.hover and drawn, action
        tip = drawn.pop()
        assert window.contains(tip)
        assert tip.collidelist(hand_rects(table)) == -1, (action, tip)
        assert not tip.colliderect(status), (action, tip)
        assert tip.collidelist([b.rect for b in table.controls.buttons]) == -1
        assert abs(tip.centerx - button.rect.centerx) <= 1 or not window.inflate(-40, -40).contains(tip)
    assert any(table.sprites.hand[c].lift > 0 for c in table.model.hand.selected)  # the raised cards were checked
    hover(app, (2, 2))
    drawn.clear()
    app.draw()
    assert not drawn and not any(b.hover for b in table.controls.buttons if b.action == Action.HINT)


def test_each_plates_number_is_labelled_and_pointing_at_the_plate_says_what_it_is(
        table: TableScene, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """The number on each seat plate (0, then +9 / −9) had no label or tooltip."""
    app = table.app
    words: list[str] = []
    real_text = fonts.text
    monkeypatch.setattr(fonts, "text", lambda value, *a, **k: (words.append(value), real_text(value, *a, **k))[1])
    tips: list[tuple[pygame.Rect, str]] = []
    real_beside = overlays.beside
    monkeypatch.setattr(overlays, "beside", lambda s, lay, target, value, avoid: (
        tips.append((real_beside(s, lay, target, value, avoid), value)), tips[-1][0])[1])  # fmt: skip
    app.draw()
    assert words.count(t("table.total_label")) == table.model.players  # a word beside every total
    assert not tips
    window = pygame.Rect((0, 0), app.size)
    for seat in range(table.model.players):
        plate = table._plate(seat).rect
        hover(app, (plate.right - 6, plate.bottom - 6))  # on the number
        tips.clear()
        app.draw()
        assert table.hovered_plate == seat
        (rect, value), = tips
        assert value == t("table.total_tip", total=table.seat_label(seat).total)
        assert window.contains(rect) and not rect.colliderect(plate)
        assert rect.collidelist(hand_rects(table)) == -1, (seat, rect)
        assert rect.collidelist([b.rect for b in table.controls.buttons]) == -1, (seat, rect)
    hover(app, (app.size[0] // 2, app.size[1] // 2))
    tips.clear()
    app.draw()
    assert table.hovered_plate is None and not tips
