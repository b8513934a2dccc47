"""The table tells its computer players who sits where (``Bot.meet``): the levels New match shows, a person's
seat unknown. A searching bot pictures a beginner as one from the first deal and starts reading a planner from
its level's style; every bot reads a beginner's seat as loose before it has shown anything."""

from __future__ import annotations

import math

from pytest import MonkeyPatch

from game.ai.base import Bot
from game.ai.hard import HardBot
from game.ai.normal import NormalBot
from game.ai.playouts.easy_like import EASY
from game.ai.playouts.players import LOWEST
from game.ai.search.pictured import PATIENCE
from game.engine.game import new_game
from game.engine.match import Match
from game.engine.view import SeatView
from game.rules import load_rules
from game.table.choice import MatchChoice
from game.table.session import Session
from lab import arena
from lab.bots import make_bot


def _view(players: int = 4) -> SeatView:
    rules = load_rules("mien-nam")
    hands, leader = arena.deal_hands(rules, players, 3, 0)
    game = new_game(rules, hands=hands, leader=leader, first_game=True)
    return game.view(game.current_player)


def test_a_searching_bot_pictures_known_beginners_as_they_play_and_planners_from_their_style() -> None:
    view = _view()
    others = [s for s in range(4) if s != view.seat]
    levels: list[str | None] = [None] * 4
    levels[others[0]], levels[others[1]], levels[others[2]] = "easy", "greedy", "baseline"
    hard = HardBot(seed=1, playouts=3)
    stranger = hard.playout_players(view)
    assert stranger.known == {} and set(hard.priors(view).values()) == {hard.prior}  # nothing told: all alike
    hard.meet(levels)
    players = hard.playout_players(view)
    assert players.known == {others[0]: EASY, others[1]: LOWEST}
    priors = hard.priors(view)
    assert math.isclose(priors[others[2]], PATIENCE["baseline"])  # a patient planner's seat starts patient
    assert priors[others[0]] == priors[others[1]] == hard.prior  # the beginners are pictured, not read
    hard.meet([None if s == others[2] else "normal" for s in range(4)])
    assert math.isclose(hard.priors(view)[others[0]], PATIENCE["normal"])  # a keen planner starts keen
    assert hard.priors(view)[others[2]] == hard.prior  # a person: unknown, as before


def test_a_known_beginner_is_read_as_loose_from_the_first_deal() -> None:
    view = _view()
    others = [s for s in range(4) if s != view.seat]
    normal = make_bot("normal")
    assert isinstance(normal, NormalBot)
    assert normal.field.looseness(others) == 0.0  # planners until shown otherwise
    normal.meet(["easy" if s != view.seat else "normal" for s in range(4)])
    assert normal.field.looseness(others) == 1.0
    assert normal.table_weights(view).threshold > normal.own_weights(view).threshold  # so it follows patiently


def test_the_table_tells_its_bots_the_levels_chosen_in_new_match() -> None:
    session = Session(MatchChoice("mien-nam", ("hard", "easy", "expert")), Match(load_rules("mien-nam"), 4, 5))
    for seat in (1, 3):
        bot = session.bots[seat]
        assert isinstance(bot, HardBot) and bot.levels == (None, "hard", "easy", "expert")
    assert isinstance(session.bots[1], HardBot)
    assert session.bots[1].playout_players(session.game.view(1)).known == {2: EASY}


def test_the_arena_tells_the_bots_the_levels_only_when_asked(monkeypatch: MonkeyPatch) -> None:
    met: list[tuple[str, tuple[str | None, ...]]] = []
    monkeypatch.setattr(Bot, "meet", lambda self, levels: met.append((self.level, tuple(levels))))
    monkeypatch.setattr(NormalBot, "meet", Bot.meet)
    monkeypatch.setattr(HardBot, "meet", Bot.meet)
    told = arena.run(["hard", "easy"], deals=1, workers=1, options={"hard": {"playouts": 3}}, levels_known=True)
    assert sorted(met) == [("easy", ("easy", "hard")), ("easy", ("hard", "easy")),
                           ("hard", ("easy", "hard")), ("hard", ("hard", "easy"))]  # each rotation, every bot
    met.clear()
    alone = arena.run(["hard", "easy"], deals=1, workers=1, options={"hard": {"playouts": 3}})
    assert met == [] and not told[0].errors and not alone[0].errors
