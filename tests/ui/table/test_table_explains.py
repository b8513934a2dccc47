"""The table explains what happened: the round's log, who played the top combination, the one-card alert
and the turn direction, at a real table playing a scripted game (tools/story.py)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.cards import parse_cards
from tools.story import CHOP_AT, LOG_SHOWN, open_story, play_story
from ui import i18n
from ui.app import App
from ui.settings_model import Settings
from ui.table import draw
from ui.table.effects import Banner
from ui.table.flights import ChipFlight, PinnedText
from ui.table.layout import Layout
from ui.table.marks import RING_CENTRE_Y, arrow_paths, draw_one_card_alert, turn_arrows
from ui.table.model import TableModel
from ui.table.roundlog import draw_round_log, log_area, log_rows
from ui.table.scene import TableScene
from ui.table.seat_texts import avatar_rect, fan_rect

SIZES = ((1280, 720), (960, 600))


@pytest.fixture
def app() -> Iterator[App]:
    yield App(Settings(animation_speed=4.0, muted=True, language="en"))
    pygame.display.quit()


def settle(app: App, table: TableScene) -> None:
    for _ in range(600):
        app.step(1 / 30, [])
        if not table.busy:
            return
    raise AssertionError("the table never finished showing the moves")


def logged(model: TableModel) -> list[tuple[int, str | None]]:
    return [(turn.seat, None if turn.combo is None else str(turn.combo)) for turn in model.round_log]


def test_the_log_lists_the_rounds_plays_and_passes_in_order_and_clears_on_a_new_round(app: App) -> None:
    table = open_story(app, 4)
    settle(app, table)
    play_story(table, LOG_SHOWN, lambda: settle(app, table))
    assert [seat for seat, _ in logged(table.model)] == [0, 1, 2, 3]
    assert [cards for _, cards in logged(table.model)] == [str(parse_cards(c)[0]) for c in ("3s", "4c", "Qc", "Ah")]
    play_story(table, CHOP_AT - 1, lambda: settle(app, table))
    assert logged(table.model)[-4:] == [(0, "2♠"), (1, None), (2, "5♠ 5♣ 5♦ 5♥"), (3, None)]
    play_story(table, CHOP_AT, lambda: settle(app, table))  # the last pass closes the round
    assert table.model.round_log == [] and table.model.pile == []


def test_the_log_survives_a_resume(app: App) -> None:
    table = open_story(app, 3)
    settle(app, table)
    play_story(table, 6, lambda: settle(app, table))
    rebuilt = TableModel.from_game(table.session.game, 0)
    assert logged(rebuilt) == logged(table.model) == [(0, "3♠"), (1, "4♣"), (2, "Q♣"), (0, "2♠"), (1, None)]


def test_the_log_shows_the_latest_moves_and_counts_the_earlier_ones() -> None:
    model = TableModel.from_game(_game_after(7), 0)
    rows, earlier = log_rows(model.round_log, 3)
    assert rows == model.round_log[-3:] and earlier == len(model.round_log) - 3


def _game_after(n: int):  # type: ignore[no-untyped-def]
    from game.engine.game import Game
    from game.rules.loader import load_rules
    from tools.story import HANDS, MOVES

    names = ("You", "Lan", "Minh", "Tuấn")
    game = Game(load_rules("mien-nam"), [parse_cards(HANDS[x]) for x in names], leader=0)
    for who, cards in MOVES[:n]:
        game.play(parse_cards(cards), names.index(who)) if cards else game.pass_turn(names.index(who))
    return game


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("lang", ("en", "vi"))
def test_the_log_fits_its_corner_clear_of_avatars_and_cards(size: tuple[int, int], players: int, lang: str) -> None:
    i18n.set_language(lang)
    try:
        lay = Layout(size, players)
        surface = pygame.Surface(size)
        model = TableModel.from_game(_game_after(8), 0)
        names = ["You", "Lan", "Minh", "Tuấn"][:players]
        model.round_log = [turn for turn in model.round_log if turn.seat < players]
        rect = draw_round_log(surface, lay, model.round_log, names, [(0, 0, 0)] * 4)
        assert rect is not None and surface.get_rect().contains(rect) and log_area(lay).contains(rect)
        for place in lay.seats:
            r = int(lay.avatar_r * 1.35)
            avatar = pygame.Rect(place.badge[0] - r, place.badge[1] - r, 2 * r, 2 * r)
            assert not rect.colliderect(avatar), place.side
        top = next((p for p in lay.seats if p.side == "top"), None)
        if top is not None:  # the top seat's full fan of 13 cards
            fan_w = lay.small_w + lay.small_w * 0.34 * 12
            fan = pygame.Rect(int(top.fan[0] - fan_w / 2), 0, int(fan_w), top.fan[1] + lay.small_h // 2)
            assert not rect.colliderect(fan)
        assert rect.bottom < lay.centre[1] - lay.card_h // 2  # above the pile
    finally:
        i18n.set_language("en")


def test_the_top_marker_names_who_played_the_top_combination(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    marked: list[tuple[str, str]] = []
    real = draw.draw_top_marker
    monkeypatch.setattr(draw, "draw_top_marker", lambda surface, lay, play, pile, place, name: (
        marked.append((place.side, name)), real(surface, lay, play, pile, place, name))[1])
    table = open_story(app, 4)
    settle(app, table)
    for upto, who in ((1, ("bottom", "You")), (3, ("top", "Minh")), (7, ("top", "Minh"))):
        play_story(table, upto, lambda: settle(app, table))
        marked.clear()
        app.draw()
        assert marked == [who]
    play_story(table, CHOP_AT, lambda: settle(app, table))
    marked.clear()
    app.draw()
    assert marked == []  # a new round: nothing on the table, nobody to name


def test_the_one_card_alert_shows_exactly_while_a_seat_holds_one_card(app: App,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    alerts: list[int] = []
    real = draw.draw_one_card_alert
    monkeypatch.setattr(draw, "draw_one_card_alert", lambda surface, lay, place: (
        alerts.append(place.seat), real(surface, lay, place))[1])
    table = open_story(app, 4)
    settle(app, table)
    for upto in range(1, CHOP_AT + 1):
        play_story(table, upto, lambda: settle(app, table))
        alerts.clear()
        app.draw()
        ones = [s for s in range(4) if len(table.session.game.hands[s]) == 1]
        assert alerts == ones
    assert alerts == [2]  # Minh chopped with four 5s and holds the 8♥


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
@pytest.mark.parametrize("lang", ("en", "vi"))
def test_the_one_card_alert_stays_in_the_window_clear_of_the_face_the_log_and_the_bubble(
        size: tuple[int, int], players: int, lang: str) -> None:
    i18n.set_language(lang)
    lay = Layout(size, players)
    surface = pygame.Surface(size)
    try:
        for place in lay.seats:
            rect = draw_one_card_alert(surface, lay, place)
            r = lay.avatar_r
            face = pygame.Rect(0, 0, r, r)
            face.center = place.badge
            bubble = pygame.Rect(0, 0, int(110 * lay.unit), lay.small_font + 10)
            bubble.center = place.bubble
            assert surface.get_rect().contains(rect), place.side
            assert not rect.colliderect(face) and not rect.colliderect(log_area(lay)), place.side
            assert place.side == "bottom" or not rect.colliderect(bubble), place.side
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("players", (3, 4))
def test_the_turn_arrows_go_the_way_the_seats_take_turns(players: int) -> None:
    """Counter-clockwise on screen: with y pointing down, each step of the turn and each arrow, tail to head,
    turns the angle around the table's centre the negative way."""
    size = (1280, 720)
    lay = Layout(size, players)
    cx, cy = size[0] / 2, size[1] * RING_CENTRE_Y

    def angle(p: tuple[float, float]) -> float:
        return math.degrees(math.atan2(p[1] - cy, p[0] - cx))

    def negative_turn(a: float, b: float) -> bool:
        return 180 < (b - a) % 360 < 360

    seats = [angle(place.badge) for place in lay.seats]  # in turn order: seat 0, 1, 2, ...
    assert all(negative_turn(seats[i], seats[(i + 1) % players]) for i in range(players))
    for path in arrow_paths(size):
        assert negative_turn(angle(path[0]), angle(path[-1]))
    assert turn_arrows(size, players).get_bounding_rect().width > 0


