"""Start the game."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from game.version import VERSION

    args = sys.argv[1:] if argv is None else argv
    if "--version" in args:
        print(VERSION)
        return 0
    print("The table is not built yet.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
