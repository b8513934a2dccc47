"""A variant as typed data (``Rules`` and its parts), the errors a rules file can raise, and the beating table.

The loader that builds these from ``rules.yaml`` is ``game.rules.loader``; ``game.rules`` offers both."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, TRIPLE, Combo
from game.engine.refusals import Refusal

INSTANT_WIN_PATTERNS = (
    "dragon",
    "four_twos",
    "pair_run_5",
    "six_pairs",
    "one_colour_12",
    "four_triples",
    "four_threes",
    "three_pairs_with_3s",
)
FIRST_LEADS = ("random", "host", "three_of_spades")
GAME_ENDS = ("first_out", "one_left")


class RulesError(ValueError):
    """A rules file that cannot be used; the message names the file, the line and the field."""

    def __init__(self, file: str, line: int | None, path: str, message: str) -> None:
        self.file, self.line, self.path, self.reason = file, line, path, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {path}: {message}" if path else f"{where}: {message}")


@dataclass(frozen=True)
class Prices:
    plain_card: float
    two: tuple[float, float, float, float]  # by suit: ♠ ♣ ♦ ♥
    pair_run_3: float
    quad: float
    pair_run_4: float


@dataclass(frozen=True)
class ThoiRule:
    when: str  # first_out | game_end
    payers: str  # every_loser | last_place
    payee: str | dict[int, int]  # "winner", or the place paid per player count


@dataclass(frozen=True)
class CongRule:
    multiplier: float
    charge: float
    place_payout: float | None
    thoi_to_winner: bool
    cancels_last_place_payment: bool


@dataclass(frozen=True)
class Rules:
    """One variant, validated. Amounts are in units of the table bet."""

    id: str
    name: dict[str, str]
    description: dict[str, str]
    source: str
    game_ends: str
    first_lead: str
    quad_beats_pair_of_twos: bool
    longer_pair_run_beats_shorter: bool
    pair_run4_ignores_pass: bool
    instant_wins_every_game: tuple[str, ...]
    instant_wins_first_game: tuple[str, ...]
    prices: Prices
    thoi: ThoiRule
    place_payouts: dict[int, tuple[float, ...]]
    last_place_pays_winner: float
    cong: CongRule
    instant_win_fixed: float
    instant_win_hand_value: bool
    chop_exempt_if_hand_emptied: bool
    three_of_spades_winner_final_play: float | None
    three_of_spades_last_holding_only: float | None
    den_bai: bool
    quit_charge: float
    data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def ends_at_first_out(self) -> bool:
        return self.game_ends == "first_out"

    def instant_win_patterns(self, first_game: bool) -> tuple[str, ...]:
        return self.instant_wins_every_game + (self.instant_wins_first_game if first_game else ())

    def can_beat(self, combo: Combo, table: Combo | None) -> bool:
        """Whether ``combo`` may be played on ``table`` in turn (lock-out aside); ``None`` is a lead."""
        if table is None:
            return True
        if combo.is_bomb and (table.is_twos or table.is_bomb):
            return _bomb_beats(self, combo, table)
        if combo.kind != table.kind or combo.length != table.length:
            return False
        return combo.top.rank > table.top.rank if combo.kind in (TRIPLE, QUAD) else combo.top > table.top

    def combo_price(self, combo: Combo) -> float:
        """The price of a 2-play or bomb in a chặt chain."""
        if combo.is_twos:
            return sum(self.prices.two[c.suit] for c in combo.cards)
        if combo.kind == QUAD:
            return self.prices.quad
        if combo.kind == PAIR_RUN:
            return self.prices.pair_run_3 if combo.length == 3 else self.prices.pair_run_4
        return 0.0


def beat_reason(rules: Rules, combo: Combo, table: Combo | None) -> Refusal | None:
    """``None`` when ``combo`` beats ``table``; otherwise why not, in plain words."""
    if table is None or rules.can_beat(combo, table):
        return None
    if combo.is_bomb and (table.is_twos or table.is_bomb):
        if table.is_twos and table.kind == TRIPLE:
            return Refusal("triple_twos")
        return Refusal("cannot_bomb", mine=combo.describe(), table=table.describe())
    if combo.kind != table.kind or combo.length != table.length:
        return Refusal("cannot_beat", mine=combo.describe(), table=table.describe())
    return Refusal("not_higher", mine=combo, table=table)


def _bomb_beats(rules: Rules, bomb: Combo, table: Combo) -> bool:
    if table.is_twos and table.kind != QUAD:  # four 2s are a quad, and beaten as one (RULES.md §3)
        if table.kind == SINGLE:
            return True
        if table.kind == PAIR:
            if bomb.kind == QUAD:
                return rules.quad_beats_pair_of_twos
            return bomb.length >= 4
        return False
    if table.kind == QUAD:
        if bomb.kind == QUAD:
            return bomb.top.rank > table.top.rank
        return bomb.length >= 4
    # A pair run on the table.
    if bomb.kind == QUAD:
        return table.length == 3
    if bomb.length == table.length:
        return bomb.top > table.top
    if bomb.length > table.length:
        return table.length == 3 or rules.longer_pair_run_beats_shorter
    return False


__all__ = [
    "FIRST_LEADS", "GAME_ENDS", "INSTANT_WIN_PATTERNS", "CongRule", "Prices", "Rules", "RulesError", "ThoiRule",
    "beat_reason",
]  # fmt: skip
