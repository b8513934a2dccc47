"""The practice hint panel lays its words out inside itself and clear of its buttons, at every table size."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")

from game.engine.cards import parse_cards  # noqa: E402
from game.engine.combos import classify  # noqa: E402
from game.review.advice import Advice, Reason  # noqa: E402
from game.table.choice import MatchChoice  # noqa: E402
from ui import i18n  # noqa: E402
from ui.learn.panel import practice_rect, text_fits, text_rects  # noqa: E402
from ui.learn.practice_scene import open_practice  # noqa: E402

STRAIGHT = classify(parse_cards("5c 6s 7h 8h 9h"))
LONGER = classify(parse_cards("5c 6s 7h 8h 9h 10s Jd"))
#: A long hint: a five-card play, the search overruling the plan, and a broken seven-card straight.
ADVICE = Advice(tuple(STRAIGHT.cards), (
    Reason("search", {"deals": 48, "other": classify(parse_cards("3d"))}),
    Reason("breaks_but_worth", {"play": STRAIGHT, "broken": LONGER}),
), "hard")  # fmt: skip


@pytest.mark.parametrize("lang", ["vi", "en"])
@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hint_fits_its_panel_clear_of_the_buttons(make_app, lang, size, players) -> None:
    app, profile = make_app(lang)
    i18n.set_language(lang)
    choice = MatchChoice(variant="mien-nam", opponents=("normal",) * (players - 1))
    open_practice(app, profile, choice, seed=5)
    scene = app.top
    app.resize(size)
    scene.sync()
    scene.advice = ADVICE
    lay = scene.table.layout
    panel = practice_rect(lay)
    lines = scene.lines()
    assert len(lines) >= 3, "the badge, the hint and at least its first reason"
    assert text_fits(panel, lay, lines, scene.buttons), [x.text for x in lines]
    rects = text_rects(panel, lay, lines, scene.buttons)
    assert len(rects) >= 3
    for r in rects:
        assert panel.contains(r), (r, panel)
        for b in scene.buttons:
            assert not r.colliderect(b.rect), (r, b.label_key, b.rect)
    for b in scene.buttons:
        assert panel.contains(b.rect)
    assert len(text_rects(panel, lay, lines[:1], scene.buttons)) == 1, "the title keeps to one line"


def test_practice_shows_the_round_log_as_a_match_does(make_app, monkeypatch) -> None:
    import ui.table.draw as draw

    app, profile = make_app("en")
    drawn: list[int] = []
    monkeypatch.setattr(draw, "draw_round_log", lambda *args: drawn.append(1))
    open_practice(app, profile, MatchChoice(variant="mien-nam"), seed=5)
    scene = app.top
    app.draw()
    assert drawn == [1] and scene.table.round_log  # the panel has a place of its own
