"""The hard (khó) and expert (cao thủ) bots: normal's judgement plus a search over the hands they cannot see.

For each decision the bot takes the normal bot's choice and the few plays normal liked next (and the pass, when
following), deals the unseen cards to the opponents many times over, weighted by how well each deal explains
their passes and plays (``game.ai.reading``), and plays every candidate out on the same deals in the compact
simulator, every seat deciding like the tuned normal bot, each opponent keen or patient as read
(``game.ai.search.pictured``). The candidates race on their paired differences (``game.ai.search.race``): it
keeps normal's choice unless another play is significantly better. With short hands it plays a sure win, or
the play that wins the most deals solved exactly, instead (``game.ai.finisher``). The work is counted in
simulated moves, so a decision depends only on the seed and the view; the time limit is a safety net.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.base import Move, opponents
from game.ai.finisher.finisher import Finisher
from game.ai.judge.context import distinct
from game.ai.judge.weights import for_variant
from game.ai.normal import Context, NormalBot
from game.ai.playouts.plays import Flags, flags_for, mask_of, play_of
from game.ai.playouts.sim import Sim
from game.ai.reading import styles
from game.ai.reading.field import PLAYERS
from game.ai.reading.inference import Inference
from game.ai.search.calibration import CALIBRATION, MATCH_MODEL, calibrated
from game.ai.search.pictured import Pictured, known_patience, known_players
from game.ai.search.race import Race
from game.engine.cards import Card
from game.engine.combos import Combo, classify
from game.engine.view import SeatView

#: What a normal-like playout move, with its players' planning, counts for in the work budget (counted in
#: plan-playing moves): its cost in plan-playing moves' time when set (measured on the same deals, the two
#: interleaved: 4.3 before the planner and the normal-like player were made faster, 2.8 after). The
#: plan-playing player has been made faster since (a normal-like move now costs 3.6–4.2 of its moves); the
#: constant stays as the unit the budgets are counted in.
NORMAL_MOVE_WORK = 2.8


#: What the search remembers of an opponent over a match: the log-odds that it plays patiently, read from
#: its decisions with the cards it really held at the end of each deal and added up deal by deal. One
#: deal's reading counts for at most ``DEAL_CAP`` either way (the style tables are rough, so a single deal
#: must not decide: a reading from real hands is right about four times in five), the sum for at most
#: ``MEMORY_CAP`` (0.95 against 0.05), so a few odd deals never fix a reading for good.
DEAL_CAP, MEMORY_CAP = 1.0, 3.0
#: An opponent read this loose or looser (``game.ai.reading.field``) is pictured playing its lowest play.
PICTURE_LOOSE = 0.5


def money_unit(flags: Flags, players: int) -> float:
    """What first place gets over last from the places alone where play goes on (the unit a playout's money
    is scored in, so the search's smallest gain worth a switch is about the same share of a deal's stakes in
    every variant): the first and last place payouts, else twice what the last place pays the winner."""
    payouts = flags.place_payouts.get(players)
    spread = payouts[0] - payouts[-1] if payouts else 2.0 * flags.last_place
    return max(spread, 1.0)


def _classify(move: Sequence[Card]) -> Combo:
    combo = classify(move)
    assert combo is not None
    return combo


@dataclass(frozen=True)
class Effort:
    """How much a searching level thinks. ``playouts`` is the search's work budget, ``WORK_PER_PLAYOUT``
    simulated moves each (a close decision may go on to ``EXTEND`` times that); ``candidates`` how many of
    normal's plays it races (the pass besides, when following); the finisher solves deals with at most
    ``endgame_cards`` cards in all hands and ``enumerate_limit`` ways to deal the unseen ones, within
    ``sure_nodes`` and ``deal_nodes`` of work (``samples`` deals drawn at most); ``time_limit`` (seconds) is a
    safety net only, several times the slowest decisions' time, so the work decides on any ordinary machine."""

    playouts: int
    candidates: int
    endgame_cards: int
    enumerate_limit: int
    sure_nodes: int
    deal_nodes: int
    samples: int
    time_limit: float


#: Hard (khó) and expert (cao thủ) are one bot: expert is hard thinking about five times as long, with two
#: more candidates and a longer look at exact endgames (docs/ai.md: what that buys).
#: Their time limits are several times their slowest decisions (processor time on this machine, work budget alone:
#: hard p99 117 ms, max 132; expert p99 467 ms, max 500; docs/ai.md), so the work decides even on a busy machine.
HARD = Effort(playouts=64, candidates=6, endgame_cards=14, enumerate_limit=120, sure_nodes=1200, deal_nodes=5000,
              samples=24, time_limit=1.0)
EXPERT = Effort(playouts=340, candidates=8, endgame_cards=16, enumerate_limit=400, sure_nodes=4000,
                deal_nodes=16_000, samples=48, time_limit=3.0)
