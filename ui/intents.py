"""Input becomes intents first, so mouse, keyboard and tests all drive the scenes through one path."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, auto
from typing import Any

import pygame


class Action(Enum):
    PLAY = auto()
    PASS = auto()
    HINT = auto()
    PLAY_HINT = auto()      # Shift+H: play the suggested move (or pass, when passing is the suggestion)
    SORT = auto()
    CLEAR = auto()          # right-click: drop the selection
    BACK = auto()           # Esc: drop the selection, else leave / open the menu
    TOGGLE_FOCUS = auto()   # Space: toggle the card under the keyboard cursor
    TOGGLE = auto()         # toggle ``card`` (tests, accessibility)
    LEFT = auto()
    RIGHT = auto()
    UP = auto()
    DOWN = auto()
    CONFIRM = auto()        # Enter on screens without a PLAY meaning (results: next game)
    POINTER_DOWN = auto()
    POINTER_MOVE = auto()   # motion with the left button held
    POINTER_UP = auto()
    HOVER = auto()          # motion with no button held
    FULLSCREEN = auto()
    MUTE = auto()
    RESIZE = auto()
    QUIT = auto()
    HOME = auto()           # Home: to the start (a replay)
    END = auto()            # End: to the end (a replay)
    UNDO = auto()           # Ctrl+Z: take back your last move (practice)
    REVEAL = auto()         # V: show every hand face up (practice)
    TEXT = auto()           # typed text, ``Intent.text`` (a text field; Ctrl+V pastes the clipboard's)
    ERASE = auto()          # Backspace: the character before the caret (a text field)


@dataclass(frozen=True)
class Intent:
    action: Action
    pos: tuple[int, int] = (0, 0)
    size: tuple[int, int] = (0, 0)
    card: Any = None
    text: str = ""


KEYMAP: dict[int, Action] = {
    pygame.K_RETURN: Action.PLAY,
    pygame.K_KP_ENTER: Action.PLAY,
    pygame.K_p: Action.PASS,
    pygame.K_h: Action.HINT,
    pygame.K_s: Action.SORT,
    pygame.K_SPACE: Action.TOGGLE_FOCUS,
    pygame.K_ESCAPE: Action.BACK,
    pygame.K_LEFT: Action.LEFT,
    pygame.K_RIGHT: Action.RIGHT,
    pygame.K_UP: Action.UP,
    pygame.K_DOWN: Action.DOWN,
    pygame.K_F11: Action.FULLSCREEN,
    pygame.K_m: Action.MUTE,
    pygame.K_HOME: Action.HOME,
    pygame.K_END: Action.END,
    pygame.K_v: Action.REVEAL,
}


def intents_from_event(event: pygame.event.Event) -> list[Intent]:
    """The intents one pygame event means (usually zero or one)."""
    kind = event.type
    if kind == pygame.QUIT:
        return [Intent(Action.QUIT)]
    if kind == pygame.TEXTINPUT:
        return [Intent(Action.TEXT, text=event.text)]
    if kind == pygame.KEYDOWN:
        if event.key == pygame.K_z and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            return [Intent(Action.UNDO)]
        if event.key == pygame.K_v and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            return [Intent(Action.TEXT, text=_clipboard())]
        if event.key == pygame.K_BACKSPACE:
            return [Intent(Action.ERASE)]
        if event.key == pygame.K_h and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            return [Intent(Action.PLAY_HINT)]
        action = KEYMAP.get(event.key)
        return [Intent(action)] if action else []
    if kind == pygame.MOUSEBUTTONDOWN:
        if event.button == 1:
            return [Intent(Action.POINTER_DOWN, pos=tuple(event.pos))]
        if event.button == 3:
            return [Intent(Action.CLEAR, pos=tuple(event.pos))]
        return []
    if kind == pygame.MOUSEBUTTONUP and event.button == 1:
        return [Intent(Action.POINTER_UP, pos=tuple(event.pos))]
    if kind == pygame.MOUSEMOTION:
        held = bool(event.buttons and event.buttons[0])
        return [Intent(Action.POINTER_MOVE if held else Action.HOVER, pos=tuple(event.pos))]
    if kind == pygame.VIDEORESIZE:
        return [Intent(Action.RESIZE, size=(event.w, event.h))]
    return []


def _clipboard() -> str:
    """The clipboard's text (empty when there is none or no clipboard at all)."""
    try:
        return str(pygame.scrap.get_text() or "")
    except (pygame.error, AttributeError):
        return ""
