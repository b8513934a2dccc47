"""Synthesise the game's sound effects into assets/sounds/ (stdlib only; the outputs are the project's own).

Run ``python tools/make_sounds.py``; the WAVs are committed, so this is only needed to change them.
"""

from __future__ import annotations

import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 44100
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"


def env(t: float, attack: float, decay: float) -> float:
    """A quick attack and an exponential decay."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def render(seconds: float, fn: Callable[[float], float]) -> list[float]:
    return [fn(i / RATE) for i in range(int(seconds * RATE))]


def tone(freq: float, t: float, partials: tuple[float, ...] = (1.0, 0.35, 0.12)) -> float:
    return sum(a * math.sin(2 * math.pi * freq * (k + 1) * t) for k, a in enumerate(partials))


def noise_burst(seconds: float, decay: float, seed: int, lowpass: float = 0.35) -> list[float]:
    rng = random.Random(seed)
    out, y = [], 0.0
    for i in range(int(seconds * RATE)):
        y += lowpass * (rng.uniform(-1, 1) - y)
        out.append(y * env(i / RATE, 0.002, decay))
    return out


def mix(*tracks: list[float]) -> list[float]:
    n = max(len(t) for t in tracks)
    return [sum(t[i] for t in tracks if i < len(t)) for i in range(n)]


def save(name: str, samples: list[float], gain: float = 0.8) -> None:
    peak = max(1e-9, max(abs(s) for s in samples))
    fade = int(0.005 * RATE)
    data = bytearray()
    for i, s in enumerate(samples):
        k = min(1.0, (len(samples) - i) / fade)
        v = int(max(-1.0, min(1.0, s / peak * gain * k)) * 32767)
        data += struct.pack("<h", v)
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(data))


def notes(seq: list[tuple[float, float, float]], length: float, decay: float = 0.35) -> list[float]:
    """Notes as (start, frequency, level), each a soft bell-like tone."""
    def fn(t: float) -> float:
        v = 0.0
        for start, freq, level in seq:
            if t >= start:
                v += level * tone(freq, t - start, (1.0, 0.3, 0.1, 0.04)) * env(t - start, 0.006, decay)
        return v
    return render(length, fn)


def main() -> None:
    # a card sliding off the deck: a short, bright filtered noise flick
    save("deal", noise_burst(0.09, 0.018, 1, 0.55), 0.45)
    # a tiny wooden tick when a card is lifted
    save("select", render(0.05, lambda t: tone(1800, t, (1.0, 0.2)) * env(t, 0.001, 0.008)), 0.35)
    # cards slapped on the felt: a low thump under a papery snap
    thump = render(0.18, lambda t: math.sin(2 * math.pi * (140 - 200 * t) * t) * env(t, 0.002, 0.04))
    save("play", mix(thump, noise_burst(0.12, 0.025, 2, 0.45)), 0.7)
    # passing: two soft falling notes
    save("pass", notes([(0.0, 659.3, 0.6), (0.09, 523.3, 0.6)], 0.45, 0.12), 0.45)
    # a bomb: deep falling boom, a crack of noise and a short rumble
    boom = render(0.9, lambda t: math.sin(2 * math.pi * (90 * math.exp(-2.5 * t) + 35) * t) * env(t, 0.004, 0.22))
    save("bomb", mix(boom, noise_burst(0.6, 0.12, 3, 0.2), noise_burst(0.12, 0.02, 4, 0.8)), 0.9)
    # the round's cards swept off the table
    sweep = noise_burst(0.35, 0.12, 5, 0.12)
    save("sweep", [s * math.sin(math.pi * i / len(sweep)) for i, s in enumerate(sweep)], 0.4)
    # your turn: a gentle two-note chime
    save("turn", notes([(0.0, 880.0, 0.5), (0.07, 1318.5, 0.4)], 0.5, 0.18), 0.35)
    # an opponent is down to one card (báo 1 lá): two quick high pings
    save("alert", notes([(0.0, 1567.98, 0.6), (0.12, 1567.98, 0.6)], 0.45, 0.07), 0.4)
    # winning: a rising major arpeggio that rings
    save("win", notes([(0.0, 523.3, 0.7), (0.12, 659.3, 0.7), (0.24, 784.0, 0.7), (0.36, 1046.5, 0.9)],
                      1.4, 0.45), 0.6)
    # losing: a falling minor phrase
    save("lose", notes([(0.0, 440.0, 0.6), (0.16, 392.0, 0.6), (0.32, 349.2, 0.6), (0.5, 293.7, 0.8)],
                       1.3, 0.4), 0.5)


if __name__ == "__main__":
    main()
