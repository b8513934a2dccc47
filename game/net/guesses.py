"""Wrong table codes and passwords, counted per address across all its links, so guessing is slow.

Each address has a burst of wrong guesses (a person mistyping a password a few times never notices), which
comes back at a steady rate. Once it is spent, every ``join`` from that address, right or wrong and on any
link, waits for the next free turn before it is answered: the turns are ``1 / rate`` seconds apart and
reserved in order, so sixteen links guessing at once wait ever longer, and the address guesses no faster than
``rate`` a second whatever it does. A right guess waits too: an answer that came at once would tell it apart.

An IPv6 address counts by its /64 network (one host can hold a whole /64), an IPv4-mapped one as IPv4.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

REMEMBERED = 10_000  # addresses kept before the ones whose guesses have all come back are forgotten


@dataclass
class _Address:
    tokens: float  # wrong guesses it may still make at once
    at: float  # when ``tokens`` was last brought up to date
    turn: float  # the last turn reserved for one of its joins (monotonic seconds)


def address_key(address: str) -> str:
    """What an address is counted under: itself, its IPv4 form, or its IPv6 /64 network."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.IPv6Network((ip, 64), strict=False))


class Guesses:
    """``wait(address)``: seconds a join from there waits before it is answered; ``wrong(address)``: a wrong
    guess, and whether the address has spent its burst (its link is closed then)."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = max(rate, 1e-6), max(burst, 1.0)
        self._by: dict[str, _Address] = {}

    def _state(self, address: str) -> _Address:
        now = time.monotonic()
        key = address_key(address)
        state = self._by.get(key)
        if state is None:
            if len(self._by) >= REMEMBERED:
                self._forget(now)
            state = self._by[key] = _Address(self.burst, now, 0.0)
        state.tokens = min(self.burst, state.tokens + (now - state.at) * self.rate)
        state.at = now
        return state

    def wait(self, address: str) -> float:
        """How long a join from ``address`` waits: 0 while it has guesses to spare and no turn is reserved."""
        state = self._state(address)
        if state.tokens >= 1.0 and state.turn <= state.at:
            return 0.0
        back = state.at + max(0.0, 1.0 - state.tokens) / self.rate  # when its next guess has come back
        state.turn = max(back, state.turn + 1.0 / self.rate)
        return state.turn - state.at

    def wrong(self, address: str) -> bool:
        """Count a wrong guess; True when the address had none left to spend (it guesses too fast)."""
        state = self._state(address)
        spare = state.tokens > 0.5  # a join answered at its turn finds the guess that came back (give or take)
        state.tokens = max(0.0, state.tokens - 1.0)
        return not spare

    def _forget(self, now: float) -> None:
        """Forget the addresses whose guesses have all come back; if that is not enough, the oldest half."""
        rested = [k for k, s in self._by.items() if s.turn <= now and s.tokens + (now - s.at) * self.rate >= self.burst]
        for key in rested:
            del self._by[key]
        if len(self._by) >= REMEMBERED:
            for key in list(self._by)[: len(self._by) // 2]:
                del self._by[key]