def chips_shown(table: TableScene) -> list[str | None]:
    return [table.seat_label(s).chips for s in range(table.session.players)]


def test_chips_move_when_the_chop_is_paid_and_the_final_totals_count_it_once(app: App) -> None:
    table = open_story(app, 4)
    settle(app, table)
    play_story(table, CHOP_AT - 1, lambda: settle(app, table))
    assert chips_shown(table) == ["1000"] * 4  # the quad is down, but a chặt is paid when its round closes
    play_story(table, CHOP_AT, lambda: settle(app, table))
    assert chips_shown(table) == ["997", "1000", "1003", "1000"]
    assert [table.seat_label(s).total for s in range(4)] == ["−3", "0", "+3", "0"]
    assert TableModel.from_game(table.session.game, 0).chop_net == [-3.0, 0.0, 3.0, 0.0]  # kept on resume
    play_story(table, CHOP_AT + 1, lambda: settle(app, table))
    for _ in range(300):  # the game is over: the table records it once the texts are shown
        app.step(1 / 30, [])
    result = table.session.match.results[-1]
    assert [t.reason for t in result.transfers].count("chop") == 1
    assert chips_shown(table) == [f"{1000 + p:g}" for p in result.payments]
    assert chips_shown(table)[0] == "987"  # −3 for the chặt, −10 for 4 cards and the 2♦ (thối)


