"""``python3 -m game.review FILE [--seat N] [--json]``: the coach's review of a recorded game, headless."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game.review.coach import review
from game.review.grade import WORK
from game.review.judge import strongest_level
from game.review.report import text, to_json
from game.review.sources import read_source


def _at_least_one(text: str) -> int:
    """An argument that counts something (a game, moves simulated): a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python3 -m game.review",
        description="Review one seat's decisions in a recorded game (a game history, a match save, a match or "
        "one game; see docs/file-formats.md): the costliest decisions and the same deal played by the "
        "strongest bot.")  # fmt: skip
    parser.add_argument("file", help="history.json, match-save.json, or a game or match record")
    parser.add_argument("--seat", type=int, default=None, help="the seat to review (default: the player's)")
    parser.add_argument("--game", type=_at_least_one, default=None,
                        help="which game: in a history 1 is the newest; in a match, its game number")
    parser.add_argument("--json", action="store_true", help="print everything found as JSON")
    parser.add_argument("--lang", choices=("vi", "en"), default="en")
    parser.add_argument("--level", default=None, help=f"the judging bot (default: {strongest_level()})")
    parser.add_argument("--work", type=_at_least_one, default=WORK,
                        help="moves simulated per decision (more: slower, surer)")
    parser.add_argument("--no-duplicate", action="store_true", help="skip replaying the deal with the strongest bot")
    parser.add_argument("--rules", action="append", default=[], help="a rules.yaml with your own variants")
    args = parser.parse_args(argv)
    try:
        source = read_source(args.file, args.game, args.rules)
        seat = source.seat if args.seat is None else args.seat
        found = review(source.record, seat, rules=source.rules, bots=source.bots, level=args.level,
                       work=args.work, duplicate=not args.no_duplicate)  # fmt: skip
    except ValueError as exc:  # SourceError is one: the file, or the seat or level asked for, cannot be used
        print(f"game.review: {args.file}: {_one_line(exc)}", file=sys.stderr)
        return 2
    except (RecursionError, OverflowError) as exc:  # a safety net: the checks in sources.py should come first
        print(f"game.review: {args.file}: the file holds what the review cannot use ({_one_line(exc)})",
              file=sys.stderr)  # fmt: skip
        return 2
    if args.json:
        print(json.dumps(to_json(found, source.names), ensure_ascii=False, indent=1))
    else:
        print(text(found, args.lang, source.names))
    return 0


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split())[:500]


if __name__ == "__main__":
    sys.exit(main())
