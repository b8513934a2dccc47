"""While nothing moves the loop sleeps, yet input (or a notice's wake-up) ends the sleep at once."""

from __future__ import annotations

import time

import pygame

from tests.ui.conftest import Driver


def test_the_idle_wait_ends_when_input_arrives(my_turn: Driver) -> None:
    app = my_turn.app
    my_turn.step(120)
    assert not app.animating()
    pygame.event.clear()
    timer = pygame.event.custom_type()
    pygame.time.set_timer(timer, 150, loops=1)
    start = time.monotonic()
    events = app.wait_for_events(5.0)
    assert timer in [e.type for e in events]
    assert time.monotonic() - start < 1.0


def test_the_idle_wait_gives_up_after_its_limit(my_turn: Driver) -> None:
    pygame.event.clear()
    start = time.monotonic()
    assert my_turn.app.wait_for_events(0.2) == []
    assert 0.15 < time.monotonic() - start < 1.5


def test_sdl_own_wait_wakes_on_an_event_and_leaves_it_for_pygame(my_turn: Driver) -> None:
    from ui.idle import EventWait

    wait = EventWait(use_sdl=True)
    if wait.sdl is None:
        import pytest

        pytest.skip("the SDL library pygame uses was not found on this system")
    pygame.event.clear()
    timer = pygame.event.custom_type()
    pygame.time.set_timer(timer, 150, loops=1)
    start = time.monotonic()
    events = wait(5.0)
    assert timer in [e.type for e in events]
    assert time.monotonic() - start < 1.0
    assert wait(0.05) == []


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
