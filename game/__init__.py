"""The Tiến Lên Miền Nam rules engine: cards, combinations, variants, games, matches and scoring.

Pure Python; it never imports pygame. The public surface is documented in docs/engine-api.md.
"""

from game.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from game.combos import Combo, classify
from game.events import (
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
from game.game import Action, Game, SeatView, new_game
from game.match import Match
from game.refusals import IllegalMove, Refusal
from game.rules import Catalogue, Rules, RulesError, list_variants, load_catalogue, load_rules
from game.scoring import GameResult, Transfer, hand_value

__all__ = [
    "DECK", "Action", "Card", "CardsPlayed", "Catalogue", "Chopped", "Combo", "Cong", "Event", "Game",
    "GameOver", "GameResult", "IllegalMove", "InstantWin", "Match", "Passed", "PlayerOut", "Rank", "Resigned",
    "Refusal", "RoundWon", "Rules", "RulesError", "SeatView", "Suit", "Transfer", "classify", "format_cards",
    "hand_value", "list_variants", "load_catalogue", "load_rules", "new_game", "parse_cards",
]  # fmt: skip
