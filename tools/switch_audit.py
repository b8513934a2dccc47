"""Where a searching bot's departures from normal win or lose: ``python3 tools/switch_audit.py --deals 20``.

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
first-order estimate of what the searching bot gains over normal in that seat. Runs on one core
(``nice -n 10`` on a shared machine); ``--bot-option hard.time_limit=30`` makes the work budget, not the
clock, end each search.
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.hard import HardBot  # noqa: E402
from game.arena import deal_hands, mean_ci, parse_options  # noqa: E402
from game.game import Game, new_game  # noqa: E402
from game.rules import load_rules  # noqa: E402
from game.view import SeatView  # noqa: E402

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


def audit_game(variant: str, seed: int, index: int, seat: int, level: str, opponent: str,
               options: dict[str, dict[str, Any]]) -> tuple[list[Switch], tuple[float, float], int]:  # fmt: skip
    """The switches of one game (deal ``index``, audited ``seat``), normal's own result there, and the number
    of decisions the searching bot was asked."""
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
            chosen = searcher.choose(view)
            if chosen != move:
                phase, change, source = classify_switch(view, searcher, move, chosen)
                branch = copy.deepcopy(game)
                if chosen is None:
                    branch.pass_turn(s)
                else:
                    branch.play(chosen, s)
                finish(branch, lineup())
                win, net = outcome(branch, seat)  # normal's own finish is subtracted at the end
                switches.append(Switch(phase, change, source, len(view.hand), win, net, searcher.prediction))
        if move is None:
            game.pass_turn(s)
        else:
            game.play(move, s)
    base = outcome(game, seat)
    return [replace(w, win=w.win - base[0], net=w.net - base[1]) for w in switches], base, asked


def stage(cards: int) -> str:
    return "1-4 cards" if cards <= 4 else ("5-8 cards" if cards <= 8 else "9-13 cards")


def report(switches: Sequence[Switch], games: int) -> str:
    """A table of switch values per group, each with its 95% interval."""
    groups: dict[str, list[Switch]] = {"all": list(switches)}
    for w in switches:
        for key in (f"{w.phase}", f"{w.change}", f"{w.source}", stage(w.cards), f"{w.phase} {w.change} {w.source}",
                    f"{w.phase} {stage(w.cards)}"):  # fmt: skip
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
    parser = argparse.ArgumentParser(prog="tools/switch_audit.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=10, help="deals; each is played once per seat (4 games)")
    parser.add_argument("--first-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=101, help="deal seed (keep it apart from reported seeds)")
    parser.add_argument("--level", default="hard", help="the searching bot audited (hard or expert)")
    parser.add_argument("--opponents", default="baseline")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--bot-option", action="append", default=[], metavar="BOT.NAME=VALUE")
    parser.add_argument("--out", type=Path, help="also write each switch as a JSON line (deal, seat, fields)")
    args = parser.parse_args(argv)
    options = parse_options(args.bot_option)
    start = time.perf_counter()
    switches: list[Switch] = []
    base_wins: list[float] = []
    asked = 0
    lines: list[str] = []
    for index in range(args.first_deal, args.first_deal + args.deals):
        for seat in range(4):
            found, base, n = audit_game(args.variant, args.seed, index, seat, args.level, args.opponents, options)
            switches += found
            lines += [json.dumps({"deal": index, "seat": seat, **asdict(w)}) for w in found]
            base_wins.append(base[0])
            asked += n
    games = len(base_wins)
    win, ci = mean_ci(base_wins)
    print(f"{args.level} audited against normal in its seat · vs 3 {args.opponents} · {args.variant} · "
          f"{args.deals} deals ({games} games) · seed {args.seed} · {time.perf_counter() - start:.0f} s")  # fmt: skip
    print(f"normal won {100 * win:.1f}% ± {100 * ci:.1f} of these games; {args.level} was asked {asked} times "
          f"and switched {len(switches)} times ({100 * len(switches) / max(1, asked):.1f}%)")  # fmt: skip
    print(report(switches, games))
    if args.out is not None:
        args.out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
