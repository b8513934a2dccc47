"""The table's controls, driven through real events: auto-pass, Shift+H plays the hint, the drag-select hint,
a double-click that plays the one-click pick, and the status line once the game is over."""

from __future__ import annotations

import pygame
import pytest

from game.engine.cards import Card, parse_cards
from game.engine.game import Game
from game.review.judge import judge
from tests.ui.conftest import DT, Driver, make_driver
from ui.i18n import t
from ui.table.autopass import AUTO_PASS_SECONDS
from ui.table.words import shown


@pytest.fixture
def driver():
    d = make_driver()
    yield d
    pygame.display.quit()


def rig(d: Driver, hands: list[str], opener: str | None = None) -> Game:
    """Sit the table at a game with these hands; seat 3 leads ``opener`` (if given), so seat 0 answers it."""
    table = d.table
    game = Game(table.session.rules, [parse_cards(h) for h in hands], leader=3 if opener else 0, first_game=False,
                check_deal=False)
    if opener:
        game.play(parse_cards(opener), 3)
    table.session.match.current = game
    table.session.game = game
    table.start_game()  # a game with no move yet is dealt first
    d.until(table.human_turn, frames=600)
    return game


HANDS = ["5s 5h 9d Kc 3c", "6s 7s 8s 9s Ts", "6h 7h 8h 9h Th", "4s 4c 7d Jd 2h"]


def card_point(d: Driver, card: str) -> tuple[int, int]:
    t_ = d.table
    r = t_.sprites.hand[parse_cards(card)[0]].rect(t_.arts.hand)
    return (r.left + 6, r.centery)


# -- auto-pass --------------------------------------------------------------------------------------------
def test_auto_pass_waits_a_visible_moment_saying_why_then_passes(driver):
    driver.app.settings.auto_pass = True
    game = rig(driver, HANDS, opener="2h")
    assert game.legal_moves(0) == []
    before, hb = len(game.log), len(game.history)
    driver.step(1)
    text, _ = driver.table.controls.status
    assert text == t("controls.auto_passing", combo=shown(game.table))
    pace = driver.app.settings.animation_speed
    due = driver.app.next_due()  # the still loop wakes for the pass
    assert len(game.log) == before and due == pytest.approx(AUTO_PASS_SECONDS / pace, abs=DT * 2)
    driver.step(int(AUTO_PASS_SECONDS / pace / DT) - 2)
    assert len(game.log) == before  # not yet: the moment is visible
    driver.until(lambda: len(game.log) > before, frames=30)
    assert game.history[hb].seat == 0 and game.history[hb].combo is None


def test_auto_pass_never_passes_when_the_player_could_play(driver):
    driver.app.settings.auto_pass = True
    game = rig(driver, HANDS, opener="4s 4c")
    assert game.legal_moves(0)
    before = len(game.log)
    driver.step(int(5 * AUTO_PASS_SECONDS / DT))
    assert len(game.log) == before and driver.table.human_turn()
    assert not driver.table.autopass.pending


def test_without_the_setting_the_table_only_says_nothing_beats(driver):
    game = rig(driver, HANDS, opener="2h")
    before = len(game.log)
    driver.step(int(3 * AUTO_PASS_SECONDS / DT))
    assert len(game.log) == before and driver.table.controls.status[0] == t("table.no_answer")


# -- the hint ---------------------------------------------------------------------------------------------
def shift_h(d: Driver) -> None:
    d.app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=pygame.KMOD_LSHIFT, unicode="H",
                                       scancode=0)])


def coach_best(d: Driver, game: Game) -> tuple[Card, ...] | None:
    """The coach's best move for the player here: what the hint must be."""
    return judge(game.view(0), d.table.session.levels()).best


