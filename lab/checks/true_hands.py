"""Is it the hidden hands or the playouts? ``python3 -m lab.checks.true_hands --deals 100 --seed 7``.

A diagnosis, never a way to play: the hard bot's search is given the *real* hidden hands in place of its
sampled deals (every deal it plays out is the true one), against three opponents (``--opponents``), and the
arena's table is printed. If the search wins clearly more with the true hands than normal does on the same
deals, its playouts model the table well and its sampled hands are what hold it back; if it does not,
the playouts' players are what is wrong, whatever the hands. With ``--know N`` only the hands of opponents
holding N cards or fewer are told, the others drawn from the cards left as the search draws them; ``--out``
keeps the deals for ``python3 -m lab.arena_records compare`` against the arena's run of the same deals.
``--bot-option hard.opponents=patient`` (or ``read``) changes who the playouts' opponents are
(``game.ai.reading.styles``). One core; run it niced.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import game.ai.hard as hard
import lab.arena as arena
from game.ai.playouts.plays import mask_of
from game.ai.reading.inference import Inference
from game.engine.game import Game

TRUE_HANDS: list[int] = []  # every seat's hand at the decision being made
KNOW_UP_TO = [13]  # the search is told the hands of opponents holding this many cards or fewer


class TrueHands(Inference):
    """Stands in for ``game.ai.reading.inference.Inference`` in the search: every deal is the real one, and each
    opponent's chance of playing patiently is read with its real hand."""

    def draw(self, rng: random.Random) -> tuple[list[int], dict[int, float]]:
        known = [s for s in self.opps if self.counts[s] <= KNOW_UP_TO[0]]
        if len(known) < len(self.opps):  # the others drawn as the search draws them, from the cards left
            taken = sum(TRUE_HANDS[s] for s in known)
            kept = self.unseen_cards
            self.unseen_cards = [c for c in kept if not taken >> c & 1]
            opps, self.opps = self.opps, [s for s in self.opps if s not in known]
            try:
                hands, patient = super().draw(rng)
            finally:
                self.unseen_cards, self.opps = kept, opps
        else:
            hands, patient = [0] * self.view.players, {}
        hands[self.view.seat] = mask_of(self.view.hand)
        for s in known:
            hands[s] = TRUE_HANDS[s]
            patient[s] = self.weigh(s, hands[s])[1]
        return hands, patient


def play_game(game: Game, bots: Sequence[Any], predictions: list[tuple[int, float]] | None = None,
              evidence: list[list[float]] | None = None) -> int:
    """``arena.play_game``, telling the search the real hands before each decision."""
    decisions = 0
    while not game.is_over:
        seat = game.current_player
        TRUE_HANDS[:] = [mask_of(h) for h in game.hands]
        move = bots[seat].choose(game.view(seat))
        decisions += 1
        game.pass_turn(seat) if move is None else game.play(move, seat)
    return decisions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--opponents", default="baseline", help="the bot in the other three seats")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--bot-option", action="append", default=[], metavar="hard.NAME=VALUE")
    parser.add_argument("--out", type=Path, help="keep the deals' results here (``lab.arena_records``)")
    parser.add_argument("--know", type=int, default=13, help="tell only the hands of this many cards or fewer")
    args = parser.parse_args()
    KNOW_UP_TO[0] = args.know
    setattr(hard, "Inference", TrueHands)  # noqa: B010 - the search samples from this name
    arena.play_game = play_game
    options = arena.parse_options(["hard.time_limit=30", *args.bot_option])
    lineup = ("hard", args.opponents, args.opponents, args.opponents)
    records = [arena.play_deal((lineup, args.variant, 4, args.seed, i, options)) for i in range(args.deals)]
    if args.out is not None:
        arena.save_records(records, args.out)
    print(f"hard searching the TRUE hands vs 3 {args.opponents} · {args.variant} · {args.deals} deals · "
          f"seed {args.seed} · {' '.join(args.bot_option) or 'default options'}")  # fmt: skip
    for s in arena.summarise(records, lineup):
        print(f"{s.bot:<10} {s.games:>6} games  wins {100 * s.win[0]:.1f}% ± {100 * s.win[1]:.1f}  "
              f"net {s.net[0]:+.2f} ± {s.net[1]:.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
