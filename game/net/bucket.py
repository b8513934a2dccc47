"""A token bucket: how often something may happen, with bursts (a link's messages, an address's wrong guesses)."""

from __future__ import annotations

import time


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; ``take`` spends one if there is one."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    @property
    def full(self) -> bool:
        """Nothing spent that has not come back."""
        return self.tokens + (time.monotonic() - self.at) * self.rate >= self.burst
