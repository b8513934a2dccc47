"""The headless server's cycle collector: kept off what it loaded, and run in small steps on a clock.

Python starts a pass over its youngest objects when more have been made than have died since the last one. A
server in full play makes and frees objects at the same rate (each move leaves a few that live as long as its
game, each finished game frees a few hundred), so that count hardly moves: a pass came every second or so and
then found 20,000 to 50,000 young objects, a pause of 15-30 ms, and the older generation's passes 50-90 ms —
every move on every table waits for them, and they made the slowest 1 % of moves (docs/performance.md).
Here the automatic passes are off and the server's loop runs them itself: the young objects every
``YOUNG_EVERY`` seconds, often and so briefly (~10,000 of them at 200 tables in full play: 3-5 ms), and a
full pass every ``FULL_EVERY``. A move makes no cycles (its objects are freed as it ends, or as its game ends,
without the collector), so nothing waits for a pass to be freed; what does make cycles (a closed link, an
exception kept) is found within the full pass's period.
"""

from __future__ import annotations

import asyncio
import gc

YOUNG_EVERY = 0.1  # seconds
FULL_EVERY = 30.0


def settle_collector() -> None:
    """What is loaded by now (the engine, the AI's tables, the rules) lives as long as the process: it is kept out
    of the collector's passes, which then scan only the tables' objects; and the automatic passes stop (the
    server's loop runs ``pace_collector``)."""
    gc.collect()
    gc.freeze()
    gc.disable()


async def pace_collector(young: float = YOUNG_EVERY, full: float = FULL_EVERY) -> None:
    """Run the collector's passes on this clock until cancelled (the automatic ones come back then)."""
    per_full = max(1, round(full / young))
    ticks = 0
    try:
        while True:
            await asyncio.sleep(young)
            ticks += 1
            gc.collect(2 if ticks % per_full == 0 else 0)
    finally:
        gc.enable()


__all__ = ["FULL_EVERY", "YOUNG_EVERY", "pace_collector", "settle_collector"]
