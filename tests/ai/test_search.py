"""The search's statistics on synthetic candidates: it switches from normal's choice only on a real difference."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NoReturn

import pytest

from game.ai.search.race import Race, switch_z


def _no_player(sim: object, seat: int, played: int) -> NoReturn:
    raise AssertionError("a synthetic race plays nothing out")


class Synthetic(Race):
    """A race whose candidates' scores are drawn (true value plus shared and own noise) instead of played out."""

    def __init__(self, values: Sequence[float], *, noise: float = 0.5, work: int = 4000, **options: float) -> None:
        super().__init__(None, 0, [None] * len(values), 0, lambda sim, seat: (0.0, 0.0), work=work,  # type: ignore[arg-type]
                         deadline=float("inf"), make=_no_player, **options)  # type: ignore[arg-type]  # fmt: skip
        self.values, self.noise = list(values), noise

    def _deal(self, hands: list[int], weight: float, seed: float) -> None:
        luck = random.Random(seed)
        shared = luck.gauss(0.0, self.noise)
        row: list[float | None] = [None] * len(self.values)
        for i in self.alive:
            row[i] = self.values[i] + shared + luck.gauss(0.0, self.noise)
            self.work += 40
        self.record(row, list(row), weight)


def _sample(rng: random.Random) -> tuple[list[int], float]:
    return [], 1.0


def test_the_switch_test_grows_with_the_number_of_alternatives() -> None:
    assert switch_z(2.0, 1) == pytest.approx(2.0)
    assert 2.0 < switch_z(2.0, 3) < switch_z(2.0, 7) < 3.0
    assert switch_z(50.0, 5) == 50.0  # a z that means "never stop early" stays as it is


def test_alternatives_no_better_than_normals_choice_rarely_replace_it() -> None:
    switched = sum(Synthetic([0.0] * 6).run(_sample, random.Random(seed)) != 0 for seed in range(200))
    assert switched <= 10  # a plain 2-standard-error test over five alternatives switched 9% of the time


def test_a_clearly_better_alternative_is_found_and_only_after_enough_deals() -> None:
    for seed in range(20):
        race = Synthetic([0.0, 0.1, 0.6, 0.2], switch_deals=16)
        assert race.run(_sample, random.Random(seed)) == 2
        assert len(race.rows) >= 16


def test_a_close_decision_goes_on_past_the_budget_only_as_far_as_extend_allows() -> None:
    """An alternative a little ahead is close: the race plays on past its budget, to ``extend`` times it (one
    deal's work over at most), and stops at the budget with ``extend`` 1."""
    spent = {}
    for extend in (1.0, 1.3, 2.0):
        works = [Synthetic([0.0, 0.06], noise=0.5, work=2000, extend=extend) for _ in range(40)]
        for seed, race in enumerate(works):
            race.run(_sample, random.Random(seed))
            assert race.work <= extend * 2000 + 80
        spent[extend] = max(race.work for race in works)
    assert spent[1.0] <= 2080 < spent[1.3] <= 2680 < spent[2.0]


def test_futility_stops_a_close_decision_whose_lead_is_too_small_to_become_a_switch() -> None:
    """With ``futility`` the race goes past its budget only while the alternative's lead stays that many
    standard errors above ``min_gain``: far fewer races run on where there is nothing to find, and most real
    switches are still found."""

    def races(values: list[float], futility: float) -> tuple[int, int]:
        over = switched = 0
        for seed in range(300):
            race = Synthetic(values, noise=0.5, work=2000, futility=futility)
            switched += race.run(_sample, random.Random(seed)) != 0
            over += race.work > 2000 + 80  # more than the deal that crossed the budget
        return over, switched

    idle, idle_cut = races([0.0, 0.0], 0.0), races([0.0, 0.0], 1.0)
    assert idle_cut[0] * 2 <= idle[0]
    real, real_cut = races([0.0, 0.1], 0.0), races([0.0, 0.1], 1.0)
    assert real_cut[1] * 5 >= real[1] * 4
    assert races([0.0, 0.1], 50.0)[0] == 0  # a bound no lead reaches: every race stops at its budget


def test_no_switch_before_switch_deals() -> None:
    race = Synthetic([0.0, 1.0], noise=0.1, switch_deals=40, max_deals=30)
    assert race.run(_sample, random.Random(1)) == 0


def _follow_candidates(pass_switch: bool) -> list[list[object]]:
    """The candidates hard would race at every follow of three deals among normal bots."""
    from game.ai.hard import HardBot
    from game.engine.game import new_game
    from game.rules import load_rules
    from lab.bots import make_bot

    seen: list[list[object]] = []

    class Watching(HardBot):
        def search(self, view, options, rng):  # type: ignore[no-untyped-def]
            seen.append(list(options))
            return options[0]

    watcher = Watching(seed=1, playouts=3, pass_switch=pass_switch)
    for deal in range(3):
        game = new_game(load_rules("mien-nam"), players=4, seed=deal)
        bots = [make_bot("normal", seed=s) for s in range(4)]
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            if view.legal_moves and view.table is not None:
                watcher.choose(view)
            move = bots[seat].choose(view)
            if move is None:
                game.pass_turn(seat)
            else:
                game.play(move, seat)
    assert seen and all(len(o) > 1 for o in seen)
    return seen


def test_hard_compares_the_pass_at_every_follow() -> None:
    """Where normal would play, hard also races the pass (holding back is often what wins: docs/ai.md); where
    normal passes, its plays race the pass."""
    seen = _follow_candidates(pass_switch=True)
    follows = [o for o in seen if o[0] is not None]
    assert follows and all(None in o for o in seen)


def test_hard_without_pass_switch_compares_plays_only_where_normal_plays() -> None:
    """With ``pass_switch`` off (the search before 3 December), a pass is raced only where normal chose it."""
    seen = _follow_candidates(pass_switch=False)
    follows = [o for o in seen if o[0] is not None]
    assert follows and all(None not in o for o in follows)
    assert any(o[0] is None for o in seen)
