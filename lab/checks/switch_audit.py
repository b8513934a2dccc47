"""Where a searching bot's departures from normal win or lose: ``python3 -m lab.checks.switch_audit --deals 20``.

Comparing two separate win rates (hard vs 3 baseline, normal vs 3 baseline) needs thousands of deals to
see a few points. This measures the searching bot's *switches* directly, paired on the same positions:

- every game of a deal (one per seat) is played with the tuned normal bot in the audited seat and the
  opponents given (``--opponents``, default baseline);
- at each of that seat's decisions the searching bot (``--level``, default hard) is asked too; where its
  choice differs from normal's, the game is copied, the searching bot's play is made instead, and the
  copy is finished with normal in that seat and the same opponents;
- the switch's worth is the difference between the two finishes (win = going out first, and the net
  payment), everything else being the same deal, the same seat and the same players.

The switches are grouped by kind (lead or follow; pass instead of a play, a play instead of a pass, or
another play; a candidate normal liked next, an extra play compared only near the end (``short_plan``),
or the exact endgame solver) and by how many cards the seat held. The sum of a game's switch values is a
first-order estimate of what the searching bot gains over normal in that seat.

With ``--alternatives`` it audits the search's *evidence* instead of its choices: at every race it takes
the alternative the race rated best against normal's choice, whether or not the search switched to it,
plays it instead (as above) and groups its worth by the race's verdict ``t`` = (paired gain − ``min_gain``)
/ standard error. That shows which switching test pays: a bin whose alternatives win more than normal's
choice at the table is worth switching in. Runs on one core
(``nice -n 10`` on a shared machine); ``--bot-option hard.time_limit=30`` makes the work budget, not the
clock, end each search.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from game.ai.hard import HardBot
from game.ai.search.race import Race, Sampler
from game.engine.game import Game, new_game
from game.engine.view import SeatView
from game.rules import load_rules
from lab.arena import deal_hands, mean_ci, parse_options
from lab.bots import make_bot

Move = tuple[Any, ...] | None


@dataclass(frozen=True)
class Switch:
    """One decision where the searching bot left normal's choice, and what that was worth."""

    phase: str  # "lead" or "follow"
    change: str  # "pass>play", "play>pass", "play>play"
    source: str  # "candidate", "short_plan" or "exact"
    cards: int  # cards in the seat's hand before the decision
    win: float  # searching bot's play minus normal's, going out first
    net: float  # the same, net payment
    predicted: float | None  # the searching bot's calibrated win chance for its play, if it searched
    t: float | None = None  # ``--alternatives``: the race's verdict on the play, in standard errors
    taken: bool = True  # ``--alternatives``: whether the search switched to it


def finish(game: Game, bots: Sequence[Any]) -> None:
    """Play ``game`` to the end with one bot per seat."""
    for _ in range(2000):
        if game.is_over:
            return
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        if move is None:
            game.pass_turn(seat)
        else:
            game.play(move, seat)
    raise RuntimeError("game did not finish")


def outcome(game: Game, seat: int) -> tuple[float, float]:
    result = game.result
    assert result is not None
    return float(result.order[0] == seat), float(result.payments[seat])


def classify_switch(view: SeatView, searcher: HardBot, normal_move: Move, chosen: Move) -> tuple[str, str, str]:
    phase = "lead" if view.table is None else "follow"
    change = "play>pass" if chosen is None else ("pass>play" if normal_move is None else "play>play")
    if searcher.prediction is None:
        source = "exact"
    else:
        ctx = searcher.context(view)
        liked = searcher.candidates(ctx, list(view.legal_moves), searcher.n_candidates)
        source = "candidate" if chosen in liked else "short_plan"
    return phase, change, source


_RACES: list[Race] = []  # the races run while watched (``--alternatives``)


@contextmanager
def watching_races() -> Iterator[None]:
    """Keep every race the searching bots run in ``_RACES`` while inside."""
    run = Race.run

    def watched(race: Race, sample: Sampler, rng: random.Random) -> int:
        _RACES.append(race)
        return run(race, sample, rng)

    Race.run = watched  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        Race.run = run  # type: ignore[method-assign]
        _RACES.clear()


