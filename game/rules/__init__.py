"""Variants: the typed ``Rules`` (``game.rules.variant``) and loading them from ``rules.yaml`` (``game.rules.loader``).

One import for both; neither of the two modules imports this one.
"""

from game.rules.loader import Catalogue, builtin_catalogue, list_variants, load_catalogue, load_rules
from game.rules.variant import (
    FIRST_LEADS,
    GAME_ENDS,
    INSTANT_WIN_PATTERNS,
    CongRule,
    Prices,
    Rules,
    RulesError,
    ThoiRule,
    beat_reason,
)  # fmt: skip

__all__ = [
    "FIRST_LEADS", "GAME_ENDS", "INSTANT_WIN_PATTERNS", "Catalogue", "CongRule", "Prices", "Rules", "RulesError",
    "ThoiRule", "beat_reason", "builtin_catalogue", "list_variants", "load_catalogue", "load_rules",
]  # fmt: skip
