"""At the table, the computer players see the end of every deal (the hands turned face up), once, so a
searching bot reads its opponents over the match."""

from __future__ import annotations

import json
from collections.abc import Sequence

from pytest import MonkeyPatch

import game.table.session as session_module
from game.ai import make_bot
from game.ai.hard import HardBot
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.view import SeatView
from game.rules.loader import load_rules
from game.table.bots import Chooser
from game.table.choice import MatchChoice
from game.table.session import Session


class Watching(HardBot):
    """A hard bot that notes every end of a deal it is shown."""

    def __init__(self) -> None:
        super().__init__(seed=1, playouts=3)
        self.ends: list[tuple[SeatView, Sequence[Sequence[Card]]]] = []

    def deal_over(self, view: SeatView, shown: Sequence[Sequence[Card]]) -> None:
        self.ends.append((view, shown))
        super().deal_over(view, shown)


def test_every_bot_sees_each_deal_end_once_with_the_hands_shown() -> None:
    session = Session(MatchChoice("mien-nam", ("hard", "normal", "hard")), Match(load_rules("mien-nam"), 4, 5))
    watchers = {seat: Watching() for seat in session.bots}
    session.bots = dict(watchers)
    me = make_bot("normal")
    for deal in range(2):
        game = session.game
        while not game.is_over:
            seat = game.current_player
            bot = me if seat == 0 else session.bots[seat]
            move = bot.choose(game.view(seat))
            if move is None:
                session.pass_turn(seat)
            else:
                session.play(move, seat)
        for seat, w in watchers.items():
            assert len(w.ends) == deal + 1
            view, shown = w.ends[-1]
            assert view.seat == seat and view.is_over
            assert [list(h) for h in shown] == [list(h) for h in game.hands]
            assert set(w.memory) <= {s for s in range(4) if s != seat} and w.memory
        session.next_game()


def test_a_resumed_match_remembers_what_the_bots_read_before_it_stopped(monkeypatch: MonkeyPatch) -> None:
    """The save keeps each finished deal, so on resuming the bots are shown them again, in order: their
    memory is what it would be had the match never stopped, and a new deal is decided the same way."""
    def quick(level: str, seed: int) -> Chooser:
        return make_bot(level, seed=seed, **({"playouts": 3} if level in ("hard", "expert") else {}))

    monkeypatch.setattr(session_module, "make_opponent", quick)
    choice = MatchChoice("mien-nam", ("hard", "expert", "normal"))
    session = Session(choice, Match(load_rules("mien-nam"), 4, 11))
    me = make_bot("normal")
    for _ in range(3):
        game = session.game
        while not game.is_over:
            seat = game.current_player
            move = (me if seat == 0 else session.bots[seat]).choose(game.view(seat))
            session.pass_turn(seat) if move is None else session.play(move, seat)
        session.next_game()
    remembered = {seat: dict(bot.memory) for seat, bot in session.bots.items() if isinstance(bot, HardBot)}
    assert set(remembered) == {1, 2} and all(remembered.values())

    resumed = Session(choice, Match.from_dict(session.match.to_dict()))
    assert {seat: dict(bot.memory) for seat, bot in resumed.bots.items()
            if isinstance(bot, HardBot)} == remembered  # fmt: skip
    assert Session(choice, Match(load_rules("mien-nam"), 4, 11)).bots[1].memory == {}  # type: ignore[union-attr]


def test_a_resumed_match_shows_each_bot_the_same_deal_ends_as_the_match_did(monkeypatch: MonkeyPatch) -> None:
    """Resuming shows the bots the finished deals the save was rebuilt from: each bot sees the same views and
    hands, in the same order, as while the match was played, and so does a second table on the same match."""
    monkeypatch.setattr(session_module, "make_opponent", lambda level, seed: Watching())
    choice = MatchChoice("xep-hang", ("hard", "expert"))
    session = Session(choice, Match(load_rules("xep-hang"), 3, 7))
    me = make_bot("normal")
    for deal in range(4):
        game = session.game
        while not game.is_over and (deal < 3 or len(game.history) < 6):  # the last deal left in progress
            seat = game.current_player
            move = (me if seat == 0 else session.bots[seat]).choose(game.view(seat))
            session.pass_turn(seat) if move is None else session.play(move, seat)
        if deal < 3:
            session.next_game()
    shown = {seat: bot.ends for seat, bot in session.bots.items() if isinstance(bot, Watching)}
    assert set(shown) == {1, 2} and all(len(ends) == 3 for ends in shown.values())

    match = Match.from_dict(json.loads(json.dumps(session.match.to_dict())))
    for again in (Session(choice, match), Session(choice, match)):
        assert {seat: bot.ends for seat, bot in again.bots.items() if isinstance(bot, Watching)} == shown
