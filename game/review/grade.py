"""Grading one decision from what the seat could see: the chosen move against the best alternative.

The candidates are the move chosen, the strongest bot's choice and the alternatives the normal bot liked
next (a pass among them when following). Each candidate is played out in the same sampled deals of the
hidden cards (the AI's inference weights each deal by how well it explains the opponents' plays and passes)
on the AI's compact simulator, so the comparison is paired: the same luck for every candidate. The playouts'
players are the hard bot's (``game.ai.search.pictured``): every seat decides like the tuned normal bot, the seat
reviewed included, and each opponent follows keenly or only with a play worth it, drawn for each deal with
its hand from how likely each style makes what it did. Players who only play their plan would reward moves
that lose at the table (docs/ai.md). An opponent whose level is on the game's record and has a faithful
picture (``pictured.KNOWN``: a beginner as the easy bot decides, slips and all) is pictured as that player,
and a planner of a known level starts from that level's style (``pictured.PATIENCE``), so the chances are
those of the table the game was played at. A candidate's value is the seat's mean net payment in
table bets; its win chance is how often the seat went out first. Everything is seeded from the view alone, so
the same view always gets the same grade, whatever the hidden hands really were.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.ai.base import Bot, Move
from game.ai.hard import NORMAL_MOVE_WORK
from game.ai.judge.weights import for_variant
from game.ai.normal import NormalBot
from game.ai.playouts.plays import flags_for, mask_of, play_of
from game.ai.playouts.sim import Sim
from game.ai.reading.inference import Inference
from game.ai.search.pictured import Pictured, known_patience, known_players
from game.ai.search.race import Race, paired
from game.engine.combos import classify
from game.engine.view import SeatView
from game.review.chances import keen_share, model_for, shown

#: Moves simulated per decision (shared out over the candidates' playouts), counted in plan-playing moves: a
#: normal-like move counts ``NORMAL_MOVE_WORK`` (2.8) of them, so this is 12,000 normal-like moves, as many
#: moves as the review simulated when its players played their plan, and about as many deals (a mean of 78 a
#: decision against 74 on the coach's benchmark games; a whole-game review takes about 1.4 times as long).
#: Counting moves rather than seconds keeps a review the same on any machine; short playouts late in a game
#: buy more deals.
WORK = 33_600
MIN_DEALS, MAX_DEALS = 24, 400
CANDIDATES = 5
class Cancelled(Exception):
    """The review was cancelled through its ``cancel`` callback."""


@dataclass(frozen=True)
class Option:
    """One candidate's worth: mean net payment (table bets) and win chance over the sampled deals: ``raw_win``
    the share of them won, ``win`` the chance shown (``chances.shown``: as it comes true at the table)."""

    move: Move | None
    chips: float
    win: float
    raw_win: float


@dataclass(frozen=True)
class Grade:
    """A decision's grade: the best option, what the chosen move lost against it, and how sure that is.

    ``loss`` and ``win_loss`` are in table bets and in chance of winning; ``noise`` is the standard error of
    the chips difference (paired over the same deals). ``forced``: there was no real choice.
    """

    chosen: Move | None
    best: Move | None
    strongest: Move | None
    options: tuple[Option, ...]
    loss: float
    win_loss: float
    noise: float
    deals: int
    forced: bool = False

    @property
    def significant(self) -> bool:
        """A loss worth naming: at least a third of a bet, and clearly more than the sampling noise."""
        return self.best != self.chosen and self.loss >= max(0.34, 2.0 * self.noise)


def view_rng(view: SeatView, salt: str = "") -> random.Random:
    """A random stream fixed by what the seat could see (string seeds hash the same in every run)."""
    hand = " ".join(c.ascii for c in view.hand)
    return random.Random(f"review{salt}:{view.seat}:{len(view.history)}:{view.round_index}:{hand}")


def patience(view: SeatView, levels: Sequence[str | None]) -> dict[int, float]:
    """Each opponent's chance of playing patiently before the deal is read: its level's
    (``pictured.PATIENCE``), else even."""
    known = known_patience(levels)
    return {s: known.get(s, 0.5) for s in range(view.players) if s != view.seat}


def is_forced(view: SeatView) -> bool:
    """No real choice: nothing can be played, or the lead has a single legal play."""
    moves = view.legal_moves
    return not moves or (view.table is None and len(moves) == 1)


def candidates(view: SeatView, chosen: Move | None, strongest: Move | None,
               limit: int = CANDIDATES) -> list[Move | None]:  # fmt: skip
    """The chosen move, the strongest bot's, then the normal bot's own ranking of the alternatives."""
    out: list[Move | None] = [chosen]
    if strongest not in out:
        out.append(strongest)
    normal = NormalBot(0)
    ranked = normal.candidates(normal.context(view), list(view.legal_moves), limit + 2)
    for m in ranked:
        if len(out) >= limit:
            break
        if m not in out:
            out.append(m)
    return out


def chips_and_win(sim: Sim, seat: int) -> tuple[float, float]:
    """A playout's worth to ``seat`` in the review: its net payment in table bets, and whether it went out first."""
    if sim.result is None:
        return 0.0, 0.0
    order, payments = sim.result
    return float(payments[seat]), 1.0 if order[0] == seat else 0.0


