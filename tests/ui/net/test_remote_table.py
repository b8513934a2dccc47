"""The networked table headless, against a real server in this process on 127.0.0.1 (no network mocks): the
window hosts through its waiting room, a guest sits down through the client side the window uses
(``RemoteSession`` over a ``Link``), and the one ``TableScene`` plays the host's seat."""

from __future__ import annotations

import time
from typing import Any

from game.net.seats import TableTimes
from tests.ui.menus.helpers import click, item
from tests.ui.net.tables_here import run
from ui.i18n import t
from ui.menus.dialogs import Dialog
from ui.net.friends_menu import FriendsMenu
from ui.net.opening import NetResultsScene
from ui.net.table import NetTableScene
from ui.table.effects import FloatText


def test_the_host_window_plays_a_whole_game_and_ends_on_the_true_game(hosted):
    app, profile, menu, room, [guest] = hosted()
    assert [n for n in room.link.names[:2]] == ["Hoa", "Guest1"]
    app.draw()
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top
    session = table.remote
    assert session.kinds == ["local", "remote", "remote"] and session.bots == {}
    assert table.model.unseen == {1, 2} and table.model.shown_faces(1) is None

    def play() -> None:
        guest.pump()
        if isinstance(app.top, NetTableScene) and table.human_turn():
            table.actions.play_hint()

    try:
        run(app, 120, lambda: isinstance(app.top, NetResultsScene), play)
    except AssertionError:
        g, gs = session.game, guest.session
        raise AssertionError(f"top {type(app.top).__name__} turn {g.current_player} over {g.is_over} pending "
                             f"{session.pending} queue {len(table.driver.queue)} busy {table.busy} guest "
                             f"{gs and (gs.game.current_player, gs.game.is_over, gs.pending, gs.deal_ready)} "
                             f"log {len(g.log)} {session.notes} {gs and gs.notes} ended {session.ended}") from None
    app.draw()
    game = session.game
    assert game.is_over and game.result is not None and not table.model.unseen
    assert [sorted(h) for h in table.model.hands] == [sorted(h) for h in game.hands], "the true hands at the end"
    assert guest.games and guest.games[0].to_dict() == game.to_dict(), "host and guest saw different games"
    assert session.totals == list(game.result.payments) == guest.session.totals
    kept = [e for e in profile.history.entries() if e.friends]
    assert len(kept) == 1 and kept[0].game == game.to_dict() and kept[0].names[1] == "Guest1"
    click(app, item_button(app.top))  # Next game: the server deals when both are ready
    run(app, 15, lambda: isinstance(app.top, NetTableScene), guest.pump)
    assert table.remote.game_no == 2 and not table.remote.game.is_over


def item_button(results: NetResultsScene) -> Any:
    class At:  # the results screen's Next button, clicked where it is drawn
        rect = results.next_button.rect
        is_option = False

    return At()


def test_a_refused_move_gives_the_turn_back_with_the_servers_reason(hosted):
    app, _, _, room, [guest] = hosted(players=2)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top
    session = table.remote
    run(app, 30, lambda: table.human_turn(), guest.pump)
    assert session.human is not None
    held = set(session.game.hands[session.human])
    foreign = next(c for h in session.game.hands if h is not session.game.hands[session.human] for c in h
                   if c not in held)  # a stand-in: a card this seat does not hold  # fmt: skip
    assert session.play([foreign], session.human) == [] and session.pending
    assert not table.human_turn()
    run(app, 10, lambda: not session.pending, guest.pump)
    assert table.human_turn(), "the turn came back after the refusal"
    assert any(isinstance(e, FloatText) for e in table.sprites.effects) or table.controls.notice


def test_the_turn_timer_shows_and_when_it_runs_out_the_table_says_so(hosted):
    app, _, _, room, [guest] = hosted(players=2, timer=15)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top
    run(app, 30, lambda: table.human_turn(), guest.pump)
    left = table.remote.seconds_left()
    assert left is not None and 0 < left <= 15
    app.draw()  # the ring and the seconds around the player's avatar
    before = len(table.remote.game.history)
    run(app, 25, lambda: len(table.remote.game.history) > before, guest.pump)  # nobody plays for the host...
    words = [e.value for e in table.sprites.effects if isinstance(e, FloatText)]
    assert any("ran out of time" in w for w in words), words  # ...the server did, and the table says so


