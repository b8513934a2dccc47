"""Are the coach's chances true? A bot plays seat 0 against the given opponents; the coach grades each of its
decisions, and the win chance it gives the move played is set against whether the seat went out first.

    python3 -m lab.checks.coach_check --games 200 --opponents easy,easy,easy [--player normal] [--blind]

Prints predicted against actual win chance in each fifth of the predictions (``lab.arena_report.by_fifth``).
``--blind`` grades without the opponents' levels, as the coach did before it pictured the beginners it knows.
The deals are the arena's (``--seed``); each game is graded at the coach's full work unless ``--work`` is given.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from game.ai.normal import NormalBot
from game.engine.game import new_game
from game.review.chances import keen_share, logit, model_for, shown
from game.review.grade import WORK, Option, grade
from game.rules import load_rules
from lab import arena
from lab.arena_report import by_fifth
from lab.bots import make_bot
from lab.checks.fit_calibration import fit


class Graded(NamedTuple):
    """One graded decision: the chance shown for the move played and its raw share of playouts won, whether
    seat 0 went out first, and the game's index."""

    shown: float
    raw: float
    won: float
    game: int


def check(games: int, opponents: Sequence[str], player: str = "normal", variant: str = "mien-nam", seed: int = 8,
          work: int = WORK, blind: bool = False, first: int = 0) -> list[Graded]:  # fmt: skip
    """Every graded decision of seat 0 in the games ``first`` to ``first + games``."""
    rules = load_rules(variant)
    levels: list[str | None] = [None, *opponents]
    judge = NormalBot(0)  # the strongest bot's choice only adds a candidate: normal's keeps the check quick
    found: list[Graded] = []
    for index in range(first, first + games):
        hands, leader = arena.deal_hands(rules, len(levels), seed, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=index == 0)
        bots = [make_bot(player, seed=index), *(make_bot(level, seed=index * 7 + s)
                                                for s, level in enumerate(opponents, 1))]  # fmt: skip
        chances: list[Option] = []
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            move = bots[seat].choose(view)
            if seat == 0:
                graded = grade(view, move, judge, work, levels=() if blind else levels)
                if not graded.forced:
                    chances.append(graded.options[0])  # the move played is always the first option
            game.pass_turn(seat) if move is None else game.play(move, seat)
        result = game.result
        won = 1.0 if result is not None and result.order[0] == 0 else 0.0
        found += [Graded(o.win, o.raw_win, won, index) for o in chances]
    return found


def rows_of(path: Path) -> list[tuple[float, float, float, int]]:
    """(raw chance, share of keen planners among the opponents, won, players) for each decision in an ``--out``
    file."""
    out = []
    for line in path.read_text().splitlines():
        row = json.loads(line)
        levels = [None, *row["opponents"]]
        share = 0.0 if row["blind"] else keen_share(0, levels)
        out.append((row["raw"], share, row["won"], len(levels)))
    return out


def fit_keen(paths: Sequence[Path]) -> dict[int, tuple[float, float]]:
    """``chances.KEEN_MODELS`` fitted on the decisions written by ``--out``, for each table size among them."""
    models = {}
    rows = [row for path in paths for row in rows_of(path)]
    for players in sorted({n for *_, n in rows}):
        mine = [(raw, share, won) for raw, share, won, n in rows if n == players]
        a, b = fit([([share, share * logit(raw)], won) for raw, share, won in mine],
                   offsets=[logit(raw) for raw, _, _ in mine], intercept=False)  # fmt: skip
        models[players] = (round(a, 4), round(b, 4))
    return models


def show_fit(fitted: Sequence[Path], checked: Sequence[Path]) -> str:
    """The maps fitted on ``fitted``, and each file's chances by fifth: raw, as shipped and as fitted."""
    models = fit_keen(fitted)
    lines = [f"KEEN_MODELS = {models}  (fitted on {', '.join(p.name for p in fitted)})"]
    for path in checked:
        rows = rows_of(path)
        for name, chance in (("raw", lambda r, s, n: r), ("shipped", lambda r, s, n: shown(r, s, model_for(n))),
                             ("fitted", lambda r, s, n: shown(r, s, models.get(n, model_for(n))))):  # fmt: skip
            pairs = [(chance(raw, share, n), won) for raw, share, won, n in rows]
            lines.append(by_fifth(f"{path.name}, {name}", pairs))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--opponents", default="easy,easy,easy", help="the other seats' levels, comma-separated")
    parser.add_argument("--player", default="normal", help="the level playing seat 0")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--work", type=int, default=WORK, help="the coach's work a decision (simulated moves)")
    parser.add_argument("--blind", action="store_true", help="grade without the opponents' levels")
    parser.add_argument("--first-game", type=int, default=0, help="the deal to start from")
    parser.add_argument("--out", type=Path, help="write every graded decision here as JSON lines")
    parser.add_argument("--fit", type=Path, nargs="+", help="fit the coach's keen model on --out files instead")
    parser.add_argument("--check", type=Path, nargs="+", help="with --fit: more --out files to check it on")
    args = parser.parse_args(argv)
    opponents = [s.strip() for s in args.opponents.split(",")]
    started = time.perf_counter()
    if args.fit:
        print(show_fit(args.fit, args.fit + (args.check or [])))
        return 0
    found = check(args.games, opponents, args.player, args.variant, args.seed, args.work, args.blind, args.first_game)
    how = "blind to the levels" if args.blind else "knowing the levels"
    title = f"the coach, {how}: {args.player} against {','.join(opponents)}, {args.games} games"
    print(by_fifth(title + ", the chances shown", [(g.shown, g.won) for g in found]))
    print(by_fifth(title + ", the raw shares", [(g.raw, g.won) for g in found]))
    if args.out is not None:
        table = {"opponents": opponents, "player": args.player, "variant": args.variant, "seed": args.seed,
                 "blind": args.blind}  # fmt: skip
        args.out.write_text("".join(json.dumps({**table, **g._asdict()}) + "\n" for g in found))
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
