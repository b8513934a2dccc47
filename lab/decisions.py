"""Checksums of every decision of each level over fixed games: ``python3 -m lab.decisions [--write]``.

The record (``lab/decisions.json``) pins what the four levels do. For each level, variant and table size a
fixed set of games is played as matches of ``MATCH`` deals (the bots meet the table's levels first and are
shown the end of every deal, as at the table, so what they remember is covered too), and every decision is
hashed with what the seat saw: the view's summary (seat, hand, counts, table, passes, who is out, history
length, legal moves) and the move. ``easy`` and ``normal`` sit in every seat; ``hard`` and ``expert``, which
cost far more, sit in one seat (it turns from one match to the next) against ``normal`` in the others. The
searching levels get a time limit no machine reaches, so their work budget alone decides and the record does
not depend on the machine's load.

Without ``--write`` it replays the record (or ``--games`` of it) and says where it differs;
``tests/lab/test_decisions.py`` replays a small part in CI. A change meant to alter a level's play is
recorded on purpose with ``python3 -m lab.decisions --write`` (``--levels``, ``--games``, ``--hard-games`` and
``--missing`` to redo part of it; the record holds 200 games a configuration for easy and normal, and as many for
hard and expert as a run of about twenty minutes allowed).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import LEVELS, make_bot
from game.ai.base import Bot
from game.engine.game import Game, new_game
from game.engine.view import SeatView
from game.rules import list_variants, load_rules

RECORD = Path(__file__).with_name("decisions.json")
SIZES = (2, 3, 4)
#: Deals per match: the bots keep what they learned from one deal to the next within a match.
MATCH = 10
#: Seconds no decision reaches: the searching levels stop on their work budget alone.
NO_LIMIT = 1e6
#: The levels that sit in one seat against normal (they cost tens to hundreds of milliseconds a decision).
ONE_SEAT = ("hard", "expert", "master")
REGENERATE = "python3 -m lab.decisions --write"


@dataclass(frozen=True)
class Config:
    level: str
    variant: str
    players: int

    @property
    def key(self) -> str:
        return f"{self.level}/{self.variant}/{self.players}"


#: The levels the record pins: master's decisions are its weights', and no weights ship yet (docs/ai.md).
RECORDED = tuple(level for level in LEVELS if level != "master")


def configs(levels: Sequence[str] = RECORDED) -> list[Config]:
    """Every level, variant of rules.yaml and table size, in the record's order."""
    return [Config(level, variant, players) for level in levels for variant in list_variants() for players in SIZES]


def summary(view: SeatView) -> tuple[Any, ...]:
    """What the seat saw, in plain ints: enough that a different position never hashes the same."""
    table = tuple(c.index for c in view.table.cards) if view.table is not None else ()
    return (view.seat, tuple(c.index for c in view.hand), view.counts, table, view.table_seat,
            tuple(sorted(view.passed)), view.finished, view.cong, len(view.history), view.round_index,
            tuple(tuple(c.index for c in m) for m in view.legal_moves))  # fmt: skip


def lineup(config: Config, match: int) -> list[str]:
    """Who sits where in match ``match``: the level everywhere, or (hard, expert) in one seat that turns."""
    if config.level not in ONE_SEAT:
        return [config.level] * config.players
    names = ["normal"] * config.players
    names[match % config.players] = config.level
    return names


def bots_for(config: Config, match: int) -> list[Bot]:
    """The bots of one match: the seat of the searching level turns with the match, seeds fixed by it."""
    names = lineup(config, match)
    out: list[Bot] = []
    for seat, name in enumerate(names):
        options = {"time_limit": NO_LIMIT} if name in ONE_SEAT else {}
        out.append(make_bot(name, seed=match * 31 + seat, **options))
    for bot in out:
        bot.meet(names)
    return out