def test_h_thinks_then_selects_the_coachs_best_move_and_shift_h_plays_it(driver):
    game = rig(driver, HANDS, opener="4s 4c")
    best = coach_best(driver, game)
    assert best is not None
    driver.key(pygame.K_h)
    assert driver.table.actions.hint_thinking  # thought out off the window's thread: the status line says so
    assert driver.table.controls.status[0] == t("controls.hint_thinking")
    driver.wait_hint()
    assert driver.table.model.hand.selected == set(best)
    assert driver.table.controls.status[0] != t("controls.hint_thinking")
    hb = len(game.history)
    shift_h(driver)  # the hint on show: played at once
    assert game.history[hb].seat == 0 and set(game.history[hb].combo.cards) == set(best)


def test_shift_h_plays_the_coachs_move_once_thought_out_without_asking_for_the_hint_first(driver):
    game = rig(driver, HANDS, opener="4s 4c")
    best = coach_best(driver, game)
    hb = len(game.history)
    shift_h(driver)
    assert len(game.history) == hb  # still thinking
    driver.wait_hint()
    played = game.history[hb]
    assert played.seat == 0
    assert (played.combo is None) if best is None else set(played.combo.cards) == set(best)


def test_a_hint_still_thinking_is_dropped_when_the_player_moves_first(driver):
    game = rig(driver, HANDS, opener="4s 4c")
    table = driver.table
    driver.key(pygame.K_h)
    assert table.actions.hint_thinking
    driver.key(pygame.K_p)  # the player passes before the hint comes
    assert 0 in game.passed and not table.actions.hint_thinking
    assert table.controls.hint_note is None
    hb = len(game.history)
    driver.step(30)
    assert all(h.seat != 0 for h in game.history[hb:])  # nothing was played for the player afterwards


def test_shift_h_plays_the_hint_on_show_after_cycling(driver):
    game = rig(driver, ["3s 5s 5h 9d Kc", *HANDS[1:]], opener="4s")
    driver.hint()
    driver.key(pygame.K_h)
    on_show = set(driver.table.model.hand.selected)
    assert on_show
    hb = len(game.history)
    shift_h(driver)
    assert set(game.history[hb].combo.cards) == on_show


def test_the_keys_list_and_the_hint_tip_name_shift_h():
    for lang in ("vi", "en"):
        from ui import i18n

        i18n.set_language(lang)
        assert "Shift+H" in t("table.keys") and "Shift+H" in t("tip.hint")
    i18n.set_language("vi")


# -- double-click -----------------------------------------------------------------------------------------
def double_click(d: Driver, pos: tuple[int, int]) -> None:
    d.click(pos)
    d.click(pos)


def test_a_double_click_plays_the_one_click_pick(driver):
    game = rig(driver, HANDS, opener="4s 4c")
    hb = len(game.history)
    driver.click(card_point(driver, "5s"))
    assert driver.table.model.hand.selected == set(parse_cards("5s 5h"))  # one click picks the pair
    driver.click(card_point(driver, "5s"))
    assert game.history[hb].seat == 0 and set(game.history[hb].combo.cards) == set(parse_cards("5s 5h"))


def test_a_double_click_that_cannot_play_keeps_the_pick(driver):
    rig(driver, HANDS, opener="4s 4c")
    driver.click(card_point(driver, "9d"))  # no pair holds 9♦: a plain toggle
    driver.click(card_point(driver, "9d"))
    assert driver.table.model.hand.selected == set(parse_cards("9d"))


def test_two_slow_clicks_still_toggle_the_card_off(driver):
    game = rig(driver, HANDS)
    driver.click(card_point(driver, "9d"))
    driver.step(int(1.0 / DT))
    driver.click(card_point(driver, "9d"))
    assert not driver.table.model.hand.selected and not game.history


def test_a_double_click_on_a_lead_plays_the_single(driver):
    game = rig(driver, HANDS)
    double_click(driver, card_point(driver, "9d"))
    assert game.history[0].seat == 0 and game.history[0].combo.cards == tuple(parse_cards("9d"))


# -- the drag hint ----------------------------------------------------------------------------------------
def drag(d: Driver, a: tuple[int, int], b: tuple[int, int]) -> None:
    d.app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    d.app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 0), buttons=(1, 0, 0))])
    d.app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])


