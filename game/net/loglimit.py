"""Repeated log lines are limited: a storm of joins, wrong guesses or bogus announcements must not fill the log
and push its history out (the log rotates at a few megabytes).

Lines are told apart by their level and their format string ("table %s: %s sat at seat %d" is one kind
whatever the table): each kind may come in a burst, then once a second; the lines left out are counted, and
the next line of that kind says how many there were.
"""

from __future__ import annotations

import logging
import time

BURST = 20.0  # lines of one kind at once
PER_SECOND = 1.0  # then this many a second
KINDS = 2000  # kinds remembered at most (each holds three numbers)
LIMITED = ("tienlen.net", "tienlen.discovery")


class RepeatFilter(logging.Filter):
    """Passes at most ``burst`` lines of one kind at once and ``rate`` a second after that."""

    def __init__(self, burst: float = BURST, rate: float = PER_SECOND) -> None:
        super().__init__()
        self.burst, self.rate = burst, rate
        self._kinds: dict[tuple[int, str], list[float]] = {}  # kind -> [tokens, when, lines left out]

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        key = (record.levelno, str(record.msg))
        state = self._kinds.get(key)
        if state is None:
            if len(self._kinds) >= KINDS:
                self._kinds.clear()  # a flood of kinds (they are format strings: unlikely) starts afresh
            state = self._kinds[key] = [self.burst, now, 0.0]
        state[0] = min(self.burst, state[0] + (now - state[1]) * self.rate)
        state[1] = now
        if state[0] < 1.0:
            state[2] += 1
            return False
        state[0] -= 1.0
        if state[2]:
            record.msg = f"{record.msg} [{int(state[2])} more lines like this one were left out]"
            state[2] = 0
        return True


def install() -> None:
    """Limit the table server's and discovery's loggers (once, however often it is called)."""
    for name in LIMITED:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RepeatFilter) for f in logger.filters):
            logger.addFilter(RepeatFilter())
