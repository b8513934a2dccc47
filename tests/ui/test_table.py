"""The table scene: selecting, refusing, playing, passing, resizing, keyboard play."""

from __future__ import annotations

import pygame

from game.combos import classify
from tests.ui.conftest import Driver
from ui.intents import Action, Intent
from ui.table.words import reason_text


def card_point(d: Driver, index: int) -> tuple[int, int]:
    t = d.table
    sp = t.hand_sprites[t.hand.cards[index]]
    r = sp.rect(t.art)
    return (r.left + 6, r.centery)


def test_clicking_a_card_selects_and_lifts_it(my_turn: Driver) -> None:
    t = my_turn.table
    t.hand.clear()
    if t.session.game.table is not None:  # smart pre-select may take more; make the table irrelevant
        t.session.game.table = None
    card = t.hand.cards[0]
    my_turn.click(card_point(my_turn, 0))
    my_turn.step(20)
    assert card in t.hand.selected
    assert t.hand_sprites[card].lift > 0


def test_drag_across_cards_selects_the_run_and_right_click_clears(my_turn: Driver) -> None:
    t = my_turn.table
    t.hand.clear()
    a, b = card_point(my_turn, 0), card_point(my_turn, 3)
    my_turn.app.step(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    my_turn.app.step(1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 0), buttons=(1, 0, 0))])
    my_turn.app.step(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert t.hand.selected == set(t.hand.cards[:4])
    my_turn.click(a, button=3)
    assert not t.hand.selected


def test_esc_clears_the_selection(my_turn: Driver) -> None:
    t = my_turn.table
    t.hand.select_only(t.hand.cards[:2])
    my_turn.key(pygame.K_ESCAPE)
    assert not t.hand.selected


def test_illegal_play_is_refused_with_the_engines_reason(my_turn: Driver) -> None:
    t = my_turn.table
    g = t.session.game
    cards = [t.hand.cards[0], t.hand.cards[-1]]
    assert classify(cards) is None or g.check_play(cards, 0) is not None
    t.hand.select_only(cards)
    before = len(g.log)
    t.refresh_buttons()
    assert not next(b for b in t.buttons if b.action == Action.PLAY).enabled
    my_turn.app.dispatch(Intent(Action.PLAY))
    assert len(g.log) == before
    expected = reason_text(g.check_play(cards, 0), classify(cards), g.table)
    assert t.notice == expected
    assert t.status()[0] == expected


def test_legal_play_is_animated_then_applied(my_turn: Driver) -> None:
    t = my_turn.table
    g = t.session.game
    move = g.legal_moves(0)[0]
    t.hand.select_only(move)
    count = len(g.hands[0])
    my_turn.app.dispatch(Intent(Action.PLAY))
    assert len(g.hands[0]) == count - len(move)
    my_turn.step(1)
    group = t.pile[-1]
    assert [sp.card for sp in group] == list(move)
    assert any(sp.flying for sp in group) and t.busy
    my_turn.step(30)
    assert all(not sp.flying for sp in group) or not t.pile


def test_pass_locks_the_seat_out_and_shows_it(my_turn: Driver, monkeypatch) -> None:  # noqa: ANN001
    d = my_turn
    t = d.table
    g = t.session.game
    d.until(lambda: t.human_turn() and g.table is not None or (t.human_turn() and t.try_play() and False))
    labels: list[str] = []
    from ui.table import painter

    real = painter.pill
    monkeypatch.setattr(painter, "pill", lambda surf, at, label, lay, **kw: (labels.append(label),
                                                                            real(surf, at, label, lay, **kw)))
    d.key(pygame.K_p)
    assert 0 in g.passed
    d.app.draw()
    assert "Bỏ lượt" in labels
    assert g.legal_moves(0) == [] or g.current_player != 0


def test_keyboard_alone_can_select_and_play(my_turn: Driver) -> None:
    t = my_turn.table
    g = t.session.game
    my_turn.key(pygame.K_h)
    assert t.hand.selected
    before = len(g.log)
    my_turn.key(pygame.K_RETURN)
    assert len(g.log) > before
    my_turn.until(lambda: t.human_turn() or g.is_over)
    if not g.is_over:
        t.hand.clear()
        my_turn.key(pygame.K_RIGHT)
        my_turn.key(pygame.K_SPACE)
        assert t.hand.cards[t.hand.focus] in t.hand.selected


def test_resizing_mid_animation_lands_everything(driver: Driver) -> None:
    driver.step(10)  # mid-deal
    assert driver.table.phase == "deal"
    driver.app.step(1 / 30, [pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640))])
    assert driver.app.size == (1000, 640)
    t = driver.table
    slots = t.hand_targets()
    for card, sp in t.hand_sprites.items():
        assert sp.pos == slots[card]
    driver.app.resize((500, 300))  # below the minimum: clamped
    assert driver.app.size == (960, 600)
    driver.until(lambda: t.human_turn())


def test_a_full_game_reaches_the_results_and_the_next_game(driver: Driver) -> None:
    from ui.results import ResultsScene

    t = driver.table
    g = t.session.game

    def act() -> bool:
        if t.human_turn():
            moves = g.legal_moves(0)
            if moves:
                t.hand.select_only(moves[0])
                t.try_play()
            else:
                t.try_pass()
        return isinstance(driver.app.top, ResultsScene)

    driver.until(act, frames=20000)
    results = driver.app.top
    assert isinstance(results, ResultsScene)
    winner = g.result.winner
    assert len(t.session.match.results) == 1
    driver.app.draw()
    driver.app.dispatch(Intent(Action.CONFIRM))
    assert driver.app.top is t
    assert t.session.game is not g
    assert t.session.game.current_player == winner or t.session.game.is_over


def test_the_deal_is_animated_card_by_card_from_the_first_frame(driver: Driver) -> None:
    t = driver.table
    driver.step(6)  # a fifth of a second: only the first few cards have landed
    assert t.phase == "deal" and 0 < sum(t.dealt) < 20
    driver.until(lambda: t.phase == "play")
    assert t.dealt == [len(h) for h in t.session.game.hands]
