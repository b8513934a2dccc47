"""The window: F11 puts a full-screen window at the origin and back; a resize is kept within the displays."""

from __future__ import annotations

import pygame

from ui.app import MIN_SIZE, NO_DISPLAY_LIMIT


def _key(key: int) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)]


def test_f11_puts_the_full_screen_window_at_the_origin_and_back(make_app, monkeypatch):
    """Under a bare X server nothing moves a window that goes full screen: the game has to (issue 38, 18)."""
    app, _ = make_app("en")
    monkeypatch.setattr(app, "headless", False)  # go full screen for real, on the dummy driver's display
    calls: list[tuple] = []
    real_set_mode, real_move = pygame.display.set_mode, pygame.display.set_window_position

    def set_mode(size, flags=0, *args, **kwargs):
        calls.append(("set_mode", bool(flags & pygame.FULLSCREEN)))
        return real_set_mode(size, flags, *args, **kwargs)

    def move(pos):
        calls.append(("move", tuple(pos)))
        real_move(pos)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    monkeypatch.setattr(pygame.display, "set_window_position", move)
    real_move((320, 180))  # where a window manager, or SDL's centring, put the window
    app.step(1 / 30, _key(pygame.K_F11))
    assert app.settings.fullscreen and app.screen.get_flags() & pygame.FULLSCREEN
    assert calls.index(("move", (0, 0))) < calls.index(("set_mode", True))
    calls.clear()
    app.step(1 / 30, _key(pygame.K_F11))
    assert not app.settings.fullscreen and not app.screen.get_flags() & pygame.FULLSCREEN
    assert calls == [("set_mode", False), ("move", (320, 180))]  # the window goes back where it was
    assert pygame.display.get_window_position() == (320, 180) and app.size == (1280, 720)
    app.draw()


def _resize(app, w: int, h: int) -> None:
    app.step(1 / 30, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])


def test_a_huge_resize_is_clamped_to_the_display(make_app, monkeypatch):
    app, _ = make_app("en")
    monkeypatch.setattr(app, "headless", False)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    _resize(app, 20000, 20000)  # was 16384×16384 pixels, a gigabyte, then out of memory
    assert app.size == (1920, 1080)
    assert app.top.items[0].rect.right < 1920  # the menu was laid out for it
    app.draw()
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080), (1280, 1024)])
    _resize(app, 3000, 1000)  # a window across two displays side by side
    assert app.size == (3000, 1000)
    _resize(app, 10, 10)
    assert app.size == MIN_SIZE


def test_a_huge_resize_without_a_display_to_measure_is_bounded_too(make_app):
    app, _ = make_app("en")
    _resize(app, 20000, 20000)
    assert app.size == NO_DISPLAY_LIMIT
    app.draw()