def test_the_chop_sends_a_chip_from_the_payer_to_the_payee(app: App) -> None:
    table = open_story(app, 3)
    settle(app, table)
    play_story(table, CHOP_AT - 1, lambda: settle(app, table))
    play_story(table, CHOP_AT, lambda: None)
    for _ in range(120):
        app.step(1 / 30, [])
        flights = [e for e in table.sprites.effects if isinstance(e, ChipFlight)]
        if flights:
            break
    lay = table.layout
    assert [(f.start, f.end, f.value) for f in flights] == [(lay.seats[0].badge, lay.seats[2].badge, "+3")]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", (2, 3, 4))
def test_end_of_game_texts_stay_in_the_window_clear_of_each_other_avatars_and_cards(
        size: tuple[int, int], players: int) -> None:
    app = App(Settings(animation_speed=4.0, muted=True, language="vi"), size=size)
    try:
        table = open_story(app, players)
        settle(app, table)
        play_story(table, CHOP_AT + 1, lambda: None)
        texts: list[PinnedText] = []
        for _ in range(200):
            app.step(1 / 30, [])
            texts = [e for e in table.sprites.effects if isinstance(e, PinnedText)]
            if table.model.is_over and len(texts) == players - 1:
                break
        assert len(texts) == players - 1  # every loser holds a 2 (thối)
        app.draw()
        window = pygame.Rect((0, 0), size)
        lay, model, arts = table.layout, table.model, table.arts
        cards = [sp.rect(arts.hand) for sp in table.sprites.hand.values()]
        cards += [sp.rect(arts.centre) for group in table.sprites.pile for sp in group]
        cards += [r for p in lay.seats if p.seat != 0
                  if (r := fan_rect(p, lay, model)) is not None]
        avatars = [avatar_rect(p, lay) for p in lay.seats]
        banners = [e.rect(lay.unit) for e in table.sprites.effects if isinstance(e, Banner)]
        for i, text in enumerate(texts):
            assert window.contains(text.rect), text.value
            assert text.rect.collidelist(avatars + cards + banners) == -1, text.value
            assert all(not text.rect.colliderect(other.rect) for other in texts[i + 1:]), text.value
    finally:
        pygame.display.quit()


def test_an_opponent_down_to_one_card_pings_once(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    heard: list[str] = []
    monkeypatch.setattr(app.sound, "play", lambda name, volume=1.0: heard.append(name))
    table = open_story(app, 4)
    settle(app, table)
    play_story(table, 6, lambda: settle(app, table))
    assert "alert" not in heard
    play_story(table, 7, lambda: settle(app, table))  # Minh's four 5s leave the 8♥ alone
    for _ in range(30):
        app.step(1 / 30, [])
    assert heard.count("alert") == 1
    assert (Path(__file__).parents[3] / "assets" / "sounds" / "alert.wav").is_file()
