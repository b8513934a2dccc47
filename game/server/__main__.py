"""``python3 -m game.server --port 7777``: a table server for many tables at once (docs/protocol.md).

Friends connect from the game (Play with friends → Join, ``address:port``); one of them hosts a table and
gives the others its code. Ctrl+C or SIGTERM stops the server cleanly: every player is told the server is
stopping, finished games stay in their history, and a game in progress is not recorded half-played.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import logging.handlers
import signal
import sys
from dataclasses import replace
from pathlib import Path

from game.net.lobby import LobbyLimits
from game.net.protocol import VERSION
from game.net.seats import TableTimes
from game.net.server import ServerLimits, TableServer
from game.rules.loader import load_catalogue
from game.rules.variant import RulesError
from game.server import LOG_NAME, logs_folder
from game.server.announce import Announcer
from game.server.collector import pace_collector, settle_collector
from game.version import VERSION as GAME_VERSION

log = logging.getLogger("tienlen.net")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    limits = ServerLimits()
    parser = argparse.ArgumentParser(
        prog="python3 -m game.server",
        description="Host Tiến Lên tables for friends on your network or over the internet. People join from "
                    "the game's Play with friends menu with this machine's address and port; one of them hosts "
                    "a table (with an optional password) and gives the others its code. Forward the port on "
                    "your router to let friends outside your network in.",
        epilog=f"Protocol version {VERSION}; the messages and limits are in docs/protocol.md. "
               "Stop with Ctrl+C (or SIGTERM): players are told, and no game is recorded half-played.",
    )  # fmt: skip
    parser.add_argument("--port", type=int, default=7777, help="TCP port to listen on (default 7777; 0: any free)")
    parser.add_argument("--host", default="0.0.0.0",
                        help="address to listen on (default 0.0.0.0, every interface; 127.0.0.1: this machine only)")
    parser.add_argument("--log-dir", type=Path, default=None,
                        help=f"folder for {LOG_NAME} (default: the game's log folder, {logs_folder()})")
    parser.add_argument("--rules", type=Path, default=None,
                        help="a rules.yaml with your own variants, offered besides the built-in ones")
    parser.add_argument("--max-tables", type=int, default=limits.lobby.max_tables,
                        help=f"tables at once (default {limits.lobby.max_tables})")
    parser.add_argument("--per-address", type=int, default=limits.per_address,
                        help=f"connections from one address at once (default {limits.per_address}; 0: no limit)")
    parser.add_argument("--tables-per-address", type=int, default=limits.lobby.tables_per_address,
                        help=f"tables hosted from one address (default {limits.lobby.tables_per_address})")
    parser.add_argument("--rate", type=float, default=limits.rate,
                        help=f"messages a second one connection may send (default {limits.rate:g}, bursts of twice "
                             "that); a faster one is told and disconnected")
    parser.add_argument("--bot-processes", type=int, default=1,
                        help="worker processes the bots think in (default 1; more use more cores; 0: threads)")
    parser.add_argument("--bot-threads", type=int, default=2,
                        help="threads the bots think on when they cannot use processes (default 2)")
    parser.add_argument("--announce", action="store_true",
                        help="announce the tables waiting for players on the local network, so they appear in the "
                             "game's Join screen by themselves (at most 16 at once)")
    parser.add_argument("--stats", type=float, default=60.0,
                        help="log the server's figures (moves, handling and sending times) every this many seconds "
                             "while anything happens (default 60; 0: never)")
    parser.add_argument("--quiet", action="store_true", help="log to the file only, not to the terminal")
    parser.add_argument("--version", action="version", version=f"tienlen {GAME_VERSION}, protocol {VERSION}")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error("--port must be 0 to 65535")
    for name in ("max_tables", "bot_threads"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if not 1 <= args.rate <= 100_000:
        parser.error("--rate must be 1 to 100000")
    if not 0 <= args.bot_processes <= 64:
        parser.error("--bot-processes must be 0 to 64")
    if args.per_address < 0 or args.tables_per_address < 1:
        parser.error("--per-address must be 0 or more, --tables-per-address at least 1")
    return args


def setup_logging(folder: Path, quiet: bool) -> Path | None:
    """Log to ``folder``/tienlen-server.log (rotated) and, unless ``quiet``, to stderr."""
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    form = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    path: Path | None = folder / LOG_NAME
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(folder / LOG_NAME, maxBytes=2_000_000,
                                                                        backupCount=3, encoding="utf-8")  # fmt: skip
        handler.setFormatter(form)
        root.addHandler(handler)
    except OSError as exc:
        print(f"game.server: cannot write the log in {folder} ({exc.strerror or exc}); logging to the terminal",
              file=sys.stderr)  # fmt: skip
        path, quiet = None, False
    if not quiet:
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(form)
        root.addHandler(console)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # a line per connection is too many
    return path


async def serve(args: argparse.Namespace) -> int:
    variants = None
    if args.rules is not None:
        try:
            variants = load_catalogue(args.rules).variants
        except (RulesError, OSError) as exc:
            print(f"game.server: {exc}", file=sys.stderr)
            return 2
    base = ServerLimits()
    limits = replace(base, per_address=args.per_address, rate=args.rate, burst=2 * args.rate,
                     lobby=LobbyLimits(args.max_tables, args.tables_per_address, base.lobby.failed_joins))  # fmt: skip
    announcer = make_announcer(args.host) if args.announce else None
    server = TableServer(limits, TableTimes(), variants, bot_threads=args.bot_threads,
                         watchers=[announcer] if announcer else [], bot_processes=args.bot_processes)  # fmt: skip
    try:
        port = await server.start(args.host, args.port)
    except OSError as exc:
        print(f"game.server: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    if announcer is not None:
        announcer.port = port
    settle_collector()
    pacer = asyncio.create_task(pace_collector())
    print(f"listening on ws://{args.host}:{port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError, AttributeError):  # Windows: Ctrl+C below
            loop.add_signal_handler(sig, stop.set)
    reporter = asyncio.create_task(report(server, args.stats)) if args.stats > 0 else None
    try:
        await stop.wait()
    finally:
        pacer.cancel()
        if reporter is not None:
            reporter.cancel()
        tables = len(server.lobby.tables)
        playing = sum(t.state == "playing" and not t.between for t in server.lobby.tables.values())
        log.info("stopping: %d tables end, %d games in progress are not recorded", tables, playing)
        await server.stop("server_stopping")
        if announcer is not None:
            announcer.stop()
    return 0


def make_announcer(host: str) -> Announcer | None:
    """The LAN announcer: on every interface for a server on all of them, else on the one address it listens on."""
    specific = None if host in ("", "0.0.0.0", "::") else [host]
    try:
        return Announcer(addresses=specific, interfaces=specific)
    except ImportError:
        log.warning("this build cannot announce tables on the network; friends join by address and code")
        return None


async def report(server: TableServer, every: float) -> None:
    """Log a line of figures every ``every`` seconds in which any message came in."""
    while True:
        await asyncio.sleep(every)
        figures = server.stats.report()
        if figures["received"]:
            log.info("stats %s", json.dumps({"tables": len(server.lobby.tables), "links": len(server.links),
                                             **figures}))  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    path = setup_logging(args.log_dir or logs_folder(), args.quiet)
    if path is not None:
        log.info("logging to %s", path)
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:  # where signal handlers cannot be set (Windows), Ctrl+C lands here
        return 0


if __name__ == "__main__":
    sys.exit(main())