def _weighted_mean(rows: list[list[float | None]], weights: list[float], i: int) -> float:
    num = den = 0.0
    for row, w in zip(rows, weights, strict=True):
        value = row[i]
        if value is not None:
            num += w * value
            den += w
    return num / den if den > 0 else 0.0


def grade(view: SeatView, chosen: Move | None, strongest_bot: Bot, work: int = WORK,
          cancel: Callable[[], bool] | None = None, levels: Sequence[str | None] = ()) -> Grade:  # fmt: skip
    """Grade ``chosen`` (``None`` for a pass) in ``view``, the seat's own view of that moment; ``levels`` are the
    seats' bot levels where the record has them (see ``pictured.KNOWN``).

    The candidates race on paired playouts (``game.ai.search.race.Race``, the hard bot's search) with the chosen
    move in the place of the reference: a candidate is dropped once it is clearly no better than the chosen
    move, and the race stops when its work budget (simulated moves) is spent. Deals of the unseen cards are
    weighted by how well they explain the opponents' plays and passes (``game.ai.reading.inference``).
    """
    chosen = tuple(chosen) if chosen else None
    if is_forced(view):
        return Grade(chosen, chosen, chosen, (), 0.0, 0.0, 0.0, 0, forced=True)
    found = strongest_bot.choose(view)
    tries = getattr(strongest_bot, "inference_tries", 8)
    return grade_found(view, chosen, tuple(found) if found else None, tries, work, cancel, levels)


def grade_found(view: SeatView, chosen: Move | None, strongest: Move | None, inference_tries: int, work: int = WORK,
                cancel: Callable[[], bool] | None = None, levels: Sequence[str | None] = ()) -> Grade:  # fmt: skip
    """``grade`` with the strongest bot's choice already made (``strongest``), its inference's ``inference_tries``."""
    chosen = tuple(chosen) if chosen else None
    if is_forced(view):
        return Grade(chosen, chosen, chosen, (), 0.0, 0.0, 0.0, 0, forced=True)
    options = candidates(view, chosen, strongest)
    base = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
    plays = [play_of(c) if (c := classify(m) if m else None) is not None else None for m in options]
    # Every seat with the tuned normal weights (the variant's own where it has them), as the hard bot pictures them.
    players = Pictured(view.seat, keen=for_variant(view.rules.id), known=known_players(view.seat, levels))
    race = Race(base, view.seat, plays, mask_of(view.played_cards), chips_and_win, work=work, deadline=math.inf,
                make=players.make, move_work=NORMAL_MOVE_WORK, min_deals=MIN_DEALS, max_deals=MAX_DEALS)  # fmt: skip
    draw = players.sampler(Inference(view, inference_tries, patience(view, levels)))

    def sample(rng: random.Random) -> tuple[list[int], float]:
        if cancel is not None and cancel():
            raise Cancelled
        return draw(rng)

    race.run(sample, view_rng(view))
    gains = {i: paired(race.rows, race.weights, i, 0) for i in race.alive if i}
    best_i = max(gains, key=lambda i: gains[i][0], default=0)
    if best_i and gains[best_i][0] <= 0:
        best_i = 0
    loss, noise = gains[best_i] if best_i else (0.0, 0.0)
    share, model = keen_share(view.seat, levels), model_for(view.players)
    raws = {i: _weighted_mean(race.wins, race.weights, i) for i in race.alive}
    table = tuple(Option(options[i], _weighted_mean(race.rows, race.weights, i), shown(raws[i], share, model), raws[i])
                  for i in race.alive)  # fmt: skip
    wins = {o.move: o.win for o in table}
    return Grade(
        chosen=chosen, best=options[best_i], strongest=strongest, options=table, loss=loss,
        win_loss=wins[options[best_i]] - wins[chosen], noise=noise if math.isfinite(noise) else 0.0,
        deals=len(race.rows),
    )  # fmt: skip
