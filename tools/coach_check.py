"""Are the coach's chances true? A bot plays seat 0 against the given opponents; the coach grades each of its
decisions, and the win chance it gives the move played is set against whether the seat went out first.

    python3 tools/coach_check.py --games 200 --opponents easy,easy,easy [--player normal] [--blind]

Prints predicted against actual win chance in each fifth of the predictions (``game.arena_report.by_fifth``).
``--blind`` grades without the opponents' levels, as the coach did before it pictured the beginners it knows.
The deals are the arena's (``--seed``); each game is graded at the coach's full work unless ``--work`` is given.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import arena  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.ai.normal import NormalBot  # noqa: E402
from game.arena_report import by_fifth  # noqa: E402
from game.game import new_game  # noqa: E402
from game.review.grade import WORK, grade  # noqa: E402
from game.rules import load_rules  # noqa: E402


def check(games: int, opponents: Sequence[str], player: str = "normal", variant: str = "mien-nam", seed: int = 8,
          work: int = WORK, blind: bool = False) -> list[tuple[float, float]]:  # fmt: skip
    """(the coach's win chance for the move played, 1 if seat 0 went out first) for every graded decision."""
    rules = load_rules(variant)
    levels: list[str | None] = [None, *opponents]
    judge = NormalBot(0)  # the strongest bot's choice only adds a candidate: normal's keeps the check quick
    pairs: list[tuple[float, float]] = []
    for index in range(games):
        hands, leader = arena.deal_hands(rules, len(levels), seed, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=index == 0)
        bots = [make_bot(player, seed=index), *(make_bot(level, seed=index * 7 + s)
                                                for s, level in enumerate(opponents, 1))]  # fmt: skip
        chances: list[float] = []
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            move = bots[seat].choose(view)
            if seat == 0:
                found = grade(view, move, judge, work, levels=() if blind else levels)
                if not found.forced:
                    chances.append(found.options[0].win)  # the move played is always the first option
            game.pass_turn(seat) if move is None else game.play(move, seat)
        result = game.result
        won = 1.0 if result is not None and result.order[0] == 0 else 0.0
        pairs += [(p, won) for p in chances]
    return pairs


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--opponents", default="easy,easy,easy", help="the other seats' levels, comma-separated")
    parser.add_argument("--player", default="normal", help="the level playing seat 0")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--work", type=int, default=WORK, help="the coach's work a decision (simulated moves)")
    parser.add_argument("--blind", action="store_true", help="grade without the opponents' levels")
    args = parser.parse_args(argv)
    opponents = [s.strip() for s in args.opponents.split(",")]
    started = time.perf_counter()
    pairs = check(args.games, opponents, args.player, args.variant, args.seed, args.work, args.blind)
    how = "blind to the levels" if args.blind else "knowing the levels"
    print(by_fifth(f"the coach, {how}: {args.player} against {','.join(opponents)}, {args.games} games", pairs))
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
