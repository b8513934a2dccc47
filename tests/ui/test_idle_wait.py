"""While nothing moves the loop sleeps, yet input (or a notice's wake-up) ends the sleep at once."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from tests.ui.conftest import Driver
from ui import idle


class FakeClock:
    """Stands in for ``time`` in ``ui.idle``: a nap moves the clock on at once, and at ``post_at`` an event
    arrives (posted as the nap that reaches it ends), so the waits are checked by what they do, not how long."""

    def __init__(self, post_at: float | None = None) -> None:
        self.now = 0.0
        self.naps: list[float] = []
        self.post_at = post_at
        self.kind = pygame.event.custom_type()

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds >= 0.0
        self.naps.append(seconds)
        self.now += seconds
        if self.post_at is not None and self.now >= self.post_at:
            pygame.event.post(pygame.event.Event(self.kind))
            self.post_at = None


def test_the_idle_wait_ends_at_the_first_look_after_input_arrives(my_turn: Driver, monkeypatch) -> None:
    app = my_turn.app
    my_turn.step(120)
    assert not app.animating()
    assert app.wait_for_events.sdl is None  # the dummy driver's SDL wait polls: the loop naps instead
    clock = FakeClock(post_at=0.15)
    monkeypatch.setattr(idle, "time", clock)
    pygame.event.clear()
    events = app.wait_for_events(5.0)
    assert clock.kind in [e.type for e in events]
    assert all(nap <= idle.NAP for nap in clock.naps)
    assert clock.now == pytest.approx(math.ceil(0.15 / idle.NAP) * idle.NAP)  # not one nap more


def test_the_idle_wait_gives_up_after_its_limit(my_turn: Driver, monkeypatch) -> None:
    clock = FakeClock()
    monkeypatch.setattr(idle, "time", clock)
    pygame.event.clear()
    assert my_turn.app.wait_for_events(0.2) == []
    assert all(nap <= idle.NAP for nap in clock.naps)
    assert clock.now == pytest.approx(0.2)  # the whole limit, and no more


class SdlSpy:
    """The SDL library, with what each of its waits returned: 1 when an event woke it, 0 when the time ran out."""

    def __init__(self, lib: Any) -> None:
        self.lib = lib
        self.returned: list[int] = []

    def SDL_WaitEventTimeout(self, event: Any, ms: int) -> int:  # noqa: N802 - SDL's name
        found = int(self.lib.SDL_WaitEventTimeout(event, ms))
        self.returned.append(found)
        return found


def test_sdl_own_wait_wakes_on_an_event_and_leaves_it_for_pygame(my_turn: Driver) -> None:
    wait = idle.EventWait(use_sdl=True)
    if wait.sdl is None:
        pytest.skip("the SDL library pygame uses was not found on this system")
    spy = SdlSpy(wait.sdl)
    wait.sdl = spy  # type: ignore[assignment]
    pygame.event.clear()
    timer = pygame.event.custom_type()
    pygame.time.set_timer(timer, 150, loops=1)
    events = wait(30.0)
    assert spy.returned == [1]  # woken by the timer's event, not by the limit
    assert timer in [e.type for e in events]  # and pygame still got the event
    assert wait(0.05) == [] and spy.returned == [1, 0]  # nothing came: the limit ended it


def test_the_audio_device_rests_when_quiet_and_wakes_for_the_next_sound(my_turn: Driver) -> None:
    from ui.settings_model import Settings
    from ui.sound import REST_AFTER, Sound

    now = [100.0]
    sound = Sound(Settings(muted=False, volume=0.5), clock=lambda: now[0])
    assert sound.available and sound.sounds and sound.openings == 1
    sound.play("select")
    assert sound.rest() is not None and not sound.resting  # just heard: not yet
    pygame.mixer.stop()
    now[0] += REST_AFTER + 0.1
    assert sound.rest() is None and sound.resting
    assert not pygame.mixer.get_init() and not sound.sounds
    sound.play("play")
    assert not sound.resting and pygame.mixer.get_init() and sound.openings == 2
    assert sound.sounded[-1] == "play"
    assert all(s.get_volume() == 0.5 for s in sound.sounds.values())


def test_the_loop_rests_the_audio_while_still_and_input_wakes_it(my_turn: Driver) -> None:
    from ui import sound as sound_module

    app = my_turn.app
    my_turn.step(120)
    app.dirty = False
    assert not app.animating()
    pygame.mixer.stop()
    app.sound.last_heard -= sound_module.REST_AFTER + 1
    pygame.event.clear()
    app.turn()
    assert app.sound.resting
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.turn()
    assert not app.sound.resting and app.sound.sounds
