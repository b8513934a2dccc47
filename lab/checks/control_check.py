"""How often a led planned play holds its round, against the planner's control estimate:
``python3 -m lab.checks.control_check --games 3000``.

The normal bot in the first seat plays against three bots (``--opponents``); each time it leads one of its
planned plays, the planner's control of that play (``Planner.control``: roughly the chance nobody beats it)
is kept with whether the lead won its round (it was the round's last play). Prints, per kind and by bins of
the estimate, the mean estimate against the share held. Plays of 2s and bombs are left out.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence

from game import load_rules, new_game
from game.ai.normal import NormalBot
from game.engine.game import Game
from lab.bots import make_bot

EDGES = (0.02, 0.06, 0.12, 0.25, 0.45, 0.7)  # the bins' upper edges; the last bin runs to 1


def kind_of(kind: str, cards: int) -> str:
    return kind if kind != "straight" else ("straight3" if cards == 3 else "straight4+")


def leads(game: Game, bots: Sequence[object]) -> list[tuple[str, float, bool]]:
    """Play ``game`` out; the first seat's planned leads as (kind, estimate, held)."""
    seat_bot = bots[0]
    assert isinstance(seat_bot, NormalBot)
    out: list[tuple[str, float, bool]] = []
    pending: tuple[str, float, int] | None = None
    while not game.is_over:
        s = game.current_player
        view = game.view(s)
        move = bots[s].choose(view)  # type: ignore[attr-defined]
        if s == 0 and view.table is None and move is not None:
            ctx = seat_bot.context(view)
            for g in ctx.planner.plan(ctx.hand).groups:
                if g.cards_from(ctx.hand) == move and not g.is_two and not g.is_bomb:
                    pending = (kind_of(g.kind, len(move)), ctx.planner.control(g), view.round_index)
                    break
        game.pass_turn(s) if move is None else game.play(move, s)
        if pending is not None and (game.round_index != pending[2] or game.is_over):
            plays = [a for a in game.history if a.round_index == pending[2] and a.combo is not None]
            out.append((pending[0], pending[1], bool(plays) and plays[-1].seat == 0))
            pending = None
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--opponents", default="normal")
    parser.add_argument("--seed", type=int, default=90000, help="games are dealt from this seed up")
    parser.add_argument("--variant", default="mien-nam")
    args = parser.parse_args(argv)
    rules = load_rules(args.variant)
    bins: dict[tuple[str, int], list[tuple[float, bool]]] = defaultdict(list)
    for g in range(args.games):
        game = new_game(rules, players=4, seed=args.seed + g)
        bots = [make_bot("normal", seed=g)] + [make_bot(args.opponents, seed=g * 10 + s) for s in range(1, 4)]
        for kind, estimate, held in leads(game, bots):
            b = next((i for i, edge in enumerate(EDGES) if estimate < edge), len(EDGES))
            bins[(kind, b)].append((estimate, held))
    print(f"{'kind':<12} {'estimate':>10} {'leads':>6} {'mean estimate':>14} {'held':>6}")
    for (kind, b), rows in sorted(bins.items()):
        low = EDGES[b - 1] if b else 0.0
        high = EDGES[b] if b < len(EDGES) else 1.0
        mean = sum(e for e, _ in rows) / len(rows)
        share = sum(1 for _, h in rows if h) / len(rows)
        print(f"{kind:<12} {low:>4.2f}–{high:<4.2f} {len(rows):>6} {mean:>14.2f} {share:>6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
