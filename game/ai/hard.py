"""The hard bot (khó): normal's judgement plus search over the hands it cannot see.

For each decision it takes the normal bot's choice and the few alternatives normal liked next, deals
the unseen cards to the opponents many times over (by their card counts, in proportion to how well
each deal explains their passes and plays: ``game.ai.inference``), and plays every candidate out on
the same deals in the compact simulator with every seat deciding like the tuned normal bot
(``game.ai.fastnormal``), the opponents following keenly or only with a play worth it (``game.ai.styles``;
the players are ``game.ai.pictured``'s, which the coach's grades use too). The
candidates race on their paired differences (``game.ai.search``): it keeps normal's choice unless another
play is significantly better. With short hands it plays a sure win, or the
play that wins the most deals solved exactly, instead (``game.ai.finisher``). The work is bounded by a
count of simulated moves, so a decision depends only on the seed and the view; a time limit is only a
safety net, so it never stalls the table.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from game.ai import styles
from game.ai.base import Move, opponents
from game.ai.calibration import CALIBRATION, MATCH_MODEL, calibrated
from game.ai.context import distinct
from game.ai.fastplay import Planned
from game.ai.fastrules import Flags, flags_for, mask_of, play_of
from game.ai.fastsim import Sim
from game.ai.field import PLAYERS
from game.ai.finisher import Finisher
from game.ai.inference import Inference
from game.ai.normal import Context, NormalBot
from game.ai.pictured import Pictured, known_patience, known_players
from game.ai.search import Race
from game.ai.weights import check_level, for_variant
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
#: An opponent read this loose or looser (``game.ai.field``) is pictured playing its lowest play.
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


class HardBot(NormalBot):
    """Searches over sampled hidden hands; see the module docstring.

    ``playouts`` sets the work budget (``work``, default 125 simulated moves per playout asked for: the search stops
    on work, not on the clock, which keeps the bot deterministic for its seed; it may spend up to ``extend`` times
    that on a close decision, while the alternative's lead stays ``futility`` standard errors above ``min_gain``:
    ``search.Race``); ``time_limit`` (seconds) is a safety net that cuts the search short on a slow machine;
    ``candidates`` is how many of normal's plays it compares (the pass among them when following; only where normal
    passes if ``pass_switch`` is off), and with a plan of ``short_plan`` plays or fewer left other legal plays fill
    the free places; ``z`` is how many standard errors drop a candidate, and a switch from normal's choice must
    clear ``min_gain`` by ``z_switch`` standard errors (``None``: ``z`` shared among the alternatives,
    ``search.switch_z``) after ``switch_deals`` paired deals; ``policy`` is how the playouts' players decide:
    "normal" (as the tuned normal bot, ``fastnormal.NormalLike``) or "plan" (play the plan, ``fastplay.Planned``:
    cheaper, but what wins against it often loses at the table); ``opponents`` is who the normal-like playouts'
    opponents are: "read" (the default: keen or patient, drawn for each deal with its hands from how likely each
    style makes what that opponent did, see ``game.ai.styles``), "patient" (passing unless a play is worth it) or
    "keen" (as the tuned normal bot), with ``prior`` the chance a "read" opponent is patient before it has shown
    anything (0.5 unless given); ``inference_tries`` is how many uniform draws each sampled hand is chosen from;
    ``picture`` is the tuned weight set a patient opponent is pictured with (``styles.picture``).
    """

    level = "hard"
    remembers = True
    #: The finisher's work (``game.ai.finisher``): nodes for a sure win and for the deals solved.
    finish_work = {"sure_nodes": 1200, "deal_nodes": 5000, "samples": 24}

    def __init__(
        self,
        seed: int = 0,
        *,
        playouts: int = 64,
        candidates: int = 6,
        time_limit: float = 0.18,
        work: int | None = None,
        z: float = 2.0,
        z_switch: float | None = None,
        endgame_cards: int = 14,
        inference_tries: int = 24,
        enumerate_limit: int = 120,
        short_plan: int = 3,
        policy: str = "normal",
        switch_deals: int = 12,
        pass_switch: bool = True,
        min_gain: float = 0.02,
        opponents: str = "read",
        prior: float | None = None,
        extend: float = 2.0,
        futility: float = 1.0,
        picture: str = "patient",
        **normal: float,
    ) -> None:
        super().__init__(seed, **normal)  # type: ignore[arg-type]
        self.playouts = playouts
        self.n_candidates = candidates
        self.time_limit = time_limit
        self.work = work if work is not None else 125 * playouts  # 8,000 moves at the default 64
        self.extend, self.futility = extend, futility
        self._deadline = 0.0
        self.z, self.z_switch = z, z_switch
        self.prediction: float | None = None
        #: What the prediction was made from (``game.ai.calibration``): the playouts' raw win chance for the chosen
        #: play, the opponents' mean chance of patience over the deals played out, 1 once the match is remembered.
        self.evidence: tuple[float, float, float] | None = None
        self.endgame_cards = endgame_cards
        self.inference_tries = inference_tries
        self.enumerate_limit = enumerate_limit
        self.short_plan = short_plan
        if policy not in ("normal", "plan"):
            raise ValueError(f"unknown playout policy {policy!r} (known: normal, plan)")
        self.policy = policy
        self.switch_deals, self.min_gain, self.pass_switch = switch_deals, min_gain, pass_switch
        if opponents not in styles.MODELS:
            raise ValueError(f"unknown opponent model {opponents!r} (known: {', '.join(styles.MODELS)})")
        self.opponents = opponents
        self.calm = styles.picture(check_level(picture))  # how a patient opponent is pictured
        # The chance an opponent plays patiently before it has shown anything ("read" only).
        self.prior = styles.PRIOR[opponents] if prior is None or opponents != "read" else min(1.0, max(0.0, prior))
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
            # The old search compared the pass only where normal passed (docs/ai.md, "3 December (eighth look)").
            options = [m for m in options if m is not None]
        if len(ctx.planner.plan(ctx.hand).groups) <= self.short_plan:
            # Near the end the order of the last plays matters: other legal plays fill the free places.
            extra = [m for m in distinct(moves) if m not in options]
            options += extra[: max(0, self.n_candidates - len(options))]
        if len(options) == 1:
            return options[0]
        return self.search(view, options, rng)

    # -- search --------------------------------------------------------------------------------------
    def search(self, view: SeatView, options: list[Move | None], rng: random.Random) -> Move | None:
        """Race the candidates on paired playouts (``game.ai.search``); keep normal's choice unless beaten."""
        base = Sim.from_view(flags_for(view.rules), view, [0] * view.players)
        plays = [play_of(_classify(m)) if m is not None else None for m in options]
        normal = self.policy == "normal"
        players = self.playout_players(view)
        sample = players.sampler(Inference(view, self.inference_tries, self.priors(view)))
        race = Race(base, view.seat, plays, mask_of(view.played_cards), self.score, work=self.work,
                    deadline=self._deadline, make=players.make if normal else Planned.for_seat, z=self.z,
                    z_switch=self.z_switch, switch_deals=self.switch_deals, min_gain=self.min_gain,
                    move_work=NORMAL_MOVE_WORK if normal else 1.0, extend=self.extend,
                    futility=self.futility)  # fmt: skip

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
        """The normal-like players of this decision's playouts (``game.ai.pictured``): this seat with its own
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
        (``game.ai.finisher``); ``None`` leaves the decision to the search."""
        options: list[Move | None] = [*moves, *([None] if view.table is not None else [])]
        # At most half the time: if the position is too big to solve, the playouts still get the rest.
        deadline = min(self._deadline, time.perf_counter() + self.time_limit / 2)
        finisher = Finisher(view, flags_for(view.rules), deadline=deadline, deal_cards=self.endgame_cards,
                            enumerate_limit=self.enumerate_limit, inference_tries=self.inference_tries,
                            sure_nodes=self.finish_work["sure_nodes"], deal_nodes=self.finish_work["deal_nodes"],
                            samples=self.finish_work["samples"])  # fmt: skip
        return finisher.choose(options, self.decide(ctx, moves), rng)


class ExpertBot(HardBot):
    """The expert (cao thủ): the hard bot's search with about five times the work, more candidates and a
    longer look at exact endgames."""

    level = "expert"
    finish_work = {"sure_nodes": 4000, "deal_nodes": 16_000, "samples": 48}

    def __init__(self, seed: int = 0, **options: float) -> None:
        defaults: dict[str, float] = {"playouts": 340, "candidates": 8, "time_limit": 0.65, "endgame_cards": 16,
                                      "enumerate_limit": 400, "inference_tries": 24}  # fmt: skip
        super().__init__(seed, **{**defaults, **options})  # type: ignore[arg-type]
