"""Cards that belong to no legal move are dimmed on the human's turn while a play is on the table."""

from __future__ import annotations

from game.engine.cards import parse_cards
from tests.ui.conftest import Driver
from ui.table.hand import unplayable


def _human_turn_facing_a_play(d: Driver) -> None:
    t = d.table
    g = t.session.game

    def facing() -> bool:
        if t.human_turn() and g.table is None:  # leading: play the lowest so the others answer
            t.model.hand.select_only(g.legal_moves(0)[0])
            t.actions.try_play()
        return t.human_turn() and g.table is not None

    d.until(facing)


def test_dimmed_cards_are_exactly_the_cards_in_no_legal_move(driver: Driver) -> None:
    _human_turn_facing_a_play(driver)
    t = driver.table
    g = t.session.game
    legal = g.legal_moves(0)
    in_some_move = {c for m in legal for c in m}
    assert t.controls.dimmed == {c for c in g.hands[0] if c not in in_some_move}
    driver.app.draw()  # drawn with the dimming, no error


def test_nothing_is_dimmed_when_the_player_leads_or_waits(driver: Driver) -> None:
    t = driver.table
    g = t.session.game
    driver.until(lambda: not t.dealing)
    for _ in range(400):
        if g.current_player != 0 or g.table is None:
            assert t.controls.dimmed == frozenset()
        if t.human_turn():
            legal = g.legal_moves(0)
            t.model.hand.select_only(legal[0]) if legal else None
            t.actions.try_play() if legal else t.actions.try_pass()
        driver.step()
        if g.is_over:
            break


def test_unplayable_keeps_every_card_of_a_legal_move() -> None:
    hand = parse_cards("3s 4h 5d 9c 9d Kh")
    legal = [tuple(parse_cards("9c 9d")), tuple(parse_cards("3s 4h 5d"))]
    assert unplayable(hand, legal) == frozenset(parse_cards("Kh"))
    assert unplayable(hand, []) == frozenset(hand)