def play(game: Game, bots: Sequence[Bot]) -> tuple[str, int]:
    """Play ``game`` out; the digest of its decisions and how many there were."""
    digest = hashlib.blake2b(digest_size=8)
    decisions = 0
    while not game.is_over:
        seat = game.current_player
        view = game.view(seat)
        move = bots[seat].choose(view)
        played = tuple(c.index for c in move) if move is not None else None
        digest.update(repr((summary(view), played)).encode())
        decisions += 1
        if move is None:
            game.pass_turn(seat)
        else:
            game.play(move, seat)
    return digest.hexdigest(), decisions


def games(config: Config, count: int) -> Iterator[tuple[str, int]]:
    """The first ``count`` games of ``config``: each one's digest and number of decisions."""
    rules = load_rules(config.variant)
    bots: list[Bot] = []
    for index in range(count):
        if index % MATCH == 0:
            bots = bots_for(config, index // MATCH)
        game = new_game(rules, players=config.players, seed=index, first_game=index % MATCH == 0)
        yield play(game, bots)
        shown = [tuple(hand) for hand in game.hands]
        for seat, bot in enumerate(bots):
            bot.deal_over(game.view(seat), shown)


def record_of(config: Config, count: int) -> dict[str, Any]:
    """The record of ``config``'s first ``count`` games: one digest per game and the decisions counted."""
    digests: list[str] = []
    decisions = 0
    for digest, n in games(config, count):
        digests.append(digest)
        decisions += n
    return {"games": count, "decisions": decisions, "digests": digests}


def load(path: Path = RECORD) -> dict[str, dict[str, Any]]:
    """The record: ``{"level/variant/players": {"games", "decisions", "digests"}}``."""
    if not path.exists():
        return {}
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["configs"]
    return data


def save(records: dict[str, dict[str, Any]], path: Path = RECORD) -> None:
    ordered = {c.key: records[c.key] for c in configs() if c.key in records}
    text = json.dumps({"about": f"decision checksums of each level; regenerate on purpose with {REGENERATE}",
                       "match": MATCH, "configs": ordered}, indent=1)  # fmt: skip
    path.write_text(text + "\n", encoding="utf-8")


def differences(config: Config, recorded: dict[str, Any], count: int) -> list[str]:
    """Where ``config``'s first ``count`` games now differ from the record (empty when they agree)."""
    count = min(count, len(recorded["digests"]))
    out = []
    for index, (digest, _) in enumerate(games(config, count)):
        if digest != recorded["digests"][index]:
            out.append(f"{config.key}: game {index} decides differently")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.decisions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="play the games and write the record (on purpose)")
    parser.add_argument("--levels", default=",".join(RECORDED))
    parser.add_argument("--games", type=int, default=None,
                        help="games per variant and table size (default: 200, or the record's when checking)")
    parser.add_argument("--hard-games", type=int, default=None, help="--games for hard and expert (when writing)")
    parser.add_argument("--missing", action="store_true", help="write only the configurations not yet recorded")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    records = load()
    failed: list[str] = []
    for config in configs(levels):
        start = time.perf_counter()
        if args.write and args.missing and config.key in records:
            continue
        if args.write:
            count = args.hard_games if config.level in ONE_SEAT and args.hard_games else args.games or 200
            records[config.key] = record_of(config, count)
            save(records)
            note = f"{count} games, {records[config.key]['decisions']} decisions"
        else:
            if config.key not in records:
                failed.append(f"{config.key}: not in the record")
                continue
            count = args.games or records[config.key]["games"]
            found = differences(config, records[config.key], count)
            failed += found
            note = f"{min(count, records[config.key]['games'])} games: " + ("differ" if found else "same")
        print(f"{config.key:<26} {note} · {time.perf_counter() - start:.0f} s", flush=True)
    for line in failed:
        print(line, file=sys.stderr)
    if failed:
        print(f"decisions differ from {RECORD.name}; if the change is meant, record it: {REGENERATE}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