def best_alternative(race: Race, options: Sequence[Move]) -> tuple[Move, float] | None:
    """The alternative ``race`` rated best against normal's choice (option 0), and the race's verdict on it
    in standard errors above ``min_gain``; ``None`` if no alternative was compared on 4 deals or more."""
    rated = [(race._paired(i, 0), i) for i in range(1, len(options)) if race._deals(i, 0) >= 4]
    if not rated:
        return None
    (gain, se), i = max(rated, key=lambda r: r[0][0])
    return options[i], ((gain - race.min_gain) / se if 0 < se < math.inf else 0.0)


def audit_game(variant: str, seed: int, index: int, seat: int, level: str, opponent: str,
               options: dict[str, dict[str, Any]],
               alternatives: bool = False) -> tuple[list[Switch], tuple[float, float], int]:  # fmt: skip
    """The switches of one game (deal ``index``, audited ``seat``), normal's own result there, and the number
    of decisions the searching bot was asked; with ``alternatives``, the race's best alternative at every
    race instead of the switches."""
    with watching_races() if alternatives else nullcontext():
        return _audited(variant, seed, index, seat, level, opponent, options, alternatives)


def _audited(variant: str, seed: int, index: int, seat: int, level: str, opponent: str,
             options: dict[str, dict[str, Any]], alternatives: bool) -> tuple[list[Switch], tuple[float, float], int]:
    """``audit_game``'s work."""
    rules = load_rules(variant)
    n = 4
    hands, leader = deal_hands(rules, n, seed, index)
    bot_seed = (seed * 7919 + index * 104_729 + seat * 31) & 0x7FFFFFFF

    def lineup() -> list[Any]:
        bots: list[Any] = [make_bot(opponent, seed=bot_seed + s, **options.get(opponent, {})) for s in range(n)]
        bots[seat] = make_bot("normal", seed=bot_seed, **options.get("normal", {}))
        return bots

    searcher = make_bot(level, seed=bot_seed, **options.get(level, {}))
    assert isinstance(searcher, HardBot)
    seen: dict[str, Any] = {}  # the last race and its options (``alternatives``)
    search = searcher.search

    def watched(view: SeatView, moves: list[Move], rng: random.Random) -> Move:
        _RACES.clear()
        choice = search(view, moves, rng)
        if _RACES:
            seen.update(options=moves, race=_RACES[-1])
        return choice


    setattr(searcher, "search", watched)  # noqa: B010
    game = new_game(rules, hands=hands, leader=leader, first_game=True)
    bots = lineup()
    switches: list[Switch] = []
    asked = 0
    for _ in range(2000):
        if game.is_over:
            break
        s = game.current_player
        view = game.view(s)
        move = bots[s].choose(view)
        if s == seat and view.legal_moves:
            asked += 1
            seen.clear()
            chosen = searcher.choose(view)
            t: float | None = None
            tried: Move = chosen
            if alternatives:
                best = best_alternative(seen["race"], seen["options"]) if "race" in seen else None
                if best is None:
                    tried = move  # no race here: nothing to audit
                else:
                    tried, t = best
            if tried != move:
                phase, change, source = classify_switch(view, searcher, move, tried)
                branch = copy.deepcopy(game)
                if tried is None:
                    branch.pass_turn(s)
                else:
                    branch.play(tried, s)
                finish(branch, lineup())
                win, net = outcome(branch, seat)  # normal's own finish is subtracted at the end
                switches.append(Switch(phase, change, source, len(view.hand), win, net, searcher.prediction, t,
                                       tried == chosen))  # fmt: skip
        if move is None:
            game.pass_turn(s)
        else:
            game.play(move, s)
    base = outcome(game, seat)
    return [replace(w, win=w.win - base[0], net=w.net - base[1]) for w in switches], base, asked


