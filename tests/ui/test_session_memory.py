"""At the table, the computer players see the end of every deal (the hands turned face up), once, so a
searching bot reads its opponents over the match."""

from __future__ import annotations

from collections.abc import Sequence

from game.ai import make_bot
from game.ai.hard import HardBot
from game.cards import Card
from game.match import Match
from game.rules_file import load_rules
from game.view import SeatView
from ui.persist.choices import MatchChoice
from ui.table.session import Session


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
