"""Variants: the typed ``Rules`` (``game.variant``) and loading them from ``rules.yaml`` (``game.rules_file``).

One import for both; neither of the two modules imports this one.
"""

from game.rules_file import Catalogue, builtin_catalogue, list_variants, load_catalogue, load_rules
from game.variant import (
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
