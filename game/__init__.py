"""The Tiến Lên Miền Nam rules engine: cards, combinations, variants, games, matches and scoring.

Pure Python; it never imports pygame. The public surface is documented in docs/engine-api.md.
"""

from game.engine.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from game.engine.combos import Combo, classify
from game.engine.events import (
    CardsPlayed,
    Chopped,
    Cong,
    Event,
    GameOver,
    InstantWin,
    Passed,
    PlayerOut,
    Resigned,
    RoundWon,
)  # fmt: skip
from game.engine.game import Action, Game, SeatView, new_game
from game.engine.match import Match
from game.engine.refusals import IllegalMove, Refusal
from game.engine.scoring import GameResult, Transfer, hand_value
from game.rules import Catalogue, Rules, RulesError, list_variants, load_catalogue, load_rules

__all__ = [
    "DECK", "Action", "Card", "CardsPlayed", "Catalogue", "Chopped", "Combo", "Cong", "Event", "Game",
    "GameOver", "GameResult", "IllegalMove", "InstantWin", "Match", "Passed", "PlayerOut", "Rank", "Resigned",
    "Refusal", "RoundWon", "Rules", "RulesError", "SeatView", "Suit", "Transfer", "classify", "format_cards",
    "hand_value", "list_variants", "load_catalogue", "load_rules", "new_game", "parse_cards",
]  # fmt: skip
