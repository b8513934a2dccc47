"""The table server under load: one ``python3 -m game.server`` process, N tables × 4 clients over loopback, every
client a bot that answers at once (the lowest legal move, or a pass when nothing beats).

Measures, over a window after a warm-up: moves a second (all tables), the server's CPU (of one core, and a
move), the client processes' CPU (all of them, of one core, over the whole play), the time
from a client sending a move to the last of the table's four clients receiving it (p50/p99/max), and the
server's memory per table (its resident memory with the tables seated and playing, less its memory idle, over
N). Linux (reads /proc). Figures: docs/performance.md.

Run: python tools/bench_server.py --tables 200 [--seconds 20] [--client-procs 2] [--think 0.5]
(``--think``: each bot waits a random 0 to 1 s before a move, a table at a person's pace, to see the latency
when the server is not saturated; without it every table plays as fast as the machine allows.)
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.client import ClientProtocol  # noqa: E402
from websockets.frames import Opcode  # noqa: E402
from websockets.http11 import Response  # noqa: E402
from websockets.uri import parse_uri  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def proc_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def proc_rss(pid: int) -> int:
    """Resident memory in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


class Table:
    """One table's four clients in a worker: who sent which move when, and who has seen it."""

    def __init__(self) -> None:
        self.code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
        self.seated = 0
        self.all_seated = asyncio.Event()
        self.sent: dict[int, float] = {}  # the move's number at the table -> when it was sent
        self.seen: dict[int, int] = {}
        self.done: list[tuple[float, float]] = []  # (when the last client saw it, latency)
        self.host: Seat | None = None  # the client that hosts the table (and starts its match once all are seated)


class Seat(asyncio.Protocol):
    """One client on an asyncio protocol: ``websockets``' own protocol object makes the handshake and the
    (masked) frames it sends, and the server's frames are read here as their bytes arrive, with no task woken
    and no future made for a message. The 800 clients share the server's two cores, so what
    they spend a move is taken from the server (docs/performance.md).

    Every move reaches every client as one ``events`` message, in the same order, so the n-th such message is the
    table's n-th move for all four. Only the client whose turn it is reads its message whole: the others look for
    their turn in the bytes, as cheaply as a bot can, and the one to move reads only its first legal move."""

    def __init__(self, url: str, table: Table, host: bool, think: float) -> None:
        self.ws = ClientProtocol(parse_uri(url), max_size=1 << 20)
        self.table, self.host, self.think = table, host, think
        self.transport: asyncio.Transport | None = None
        self.rng = random.Random()
        self.mine = b"\x00"  # what the views say while this seat is to move, once the welcome says which it is
        self.moves_seen = 0
        self.open = False  # the handshake is done: frames are read here, not by ``ws``
        self.buffer = bytearray()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.ws.send_request(self.ws.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        if self.open:
            self._frames(data)
            return
        self.ws.receive_data(data)
        for event in self.ws.events_received():  # the handshake's answer: nothing comes after it unasked
            assert isinstance(event, Response)
            if event.status_code != 101:
                self._fail(f"handshake refused: {event.status_code}")
                return
            self.open = True
            if self.host:
                self._send({"type": "host", "name": "Bench", "variant": "mien-nam", "players": 4,
                            "bot_level": "normal", "timer": 0, "password": ""})  # fmt: skip
            else:
                self._send({"type": "join", "code": self.table.code.result(), "name": "Bench", "password": ""})
        self._flush()

    def _frames(self, data: bytes) -> None:
        """Read the server's frames (unmasked, each message whole in one) from what has come so far."""
        buf = self.buffer
        buf += data
        at, end = 0, len(buf)
        while end - at >= 2:
            assert buf[at] & 0x80, "the server sends every message in one frame"
            op, size, head = buf[at] & 0x0F, buf[at + 1] & 0x7F, 2
            if size >= 126:
                head = 4 if size == 126 else 10
                if end - at < head:
                    break
                size = int.from_bytes(buf[at + 2 : at + head], "big")
            if end - at < head + size:
                break
            payload = bytes(buf[at + head : at + head + size])
            at += head + size
            if op == Opcode.TEXT.value:
                self.message(payload)
            elif op == Opcode.PING.value:
                self.ws.send_pong(payload)
            elif op == Opcode.CLOSE.value:
                self._fail("the server closed the connection")
        del buf[:at]
        self._flush()

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.closed.done():
            self.closed.set_result(None)

    def message(self, raw: bytes) -> None:
        now = time.monotonic()
        table = self.table
        if raw.startswith(b'{"type":"events"'):
            self.moves_seen += 1
            if self.moves_seen in table.sent:
                count = table.seen[self.moves_seen] = table.seen.get(self.moves_seen, 0) + 1
                if count == 4:
                    del table.seen[self.moves_seen]
                    table.done.append((now, now - table.sent.pop(self.moves_seen)))
        if raw.startswith((b'{"type":"events"', b'{"type":"game"')):
            if self.mine in raw and b'"is_over":false' in raw:
                first = raw.index(b'"legal_moves":[') + 15  # only the seat to move is sent its moves
                cards = json.loads(raw[first : raw.index(b"]", first) + 1]) if raw[first] == ord("[") else None
                move = {"type": "play", "cards": cards} if cards else {"type": "pass"}
                if self.think:
                    asyncio.get_running_loop().call_later(self.rng.uniform(0, 2 * self.think), self._move, move)
                else:
                    self._move(move)
        elif raw.startswith(b'{"type":"game_over"'):
            self._send({"type": "ready"})
        elif raw.startswith(b'{"type":"welcome"'):
            msg = json.loads(raw)
            self.mine = f'"current_player":{msg["seat"]},'.encode()
            if self.host:
                table.code.set_result(msg["table"]["code"])
            table.seated += 1
            if table.seated == 4:
                table.all_seated.set()
                assert table.host is not None
                table.host.start()
        elif raw.startswith((b'{"type":"error"', b'{"type":"ended"')):
            self._fail(f"server said {raw[:200]!r}")

    def start(self) -> None:
        self._send({"type": "start"})
        self._flush()

    def _move(self, move: dict[str, Any]) -> None:
        self.table.sent[self.moves_seen + 1] = time.monotonic()
        self._send(move)
        self._flush()

    def _send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps({**message, "v": 1}).encode())

    def _flush(self) -> None:
        assert self.transport is not None
        for data in self.ws.data_to_send():
            if data:
                self.transport.write(data)

    def _fail(self, why: str) -> None:
        if not self.closed.done():
            self.closed.set_exception(RuntimeError(why))
        assert self.transport is not None
        self.transport.close()