def test_chat_phrases_reach_the_other_seat(hosted):
    app, _, _, room, [guest] = hosted(players=2, plays=False)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene) and guest.session is not None, guest.pump)
    table = app.top
    assert guest.session is not None
    guest.session.say("good_game")
    run(app, 10, lambda: bool(table.remote.chat), guest.pump)
    assert table.remote.chat[0][:2] == (1, "good_game")
    assert table.chat.send("thanks")
    run(app, 10, lambda: any(c[:2] == (0, "thanks") for c in guest.session.chat), guest.pump)
    app.draw()


def test_the_host_leaving_ends_the_table_for_the_guest_with_a_message(hosted, make_app):
    app, _, _, room, [guest] = hosted(players=2, plays=False)
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene) and guest.session is not None, guest.pump)
    table = app.top
    table.on_leave()  # Esc: the dialog says that the host's leaving ends the match for everyone
    dialog = app.top
    assert isinstance(dialog, Dialog) and "ends the match for everyone" in dialog.message()
    click(app, dialog.items[0])
    assert isinstance(app.top, FriendsMenu) and table.remote.link.closed
    assert guest.session is not None
    end = time.monotonic() + 10
    while guest.session.ended is None and time.monotonic() < end:
        guest.pump()
        time.sleep(0.01)
    assert guest.session.ended == "The host left the table"


def test_the_next_game_goes_on_while_the_host_reads_the_results_and_is_shown_from_its_deal(hosted):
    app, _, _, room, [guest] = hosted(players=2, times=TableTimes(ready_cap=0.5))
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top

    def play() -> None:
        guest.pump()
        if isinstance(app.top, NetTableScene) and table.human_turn():
            game = table.session.game
            legal = game.legal_moves(table.session.human)
            table.actions.move(legal[0] if legal else None)  # the lowest move: quick, and the hint is not asked here

    run(app, 120, lambda: isinstance(app.top, NetResultsScene), play)
    # the results stay up; the server deals game 2 after its cap and the guest plays on in it
    run(app, 20, lambda: guest.session is not None and guest.session.game_no == 2 and table.remote.deal_ready,
        guest.pump)  # fmt: skip
    run(app, 5, lambda: False if guest.session is None else len(guest.session.game.history) >= 1
        or guest.session.game.current_player == 0, guest.pump)  # fmt: skip
    click(app, item_button(app.top))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    session = table.remote
    run(app, 30, lambda: not table.busy and (table.human_turn() or session.game.is_over), guest.pump)
    assert session.game_no == 2
    assert guest.session is not None
    assert [a.combo for a in session.game.history] == [a.combo for a in guest.session.game.history]
    shown = [t.combo for t in table.model.round_log]
    assert shown == [a.combo for a in session.game.history if a.round_index == session.game.round_index]



def test_the_hint_at_a_network_table_is_the_coachs_best_for_this_seat(hosted):
    """The hint is the coach's judge on this seat's own view (the shadow game), picturing the server's bots at
    the table's level and the guest as a person; the window keeps going while it is thought out."""
    from game.review.judge import judge

    app, _, _, room, [guest] = hosted()
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    table = app.top
    session = table.remote
    run(app, 30, table.human_turn, guest.pump)
    for _ in range(20):  # with nothing that beats the table the hint says "pass" at once: wait for a real choice
        game = session.game
        if game.legal_moves(session.human) or game.table is None:
            break
        table.actions.hint()
        assert not table.actions.hint_thinking and table.controls.status[0] == t("controls.hint_pass")
        assert table.actions.try_pass()
        run(app, 30, lambda dealt=game: not table.human_turn() or session.game is not dealt, guest.pump)
        run(app, 60, table.human_turn, guest.pump)
    levels = session.levels()
    assert levels == [None, None, "easy"]  # this window, the guest, a bot of the table's level
    table.actions.hint()
    assert table.actions.hint_thinking
    run(app, 60, lambda: not table.actions.hint_thinking, guest.pump)
    best = judge(session.game.view(session.human), levels).best
    if best is None:
        assert table.controls.status[0] == t("controls.hint_pass") and not table.model.hand.selected
    else:
        assert table.model.hand.selected == set(best)


def test_a_bot_level_this_version_does_not_know_is_pictured_as_a_person(hosted):
    app, _, _, room, [guest] = hosted()
    click(app, item(room, "start"))
    run(app, 10, lambda: isinstance(app.top, NetTableScene), guest.pump)
    session = app.top.remote
    session.link.table["bot_level"] = "grandmaster" * 1000  # what a hostile server might say
    assert session.levels() == [None, None, None]
