"""Two parts of the table server's CPU per move, each on its own, without the noise of 800 clients around them.

``handling``: the server's code for a move at tables of 4 people (the message parsed, checked, played, every
view built, each message framed as the server's links frame it), with fake links that give the bytes to nobody;
the people play as the bench's bots do (the lowest legal move, or a pass). ``receiving``: a message of a play's
size read by a ``websockets`` server through asyncio, by ``async for`` and as the server reads it (``inbound``;
the kernel's receive included in both), sent by 400 links in another process. Figures: docs/performance.md
("The table server"); the whole of it: tools/bench_server.py.

Run: python tools/bench_server_parts.py [--moves 20000] [--part handling|receiving|both]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from websockets.asyncio.client import connect  # noqa: E402
from websockets.asyncio.server import ServerConnection, serve  # noqa: E402

from game.net.botpool import BotPool  # noqa: E402
from game.net.inbound import LinkSocket  # noqa: E402
from game.net.links import text_frame  # noqa: E402
from game.net.protocol import parse_client  # noqa: E402
from game.net.seats import TableSettings, TableTimes  # noqa: E402
from game.net.tables import Table  # noqa: E402
from game.net.wire import dumps  # noqa: E402
from game.rules.loader import load_rules  # noqa: E402

PLAY = '{"type":"play","cards":["3s"],"v":1}'


class Link:
    """A person's link that frames each message as the server's links do and keeps the last view it was sent."""

    address = "bench"

    def __init__(self) -> None:
        self.last: str | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        text = message if isinstance(message, str) else dumps(message)
        text_frame(text)
        if text.startswith(('{"type":"events"', '{"type":"game"')):
            self.last = text
        elif text.startswith('{"type":"game_over"'):
            self.last = "over"

    def close(self, code: int = 1000, reason: str = "") -> None:
        pass


async def handling(moves: int, tables: int = 20) -> float:
    """Microseconds of CPU the server's code takes for a move."""
    pool = BotPool(processes=0)
    rules = load_rules("mien-nam")
    played: list[tuple[Table, list[Link]]] = []
    for n in range(tables):
        table = Table(f"B{n}", TableSettings(rules.id), rules, TableTimes(), pool, on_end=lambda t: None)
        links = [Link() for _ in range(4)]
        for link in links:
            table.sit(link, "Bench")
        table.handle(0, {"type": "start"})
        played.append((table, links))
    gc.collect()
    gc.freeze()
    cpu, done = 0.0, 0
    while done < moves:
        for table, links in played:
            if any(link.last == "over" for link in links):
                for seat, link in enumerate(links):
                    link.last = None
                    table.handle(seat, {"type": "ready"})
                continue
            for seat, link in enumerate(links):
                view = link.last
                if view and f'"current_player":{seat},' in view and '"is_over":false' in view:
                    legal = json.loads(view)["view"]["legal_moves"]
                    raw = json.dumps({"type": "play", "cards": legal[0], "v": 1} if legal else {"type": "pass", "v": 1})
                    link.last = None
                    began = time.process_time()
                    table.handle(seat, parse_client(raw))
                    cpu += time.process_time() - began
                    done += 1
                    break
    pool.shutdown()
    return 1e6 * cpu / done


def _send_plays(port: int, links: int, seconds: float) -> None:
    async def one() -> None:
        async with connect(f"ws://127.0.0.1:{port}", compression=None, ping_interval=None) as ws:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                await ws.send(PLAY)
                await asyncio.sleep(0.01)

    async def every() -> None:
        await asyncio.gather(*(one() for _ in range(links)))

    asyncio.run(every())


async def receiving(direct: bool, links: int = 400, seconds: float = 4.0) -> tuple[float, float]:
    """Messages received a second, and microseconds of CPU a message: read by ``async for`` over the connection
    (``websockets``' own way) or, ``direct``, handed over as they arrive (``inbound.LinkSocket``, the server's)."""
    count = 0

    def counted(_: str | bytes) -> None:
        nonlocal count
        count += 1

    async def reader(ws: ServerConnection) -> None:
        nonlocal count
        if isinstance(ws, LinkSocket):
            ws.listen(counted)
            await ws.wait_closed()
            return
        async for _ in ws:
            count += 1

    async with serve(reader, "127.0.0.1", 0, compression=None, ping_interval=None,
                     create_connection=LinkSocket if direct else None) as server:  # fmt: skip
        port = server.sockets[0].getsockname()[1]
        sender = multiprocessing.get_context("spawn").Process(target=_send_plays, args=(port, links, seconds + 5))
        sender.start()
        await asyncio.sleep(4)  # every link open and sending
        cpu, got = time.process_time(), count
        await asyncio.sleep(seconds)
        cpu, got = time.process_time() - cpu, count - got
        await asyncio.to_thread(sender.join)
    return got / seconds, 1e6 * cpu / max(1, got)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20000)
    parser.add_argument("--part", choices=("handling", "receiving", "both"), default="both")
    args = parser.parse_args()
    if args.part in ("handling", "both"):
        print(f"handling a move: {asyncio.run(handling(args.moves)):.1f} us of CPU", flush=True)
    if args.part in ("receiving", "both"):
        for direct, how in ((False, "by async for"), (True, "as it arrives")):
            rate, each = asyncio.run(receiving(direct))
            print(f"receiving a message {how}: {each:.1f} us of CPU ({rate:.0f} messages a second)", flush=True)


if __name__ == "__main__":
    main()