async def open_seat(url: str, table: Table, host: bool, think: float) -> Seat:
    uri = parse_uri(url)
    loop = asyncio.get_running_loop()
    _, seat = await loop.create_connection(lambda: Seat(url, table, host, think), uri.host, uri.port)
    if host:
        table.host = seat
    return seat


def run_worker(url: str, tables: int, seconds: float, think: float, cpus: set[int] | None) -> dict[str, Any]:
    """Play ``tables`` tables for ``seconds`` after they are all seated (on ``cpus`` only, if given);
    completions and the span played."""
    if cpus:
        os.sched_setaffinity(0, cpus)

    async def main() -> dict[str, Any]:
        made = [Table() for _ in range(tables)]
        seats = []
        for n, table in enumerate(made):
            seats.append(await open_seat(url, table, True, think))
            await table.code
            seats += [await open_seat(url, table, False, think) for _ in range(3)]
            if n % 20 == 19:
                await asyncio.sleep(0.05)  # do not open every connection in the same instant
        await asyncio.gather(*(t.all_seated.wait() for t in made))
        gc.collect()
        gc.freeze()  # the clients' own collector pauses are not the server's latency
        began, cpu = time.monotonic(), time.process_time()
        await asyncio.sleep(seconds)
        cpu, ended = time.process_time() - cpu, time.monotonic()
        failed = [seat.closed.exception() for seat in seats if seat.closed.done()]
        for seat in seats:
            if seat.transport is not None:
                seat.transport.close()
        if any(failed):
            raise next(e for e in failed if e)
        return {"began": began, "ended": ended, "cpu": cpu, "done": [d for t in made for d in t.done]}

    return asyncio.run(main())


def start_server(tables: int, profile: str = "") -> tuple[subprocess.Popen[str], str, Path]:
    log_dir = tempfile.mkdtemp(prefix="bench-server-")
    prefix = ["-m", "cProfile", "-o", profile] if profile else []
    cmd = [sys.executable, *prefix, "-m", "game.server", "--host", "127.0.0.1", "--port", "0", "--quiet",
           "--log-dir", log_dir, "--max-tables", str(tables + 10), "--per-address", "0",
           "--tables-per-address", str(tables + 10), "--rate", "10000", "--stats", "1"]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True, env={**os.environ})
    assert proc.stdout is not None
    url = proc.stdout.readline().split()[-1]
    return proc, url, Path(log_dir) / "tienlen-server.log"


