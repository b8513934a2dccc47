"""Time resuming a long match: loading its save, then sitting down with bots that remember every deal.

``python tools/bench_resume.py [--deals 200 1000] [--variant mien-nam] [--opponents hard,hard,expert] [--runs 3]``

Normal bots play each match (the seed fixed) and it is saved mid-deal with ``Match.to_dict`` as JSON. Each run
then times what resuming does: ``Match.from_dict`` (the game loads the save at start-up, replaying every deal)
and a table ``Session`` with the opponents (on Continue: bots that remember are shown every finished deal).
Prints the fastest and the median of each.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import load_rules  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.ai.base import Bot  # noqa: E402
from game.engine.game import Game  # noqa: E402
from game.engine.match import Match  # noqa: E402
from game.table.choice import Difficulty, MatchChoice  # noqa: E402
from game.table.session import Session  # noqa: E402


def _play(game: Game, bots: list[Bot], moves: int = 10_000) -> None:
    for _ in range(moves):
        if game.is_over:
            return
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        game.pass_turn() if move is None else game.play(move)


def saved_match(deals: int, variant: str, players: int) -> str:
    """The JSON save of a match of ``deals`` finished deals among normal bots, the next one a few moves in."""
    match = Match(load_rules(variant), players, seed=3)
    bots = [make_bot("normal", seed=s) for s in range(players)]
    for _ in range(deals):
        game = match.start_game()
        _play(game, bots)
        match.finish_game(game)
    _play(match.start_game(), bots, moves=5)
    return json.dumps(match.to_dict())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[200, 1000])
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--opponents", default="hard,hard,expert")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    opponents: tuple[Difficulty, ...] = tuple(args.opponents.split(","))  # type: ignore[assignment]
    choice = MatchChoice(args.variant, opponents)
    for deals in args.deals:
        text = saved_match(deals, args.variant, choice.players)
        loads, sits = [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            data = json.loads(text)
            match = Match.from_dict(data, load_rules(args.variant))
            loaded = time.perf_counter()
            Session(choice, match)
            loads.append(loaded - start)
            sits.append(time.perf_counter() - loaded)
        print(f"{deals} deals ({len(text) / 1e6:.1f} MB) · load {min(loads):.2f} s (median "
              f"{statistics.median(loads):.2f}) · sit down with {args.opponents} {min(sits):.2f} s (median "
              f"{statistics.median(sits):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
