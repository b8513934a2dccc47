"""The table scene: selecting, refusing, playing, passing, resizing, keyboard play."""

from __future__ import annotations

import pygame

from game.engine.combos import classify
from tests.ui.conftest import Driver
from ui.intents import Action, Intent
from ui.table.sprites import hand_targets
from ui.table.words import reason_text


def card_point(d: Driver, index: int) -> tuple[int, int]:
    t = d.table
    sp = t.sprites.hand[t.model.hand.cards[index]]
    r = sp.rect(t.arts.hand)
    return (r.left + 6, r.centery)


def play_until_i_lead(d: Driver) -> None:
    """Play on (the smallest play, else pass) until it is the player's turn to lead a new round."""
    t, g = d.table, d.table.session.game

    def leading() -> bool:
        if not t.human_turn():
            return False
        if g.table is None:
            return True
        moves = g.legal_moves(0)
        t.model.hand.select_only(moves[0]) if moves else None
        t.actions.try_play() if moves else t.actions.try_pass()
        return False

    d.until(leading)


def test_clicking_a_card_selects_and_lifts_it(my_turn: Driver) -> None:
    t = my_turn.table
    play_until_i_lead(my_turn)  # on a lead a click picks just that card (no smallest-beating pick)
    t.model.hand.clear()
    card = t.model.hand.cards[0]
    my_turn.click(card_point(my_turn, 0))
    my_turn.step(20)
    assert card in t.model.hand.selected
    assert t.sprites.hand[card].lift > 0


def test_drag_across_cards_selects_the_run_and_right_click_clears(my_turn: Driver) -> None:
    t = my_turn.table
    t.model.hand.clear()
    a, b = card_point(my_turn, 0), card_point(my_turn, 3)
    my_turn.app.step(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    my_turn.app.step(1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 0), buttons=(1, 0, 0))])
    my_turn.app.step(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert t.model.hand.selected == set(t.model.hand.cards[:4])
    my_turn.click(a, button=3)
    assert not t.model.hand.selected


def test_esc_clears_the_selection(my_turn: Driver) -> None:
    t = my_turn.table
    t.model.hand.select_only(t.model.hand.cards[:2])
    my_turn.key(pygame.K_ESCAPE)
    assert not t.model.hand.selected


def test_illegal_play_is_refused_with_the_engines_reason(my_turn: Driver) -> None:
    t = my_turn.table
    g = t.session.game
    cards = [t.model.hand.cards[0], t.model.hand.cards[-1]]
    assert classify(cards) is None or g.check_play(cards, 0) is not None
    t.model.hand.select_only(cards)
    before = len(g.log)
    t.changed()
    assert not next(b for b in t.controls.buttons if b.action == Action.PLAY).enabled
    my_turn.app.dispatch(Intent(Action.PLAY))
    assert len(g.log) == before
    expected = reason_text(g.check_play(cards, 0), classify(cards), g.table)
    assert t.controls.notice == expected
    assert t.controls.status[0] == expected


def test_legal_play_is_animated_then_applied(my_turn: Driver) -> None:
    t = my_turn.table
    g = t.session.game
    move = g.legal_moves(0)[0]
    t.model.hand.select_only(move)
    count = len(g.hands[0])
    my_turn.app.dispatch(Intent(Action.PLAY))
    assert len(g.hands[0]) == count - len(move)
    my_turn.step(1)
    group = t.sprites.pile[-1]
    assert [sp.card for sp in group] == list(move)
    assert any(sp.flying for sp in group) and t.busy
    my_turn.until(lambda: not any(sp.flying for sp in group), frames=60)
    assert t.sprites.pile and t.sprites.pile[-1] is group  # landed on the pile (not swept away in flight)
    assert [sp.pos for sp in group] == t.layout.play_slots(len(move), len(t.sprites.pile) - 1)


def test_pass_locks_the_seat_out_and_shows_it(my_turn: Driver, monkeypatch) -> None:  # noqa: ANN001
    d = my_turn
    t = d.table
    g = t.session.game
    d.until(lambda: t.human_turn() and g.table is not None or (t.human_turn() and t.actions.try_play() and False))
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
    my_turn.hint()
    if not t.model.hand.selected:  # the hint is to pass: H again picks the lowest play
        my_turn.key(pygame.K_h)
    assert t.model.hand.selected
    before = len(g.log)
    my_turn.key(pygame.K_RETURN)
    assert len(g.log) > before
    my_turn.until(lambda: t.human_turn() or g.is_over)
    if not g.is_over:
        t.model.hand.clear()
        my_turn.key(pygame.K_RIGHT)
        my_turn.key(pygame.K_SPACE)
        assert t.model.hand.cards[t.model.hand.focus] in t.model.hand.selected


def test_resizing_mid_animation_lands_everything(driver: Driver) -> None:
    driver.step(10)  # mid-deal
    assert driver.table.dealing
    driver.app.step(1 / 30, [pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=640, size=(1000, 640))])
    assert driver.app.size == (1000, 640)
    t = driver.table
    slots = hand_targets(t.model.hand, t.layout)
    for card, sp in t.sprites.hand.items():
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
                t.model.hand.select_only(moves[0])
                t.actions.try_play()
            else:
                t.actions.try_pass()
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
    assert t.dealing and t.model.dealt is not None and 0 < sum(t.model.dealt) < 20
    counts: list[list[int]] = []
    driver.until(lambda: counts.append([t.model.count(s) for s in range(4)]) or not t.dealing)
    assert counts[-2] == [len(h) for h in t.session.game.hands]  # every card landed before the deal ended
    assert t.model.dealt is None