def stage(cards: int) -> str:
    return "1-4 cards" if cards <= 4 else ("5-8 cards" if cards <= 8 else "9-13 cards")


def verdict(t: float) -> str:
    """The bin of a race's verdict ``t`` (standard errors above ``min_gain``)."""
    for top in (0.0, 1.0, 1.5, 2.0, 2.5, 3.0):
        if t < top:
            return f"t<{top:.1f}" if top == 0.0 else f"t {top - (1.0 if top == 1.0 else 0.5):.1f}-{top:.1f}"
    return "t 3.0+"


def keys(w: Switch) -> tuple[str, ...]:
    """The groups ``w`` is counted in."""
    if w.t is not None:
        t = verdict(w.t)
        return (t, f"{t} {w.phase}", f"{t} {'switched' if w.taken else 'kept'}", f"{t} {w.phase} {stage(w.cards)}")
    return (w.phase, w.change, w.source, stage(w.cards), f"{w.phase} {w.change} {w.source}",
            f"{w.phase} {stage(w.cards)}")  # fmt: skip


def report(switches: Sequence[Switch], games: int) -> str:
    """A table of switch values per group, each with its 95% interval."""
    groups: dict[str, list[Switch]] = {"all": list(switches)}
    for w in switches:
        for key in keys(w):
            groups.setdefault(key, []).append(w)
    lines = [f"{'switches':<34} {'n':>5}  {'win per switch':>17}  {'net per switch':>17}  {'win per game':>12}"]
    for key in sorted(groups, key=lambda k: (k != "all", k.count(" "), k)):
        ws = groups[key]
        win, win_ci = mean_ci([w.win for w in ws])
        net, net_ci = mean_ci([w.net for w in ws])
        per_game = sum(w.win for w in ws) / games if games else 0.0
        lines.append(f"{key:<34} {len(ws):>5}  {win:+7.3f} ± {win_ci:6.3f}  {net:+7.2f} ± {net_ci:6.2f}  "
                     f"{100 * per_game:+10.2f}%")  # fmt: skip
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="lab/checks/switch_audit.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10, help="deals; each is played once per seat (4 games)")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=101, help="deal seed (keep it apart from reported seeds)")
    parser.add_argument("--level", default="hard", help="the searching bot audited (hard or expert)")
    parser.add_argument("--opponents", default="baseline")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--bot-option", action="append", default=[], metavar="BOT.NAME=VALUE")
    parser.add_argument("--out", type=Path, help="also write each switch as a JSON line (deal, seat, fields)")
    parser.add_argument("--alternatives", action="store_true",
                        help="audit every race's best alternative, grouped by the race's verdict on it")  # fmt: skip
    args = parser.parse_args(argv)
    options = parse_options(args.bot_option)
    start = time.perf_counter()
    switches: list[Switch] = []
    base_wins: list[float] = []
    asked = 0
    lines: list[str] = []
    for index in range(args.first_deal, args.first_deal + args.deals):
        for seat in range(4):
            found, base, n = audit_game(args.variant, args.seed, index, seat, args.level, args.opponents, options,
                                        args.alternatives)  # fmt: skip
            switches += found
            lines += [json.dumps({"deal": index, "seat": seat, **asdict(w)}) for w in found]
            base_wins.append(base[0])
            asked += n
    games = len(base_wins)
    win, ci = mean_ci(base_wins)
    print(f"{args.level} audited against normal in its seat · vs 3 {args.opponents} · {args.variant} · "
          f"{args.deals} deals ({games} games) · seed {args.seed} · {time.perf_counter() - start:.0f} s")  # fmt: skip
    what = "a best alternative other than normal's choice" if args.alternatives else "switched"
    print(f"normal won {100 * win:.1f}% ± {100 * ci:.1f} of these games; {args.level} was asked {asked} times "
          f"and {what} {len(switches)} times ({100 * len(switches) / max(1, asked):.1f}%)")  # fmt: skip
    print(report(switches, games))
    if args.out is not None:
        args.out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
