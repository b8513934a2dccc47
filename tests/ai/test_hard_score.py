"""The searching bots score a playout by what the variant pays for it: winning where the game ends at the first
player out, the money where play goes on (``HardBot.score``)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

import pytest

from game import load_rules
from game.ai.hard import HardBot, money_unit
from game.ai.playouts.plays import flags_for
from game.ai.playouts.sim import Sim


def _finished(variant: str, order: tuple[int, ...], payments: tuple[float, ...]) -> Sim:
    return cast(Sim, SimpleNamespace(result=(order, payments), f=flags_for(load_rules(variant))))


def test_where_play_goes_on_places_paid_alike_score_alike() -> None:
    # co-dien: only the winner and the last place are paid, so second and third place are worth the same.
    sim = _finished("co-dien", (2, 0, 1, 3), (-0.5, -0.5, 2.0, -1.0))
    assert HardBot.score(sim, 0) == HardBot.score(sim, 1) == (-0.25, 0.0)
    assert HardBot.score(sim, 2) == (1.0, 1.0)
    assert HardBot.score(sim, 3)[0] < HardBot.score(sim, 0)[0]


def test_where_the_game_ends_at_the_first_player_out_winning_counts() -> None:
    sim = _finished("mien-nam", (1, 0, 2, 3), (-5.0, 15.0, -4.0, -6.0))
    assert HardBot.score(sim, 1) == pytest.approx((1.075, 1.0))
    assert HardBot.score(sim, 0) == pytest.approx((-0.025, 0.0))


def test_the_money_unit_is_what_the_places_alone_pay_from_first_to_last() -> None:
    assert [money_unit(flags_for(load_rules("xep-hang")), n) for n in (2, 3, 4)] == [4.0, 5.0, 4.0]
    assert money_unit(flags_for(load_rules("co-dien")), 4) == 2.0
    assert money_unit(flags_for(load_rules("co-dien-diem")), 4) == 8.0
    assert money_unit(flags_for(load_rules("mien-nam")), 4) == 1.0  # no place is paid: never below one bet
