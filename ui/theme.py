"""Colours and proportions shared by every scene."""

from __future__ import annotations

FELT_DARK = (10, 58, 36)
FELT_LIGHT = (36, 132, 82)
GOLD = (240, 196, 80)
GOLD_DARK = (170, 128, 40)
WHITE = (250, 250, 246)
CREAM = (255, 248, 228)
INK = (28, 28, 34)
MUTED = (190, 205, 195)
SHADOW = (0, 0, 0)
PANEL_EDGE = (90, 150, 110)
RED = (205, 40, 50)
GREEN_OK = (90, 210, 120)
WARN = (255, 140, 90)
SELECT = (255, 214, 70)
FOCUS = (90, 190, 255)
BUTTON = (232, 186, 64)
BUTTON_TEXT = (40, 26, 6)
BUTTON_OFF = (90, 104, 96)
BUTTON_OFF_TEXT = (160, 170, 164)
BUTTON_ALT = (236, 236, 228)

SUIT_COLOURS = ((25, 25, 30), (25, 25, 30), (200, 30, 45), (200, 30, 45))
SUIT_COLOURS_FOUR = ((25, 25, 30), (22, 128, 58), (28, 92, 200), (200, 30, 45))
AVATAR_COLOURS = ((220, 90, 80), (80, 150, 220), (150, 110, 210), (230, 160, 60))

CARD_RATIO = 1.4  # height / width