def server_figures(log: Path, start: float, end: float) -> dict[str, Any]:
    """The server's own figures (its ``--stats`` lines, one a second) over the window: its handling of a move
    and its sending of a message once queued, the worst second's p99 and the largest single time."""
    offset = time.time() - time.monotonic()
    lines = []
    for line in log.read_text(encoding="utf-8").splitlines():
        if " stats {" not in line:
            continue
        when = datetime.strptime(line[:23], "%Y-%m-%d %H:%M:%S,%f").timestamp() - offset
        if start + 1 <= when <= end:
            lines.append(json.loads(line.split(" stats ", 1)[1]))
    if not lines:
        return {}
    worst = {k: max(d[k] or 0.0 for d in lines) for k in ("handle_ms_p99", "send_ms_p99", "handle_ms_max",
                                                             "send_ms_max")}  # fmt: skip
    mid = {k: round(statistics.median(d[k] or 0.0 for d in lines), 3) for k in ("handle_ms_p50", "send_ms_p50")}
    return {"server_" + k: v for k, v in {**mid, **worst}.items()}


def sample(pid: int, until: threading.Event, out: list[tuple[float, float, int]]) -> None:
    while not until.is_set():
        out.append((time.monotonic(), proc_cpu(pid), proc_rss(pid)))
        until.wait(0.25)


def at(samples: list[tuple[float, float, int]], when: float) -> tuple[float, float, int]:
    return min(samples, key=lambda s: abs(s[0] - when))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0, help="play this long once every table is seated")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds left out at the start of the play")
    parser.add_argument("--client-procs", type=int, default=2, help="processes the clients run in")
    parser.add_argument("--think", type=float, default=0.0,
                        help="a bot waits 0 to twice this many seconds before each move (0: full speed)")
    parser.add_argument("--profile", default="", help="run the server under cProfile, writing this file")
    parser.add_argument("--pin", action="store_true",
                        help="the server on the first core only, the clients on the others (as if they were "
                             "elsewhere: they never take the server's core)")  # fmt: skip
    args = parser.parse_args()
    proc, url, log = start_server(args.tables, args.profile)
    cores = sorted(os.sched_getaffinity(0))
    client_cpus = set(cores[1:]) if args.pin and len(cores) > 1 else None
    if client_cpus:
        os.sched_setaffinity(proc.pid, {cores[0]})
    time.sleep(0.5)
    idle_rss = proc_rss(proc.pid)
    samples: list[tuple[float, float, int]] = []
    stop = threading.Event()
    sampler = threading.Thread(target=sample, args=(proc.pid, stop, samples), daemon=True)
    sampler.start()
    load_before = os.getloadavg()
    shares = [args.tables // args.client_procs + (i < args.tables % args.client_procs)
              for i in range(args.client_procs)]  # fmt: skip
    try:
        with ProcessPoolExecutor(args.client_procs) as pool:
            n = len(shares)
            results = list(pool.map(run_worker, [url] * n, shares, [args.seconds] * n, [args.think] * n,
                                    [client_cpus] * n))
    finally:
        stop.set()
        sampler.join()
        proc.terminate()
        proc.wait(10)
    start = max(r["began"] for r in results) + args.warmup
    end = min(r["ended"] for r in results) - 0.5
    done = [lat for r in results for when, lat in r["done"] if start <= when <= end]
    lat_ms = sorted(x * 1000 for x in done)
    (t0, cpu0, _), (t1, cpu1, rss1) = at(samples, start), at(samples, end)
    p99 = lat_ms[min(len(lat_ms) - 1, int(len(lat_ms) * 0.99))] if lat_ms else float("nan")
    report = {
        "tables": args.tables,
        "think_s": args.think,
        "pinned": bool(client_cpus),
        "clients": args.tables * 4,
        "window_s": round(end - start, 1),
        "moves_per_s": round(len(done) / (end - start), 1),
        "server_cpu_pct_of_one_core": round(100 * (cpu1 - cpu0) / (t1 - t0), 1),
        "server_cpu_ms_per_move": round(1000 * (cpu1 - cpu0) / max(1, len(done)) * (end - start) / (t1 - t0), 3),
        "clients_cpu_pct_of_one_core": round(sum(100 * r["cpu"] / (r["ended"] - r["began"]) for r in results), 1),
        "latency_ms_p50": round(statistics.median(lat_ms), 2) if lat_ms else None,
        "latency_ms_p99": round(p99, 2),
        "latency_ms_max": round(lat_ms[-1], 2) if lat_ms else None,
        "server_rss_idle_mb": round(idle_rss / 2**20, 1),
        "server_rss_playing_mb": round(rss1 / 2**20, 1),
        "memory_per_table_kb": round((rss1 - idle_rss) / args.tables / 1024, 1),
        "cores": os.cpu_count(),
        **server_figures(log, start, end),
        "load_avg_before": [round(x, 2) for x in load_before],
        "load_avg_after": [round(x, 2) for x in os.getloadavg()],
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
