"""The raw cost of a small TCP send over loopback on this machine, for comparison with the table server's.

One process sends messages of ``--size`` bytes (a WebSocket frame's header and text) four at a time (a move's
four ``events``), round-robin to ``--links`` sockets, at ``--rate`` sends a second (0: as fast as it can); a
second process reads them all in one selector loop, as the clients do. Prints the sender's CPU per send (user and
system: over loopback the receiving side's TCP work is charged to the sender) and the reader's. Linux or macOS.
Figures: docs/performance.md ("The table server").

Run: python tools/bench_loopback.py [--links 800] [--rate 20000] [--size 1000] [--seconds 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import selectors
import socket
import time


def read_all(port: int, links: int, stop: int) -> None:
    """The reader: connect ``links`` sockets, read whatever comes until ``stop`` (a pipe) is readable."""
    sel = selectors.DefaultSelector()
    for _ in range(links):
        sock = socket.create_connection(("127.0.0.1", port))
        sock.setblocking(False)
        sel.register(sock, selectors.EVENT_READ)
    sel.register(stop, selectors.EVENT_READ)
    received = wakes = 0
    while True:
        wakes += 1
        for key, _ in sel.select():
            if key.fileobj == stop:
                use = resource.getrusage(resource.RUSAGE_SELF)
                print(f"reader: {received} bytes in {wakes} wake-ups, CPU user {use.ru_utime:.2f} s, "
                      f"system {use.ru_stime:.2f} s", flush=True)  # fmt: skip
                return
            assert isinstance(key.fileobj, socket.socket)
            received += len(key.fileobj.recv(1 << 16))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=800)
    parser.add_argument("--rate", type=float, default=20000.0, help="sends a second (0: as fast as possible)")
    parser.add_argument("--size", type=int, default=1000, help="bytes a message (126 to 65535)")
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4096)
    port = listener.getsockname()[1]
    stop_r, stop_w = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(stop_w)
        read_all(port, args.links, stop_r)
        os._exit(0)
    os.close(stop_r)
    links = [listener.accept()[0] for _ in range(args.links)]
    for sock in links:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as asyncio sets it
    frame = b"\x81\x7e" + (args.size - 4).to_bytes(2, "big") + b"x" * (args.size - 4)
    began, cpu = time.monotonic(), resource.getrusage(resource.RUSAGE_SELF)
    sent = i = 0
    due = began
    while time.monotonic() - began < args.seconds:
        if args.rate and time.monotonic() < due:
            time.sleep(max(0.0, due - time.monotonic()))
            continue
        for _ in range(4):
            links[i % args.links].send(frame)
            i += 1
        sent += 4
        due += 4 / args.rate if args.rate else 0.0
    span, end = time.monotonic() - began, resource.getrusage(resource.RUSAGE_SELF)
    user = (end.ru_utime - cpu.ru_utime) / sent * 1e6
    system = (end.ru_stime - cpu.ru_stime) / sent * 1e6
    print(f"{sent} sends of {args.size} bytes to {args.links} links in {span:.1f} s ({sent / span:.0f} a second): "
          f"sender {user:.1f} us user + {system:.1f} us system = {user + system:.1f} us a send; "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)  # fmt: skip
    os.write(stop_w, b"x")
    os.waitpid(child, 0)


if __name__ == "__main__":
    main()
