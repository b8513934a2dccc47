"""The table's seats: a person here, a computer player, or a person elsewhere; a seat changes hands and back."""

import pytest

from game import Match, load_rules
from game.ai.base import Bot
from game.table.choice import MatchChoice
from game.table.session import Session


def _session(**kw):
    return Session(MatchChoice(opponents=("easy", "normal", "hard")), Match(load_rules("mien-nam"), 4, 3), **kw)


def test_by_default_seat_0_is_here_and_the_others_are_bots():
    s = _session()
    assert s.kinds == ["local", "bot", "bot", "bot"] and s.human == 0
    assert [s.bots[i].level for i in (1, 2, 3)] == ["easy", "normal", "hard"]
    assert s.poll() == []


def test_a_demo_is_all_bots_and_shows_no_chips():
    s = _session(demo=True)
    assert s.human is None and sorted(s.bots) == [0, 1, 2, 3] and not s.has_chips


def test_remote_seats_are_neither_here_nor_bots():
    s = _session(seats=["remote", "remote", "bot", "bot"])
    assert s.human is None and sorted(s.bots) == [2, 3] and s.has_chips
    assert s.seat_kind(0) == "remote" and not s.is_bot(0)


def test_a_person_away_is_played_by_a_bot_that_remembers_the_match_and_gets_the_seat_back():
    s = _session(seats=["remote", "remote", "bot", "bot"])
    game = s.game
    while not game.is_over:  # every seat plays its lowest legal move, or passes
        seat = game.current_player
        if moves := game.legal_moves(seat):
            s.play(moves[0], seat)
        else:
            s.pass_turn(seat)
    s.next_game()
    s.set_seat(1, "bot")
    assert isinstance(s.bots[1], Bot) and s.bots[1].level == "easy" and s.seat_kind(1) == "bot"
    s.set_seat(1, "remote")
    assert 1 not in s.bots and s.seat_kind(1) == "remote"


@pytest.mark.parametrize("seats", [["local", "local", "bot", "bot"], ["bot", "bot"], ["person", "bot", "bot", "bot"]])
def test_bad_seats_are_refused(seats):
    with pytest.raises(ValueError, match="seats"):
        _session(seats=seats)