def test_the_drag_hint_shows_until_the_player_drags_once_and_is_remembered(driver):
    saved = []
    driver.app.on_settings_changed = saved.append
    rig(driver, HANDS)
    assert driver.table.controls.drag_hint
    drag(driver, card_point(driver, "5s"), card_point(driver, "Kc"))
    assert driver.table.model.hand.selected == set(parse_cards("5s 5h 9d Kc"))
    assert driver.app.settings.drag_learned and saved and saved[-1].drag_learned
    assert not driver.table.controls.drag_hint


@pytest.mark.parametrize("size", [(1280, 720), (960, 600)])
def test_the_drag_hint_covers_no_card_no_button_and_no_name(size):
    """Under the hint there is only felt: no card face, no button, no name plate's text (nothing bright)."""
    from game import load_rules
    from game.engine.match import Match
    from game.table.choice import MatchChoice
    from ui.app import App
    from ui.settings_model import Settings
    from ui.table.keeper import open_table
    from ui.table.overlays import drag_hint

    app = App(Settings(animation_speed=4.0, opponent_speed=8.0, muted=True), size=size)
    try:
        choice = MatchChoice("", ("normal",) * 3)
        open_table(app, None, choice, Match(load_rules(), choice.players, 5))
        d = Driver(app)
        table = d.table
        d.until(lambda: table.human_turn())
        assert table.controls.drag_hint
        cards = [sp.rect(table.arts.hand) for sp in table.sprites.hand.values()]
        plain = pygame.Surface(size)
        app.settings.drag_learned = True
        table.changed()
        table.draw(plain)
        box = drag_hint(pygame.Surface(size), table.layout, min(r.left for r in cards))
        assert box is not None and plain.get_rect().contains(box)
        assert box.collidelist(cards) == -1 and box.collidelist([b.rect for b in table.controls.buttons]) == -1
        rgb = pygame.image.tobytes(plain.subsurface(box), "RGB")
        darkest_channel = [min(rgb[i : i + 3]) for i in range(0, len(rgb), 3)]
        assert max(darkest_channel) < 120, "the hint covers something bright (a card, a name)"
    finally:
        pygame.display.quit()


# -- the status line --------------------------------------------------------------------------------------
def test_the_status_line_says_the_game_is_over(driver):
    game = rig(driver, ["3s", "6s 7s", "6h 7h", "4s 4c"])
    driver.click(card_point(driver, "3s"))
    driver.table.actions.try_play()
    assert game.is_over
    driver.step(3)
    assert driver.table.controls.status[0] == t("controls.game_over")
    assert t("reason.choose") not in driver.table.controls.status[0]


def test_a_refusal_never_floats_over_the_end_of_the_game(driver):
    """Enter with nothing selected is refused ("Choose the cards to play"); once a move is made that refusal
    is gone, so it cannot float over the game-over line."""
    from ui.table.effects import FloatText

    game = rig(driver, ["3s", "6s 7s", "6h 7h", "4s 4c"])
    driver.key(pygame.K_RETURN)
    choose = t("reason.choose")
    assert any(isinstance(e, FloatText) and e.value == choose for e in driver.table.sprites.effects)
    driver.hint()  # the hint selects 3♠
    driver.key(pygame.K_RETURN)
    assert game.is_over
    driver.step(3)
    assert not any(isinstance(e, FloatText) and e.value == choose for e in driver.table.sprites.effects)
    assert driver.table.controls.notice == "" and driver.table.controls.status[0] == t("controls.game_over")


def test_a_refusal_the_status_line_already_gives_is_not_floated_over_it_again(driver):
    from ui.table.effects import FloatText

    rig(driver, HANDS, opener="4s 4c")
    table = driver.table
    table.model.hand.select_only(parse_cards("9d Kc"))
    table.changed()
    reason, _ = table.controls.status
    driver.key(pygame.K_RETURN)
    assert table.controls.notice == reason
    assert not any(isinstance(e, FloatText) and e.value == reason for e in table.sprites.effects)
    assert table.controls.status[0] == reason