#: Simulated moves of work per playout asked for (8,000 moves for hard's 64).
WORK_PER_PLAYOUT = 125
#: How many inference draws each sampled hand is chosen from.
INFERENCE_TRIES = 24
#: The race's settings (``game.ai.search.race.Race``): a switch from normal's choice needs ``SWITCH_DEALS`` paired
#: deals and a gain over ``MIN_GAIN`` by the Bonferroni share of ``HardBot.z`` standard errors; a close decision
#: goes on to ``EXTEND`` times the budget while its lead stays ``FUTILITY`` standard errors over ``MIN_GAIN``.
SWITCH_DEALS, MIN_GAIN, EXTEND, FUTILITY = 12, 0.02, 2.0, 1.0
#: With this many planned plays or fewer left, other legal plays fill the free candidates' places.
SHORT_PLAN = 3


class HardBot(NormalBot):
    """Searches over sampled hidden hands; see the module docstring. ``effort`` is how much it thinks
    (``HARD``, ``EXPERT``); ``playouts``, ``candidates`` and ``time_limit`` change that effort's for the lab.

    Two options serve the lab's experiments (docs/ai.md cites both): ``pass_switch=False`` races the pass only
    where normal passes (the search before 3 December), and ``opponents`` pictures every opponent as "keen" or
    "patient" instead of reading each one ("read").
    """

    level = "hard"
    effort = HARD
    remembers = True
    inference_tries = INFERENCE_TRIES
    z = 2.0  # standard errors that drop a candidate (an attribute a test may raise to make a search run long)

    def __init__(self, seed: int = 0, *, playouts: int | None = None, candidates: int | None = None,
                 time_limit: float | None = None, pass_switch: bool = True, opponents: str = "read",
                 **normal: float) -> None:  # fmt: skip
        super().__init__(seed, **normal)  # type: ignore[arg-type]
        self.playouts = self.effort.playouts if playouts is None else playouts
        self.n_candidates = self.effort.candidates if candidates is None else candidates
        self.time_limit = self.effort.time_limit if time_limit is None else time_limit
        self.work = WORK_PER_PLAYOUT * self.playouts
        self.pass_switch = pass_switch
        if opponents not in styles.MODELS:
            raise ValueError(f"unknown opponent model {opponents!r} (known: {', '.join(styles.MODELS)})")
        self.opponents = opponents
        self.prior = styles.PRIOR[opponents]  # an opponent's chance of patience before it has shown anything
        self.calm = styles.picture()  # how a patient opponent is pictured
        self._deadline = 0.0
        self.prediction: float | None = None
        #: What the prediction was made from (``game.ai.search.calibration``): the playouts' raw win chance for the
        #: chosen play, the opponents' mean chance of patience over the deals played out, 1 once the match is
        #: remembered.
        self.evidence: tuple[float, float, float] | None = None
        #: Each opponent seat's style as read over the match so far, in log-odds of patience (``deal_over``).
        self.memory: dict[int, float] = {}
        #: The table's levels by seat (``meet``; ``None`` for a person): a beginner is pictured as it plays, a
        #: planner's deal is read from its level's style.
        self.levels: tuple[str | None, ...] = ()

    def meet(self, levels: Sequence[str | None]) -> None:
        super().meet(levels)
        self.levels = tuple(levels)

    def choose(self, view: SeatView) -> Move | None:
        self.prediction = self.evidence = None
        self._deadline = time.perf_counter() + self.time_limit  # the whole decision: solver, search and their set-up
        moves = list(view.legal_moves)
        if not moves:
            return None
        ctx = self.context(view)
        if view.table is None and len(moves) == 1:
            return moves[0]
        for m in moves:
            if len(m) == len(ctx.hand):
                return m
        rng = self.rng_for(view)
        exact = self.solve_endgame(view, ctx, moves, rng)
        if exact is not None:
            return exact[0]
        if self.forced_win(ctx, moves) is not None:
            return super().decide(ctx, moves)
        options = self.candidates(ctx, moves, self.n_candidates + (1 if view.table is not None else 0))
        if options[0] is not None and not self.pass_switch:
            options = [m for m in options if m is not None]  # the pass raced only where normal passes
        if len(ctx.planner.plan(ctx.hand).groups) <= SHORT_PLAN:
            # Near the end the order of the last plays matters: other legal plays fill the free places.
            extra = [m for m in distinct(moves) if m not in options]
            options += extra[: max(0, self.n_candidates - len(options))]
        if len(options) == 1:
            return options[0]
        return self.search(view, options, rng)

    # -- search --------------------------------------------------------------------------------------
    def search(self, view: SeatView, options: list[Move | None], rng: random.Random) -> Move | None:
        """Race the candidates on paired playouts (``game.ai.search.race``); keep normal's choice unless beaten."""
        base = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
        plays = [play_of(_classify(m)) if m is not None else None for m in options]
        players = self.playout_players(view)
        sample = players.sampler(Inference(view, self.inference_tries, self.priors(view)))
        race = Race(base, view.seat, plays, mask_of(view.played_cards), self.score, work=self.work,
                    deadline=self._deadline, make=players.make, z=self.z, move_work=NORMAL_MOVE_WORK,
                    switch_deals=SWITCH_DEALS, min_gain=MIN_GAIN, extend=EXTEND, futility=FUTILITY)  # fmt: skip

        choice = race.run(sample, rng)
        raw, patience = race.prediction, players.patience()
        if raw is not None and patience is not None:
            known = bool(self.memory) or any(s != view.seat for s in known_patience(self.levels))
            self.evidence = (raw, patience, 1.0 if known else 0.0)
            # Once the match is remembered, or the table's levels known, the opponents' patience is known well
            # enough to read (calibration).
            self.prediction = MATCH_MODEL.predict(raw, patience) if known else calibrated(raw, CALIBRATION)
        return options[choice]

    def priors(self, view: SeatView) -> dict[int, float]:
        """Each opponent's chance of playing patiently before this deal's decisions are read: ``prior``
        moved by what the match has shown of it (``memory``)."""
        p = self.prior
        if self.opponents != "read" or not 0.0 < p < 1.0:
            return {s: p for s in range(view.players) if s != view.seat}
        start = {s: math.log(q / (1.0 - q)) for s, q in known_patience(self.levels).items()}
        base = math.log(p / (1.0 - p))
        return {s: 1.0 / (1.0 + math.exp(-(start.get(s, base) + self.memory.get(s, 0.0))))
                for s in range(view.players) if s != view.seat}  # fmt: skip

    def deal_over(self, view: SeatView, shown: Sequence[Sequence[Card]]) -> None:
        """Read each opponent still holding cards from its decisions in the deal, with the cards it really
        held (those shown now, and those it played), and add the reading to the match's ``memory``; and keep
        the deal for the table's reading (``NormalBot.deal_over``)."""
        super().deal_over(view, shown)
        if self.opponents != "read":
            return
        inference = Inference(view, 1, 0.5)
        for seat in inference.opps:
            patient = inference.weigh(seat, mask_of(shown[seat]))[1]
            patient = min(max(patient, 1e-3), 1.0 - 1e-3)
            reading = max(-DEAL_CAP, min(DEAL_CAP, math.log(patient / (1.0 - patient))))
            total = self.memory.get(seat, 0.0) + reading
            self.memory[seat] = max(-MEMORY_CAP, min(MEMORY_CAP, total))

    def playout_players(self, view: SeatView) -> Pictured:
        """The normal-like players of this decision's playouts (``game.ai.search.pictured``): this seat with its own
        weights, each opponent keen or patient as drawn with each deal's hands."""
        loose = frozenset(s for s in opponents(view) if self.adapt and view.players == PLAYERS
                          and self.field.looseness([s]) >= PICTURE_LOOSE)  # fmt: skip
        known = known_players(view.seat, self.levels)
        return Pictured(view.seat, self.table_weights(view), loose, for_variant(view.rules.id), self.calm, known)

    @staticmethod
    def score(sim: Sim, seat: int) -> tuple[float, float]:
        """A playout's worth to ``seat`` and whether it went out first. Where the game ends at the first player
        out, winning is what counts (plus a little of the money); where play goes on, the money the variant pays
        (places, thối, cóng: in ``co-dien`` second and third place pay alike), in units of ``money_unit``."""
        if sim.result is None:
            return 0.0, 0.0
        order, payments = sim.result
        won = 1.0 if order[0] == seat else 0.0
        if sim.f.first_out:
            return won + 0.005 * payments[seat], won  # only going out first wins; the rest is money
        return payments[seat] / money_unit(sim.f, len(order)), won

    # -- exact endgames ------------------------------------------------------------------------------
    def solve_endgame(
        self, view: SeatView, ctx: Context, moves: list[Move], rng: random.Random
    ) -> tuple[Move | None] | None:
        """With short hands, a sure win or the play that wins the most deals solved exactly
        (``game.ai.finisher.finisher``); ``None`` leaves the decision to the search."""
        return self.finish(view, moves, self.decide(ctx, moves), rng)

    def finish(self, view: SeatView, moves: list[Move], preferred: Move | None,
               rng: random.Random) -> tuple[Move | None] | None:  # fmt: skip
        """The finisher's answer with short hands, ``preferred`` tried first among the plays and the pass."""
        options: list[Move | None] = [*moves, *([None] if view.table is not None else [])]
        # At most half the time: if the position is too big to solve, the playouts still get the rest.
        deadline = min(self._deadline, time.perf_counter() + self.time_limit / 2)
        e = self.effort
        finisher = Finisher(view, flags_for(view.rules), deadline=deadline, deal_cards=e.endgame_cards,
                            enumerate_limit=e.enumerate_limit, inference_tries=self.inference_tries,
                            sure_nodes=e.sure_nodes, deal_nodes=e.deal_nodes, samples=e.samples)  # fmt: skip
        return finisher.choose(options, preferred, rng)


class ExpertBot(HardBot):
    """The expert (cao thủ): the hard bot with ``EXPERT``'s effort."""

    level = "expert"
    effort = EXPERT
