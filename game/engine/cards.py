"""Cards, ranks and suits in Tiến Lên order, and their text forms."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from enum import IntEnum


class Rank(IntEnum):
    """Ranks from lowest (3) to highest (2)."""

    THREE = 0
    FOUR = 1
    FIVE = 2
    SIX = 3
    SEVEN = 4
    EIGHT = 5
    NINE = 6
    TEN = 7
    JACK = 8
    QUEEN = 9
    KING = 10
    ACE = 11
    TWO = 12

    @property
    def label(self) -> str:
        return RANK_LABELS[self]


class Suit(IntEnum):
    """Suits from lowest (bích) to highest (cơ)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self >= Suit.DIAMONDS


RANK_LABELS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")
SUIT_SYMBOLS = ("♠", "♣", "♦", "♥")
SUIT_LETTERS = ("s", "c", "d", "h")

_RANK_BY_TEXT = {label.upper(): Rank(i) for i, label in enumerate(RANK_LABELS)}
_RANK_BY_TEXT["T"] = Rank.TEN
_SUIT_BY_TEXT = {s: Suit(i) for i, s in enumerate(SUIT_SYMBOLS)}
_SUIT_BY_TEXT.update({s: Suit(i) for i, s in enumerate(SUIT_LETTERS)})
_SUIT_BY_TEXT.update({"♤": Suit.SPADES, "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS})


class Card:
    """An immutable playing card; cards compare by rank first, then suit.

    There are exactly 52 instances (``Card(rank, suit)`` returns the shared one), so cards are cheap to
    hash and compare, which the move generator and the AI's playouts rely on.
    """

    __slots__ = ("rank", "suit", "index")
    rank: Rank
    suit: Suit
    index: int

    _all: list[Card] = []

    def __new__(cls, rank: int, suit: int) -> Card:
        _check_index("rank", rank, 13)
        _check_index("suit", suit, 4)
        if cls._all:
            return cls._all[int(rank) * 4 + int(suit)]
        return super().__new__(cls)

    def __init__(self, rank: int, suit: int) -> None:
        if not hasattr(self, "index"):
            object.__setattr__(self, "rank", Rank(rank))
            object.__setattr__(self, "suit", Suit(suit))
            object.__setattr__(self, "index", int(rank) * 4 + int(suit))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (int(self.rank), int(self.suit)))

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and other.index == self.index)

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __repr__(self) -> str:
        return f"Card({self})"

    def __str__(self) -> str:
        return RANK_LABELS[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def ascii(self) -> str:
        """The ASCII form, e.g. ``Th`` for 10♥."""
        label = "T" if self.rank == Rank.TEN else RANK_LABELS[self.rank]
        return label + SUIT_LETTERS[self.suit]

    @property
    def is_two(self) -> bool:
        return self.rank == Rank.TWO

    @property
    def is_red(self) -> bool:
        return self.suit >= Suit.DIAMONDS


def _check_index(name: str, value: object, size: int) -> None:
    """Refuse what is not a rank (0-12) or suit (0-3): a wrong type or a value out of range never wraps around."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a card's {name} must be an int, not {type(value).__name__} {value!r}")
    if not 0 <= value < size:
        raise ValueError(f"a card's {name} must be 0 to {size - 1}, not {value}")


Card._all = [Card(r, s) for r in Rank for s in Suit]
DECK: tuple[Card, ...] = tuple(Card._all)
THREE_OF_SPADES = Card(Rank.THREE, Suit.SPADES)


def parse_card(token: str) -> Card:
    """Read one card such as ``3♠``, ``10h``, ``Th`` or ``ad``; raise ``ValueError`` naming the token."""
    if not isinstance(token, str):
        raise TypeError(f"a card is written as text such as '3s', not {type(token).__name__} {token!r}")
    text = token.strip()
    if len(text) < 2:
        raise ValueError(f"cannot read card {token!r}")
    rank = _RANK_BY_TEXT.get(text[:-1].upper())
    suit = _SUIT_BY_TEXT.get(text[-1].lower(), _SUIT_BY_TEXT.get(text[-1]))
    if rank is None or suit is None:
        raise ValueError(f"cannot read card {token!r}")
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards separated by spaces or commas; raise ``ValueError`` naming the first bad token."""
    if isinstance(text, str):
        tokens = text.replace(",", " ").split()
    elif isinstance(text, Iterable) and not isinstance(text, (bytes, bytearray, Mapping)):
        tokens = list(text)
    else:
        raise TypeError(f"expected cards as text or a list of texts, not {type(text).__name__}")
    cards = [parse_card(tok) for tok in tokens]
    seen: set[Card] = set()
    for card, tok in zip(cards, tokens, strict=True):
        if card in seen:
            raise ValueError(f"card {tok!r} appears twice")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], ascii: bool = False) -> str:
    """Write cards as ``3♠ 10♥ A♦`` (or ``3s Th Ad`` with ``ascii=True``), in the order given."""
    return " ".join(c.ascii if ascii else str(c) for c in cards)


def deal(players: int, rng: random.Random, per_hand: int = 13) -> list[list[Card]]:
    """Shuffle a deck with ``rng`` and deal ``per_hand`` cards to each player, each hand sorted."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise TypeError(f"the number of players must be an int, not {type(players).__name__}")
    if not 2 <= players <= 4:
        raise ValueError(f"Tiến Lên is played by 2 to 4 players, not {players}")
    if not 1 <= per_hand <= 52 // players:
        raise ValueError(f"cannot deal {per_hand} cards to each of {players} players")
    deck = list(DECK)
    rng.shuffle(deck)
    return [sorted(deck[i * per_hand : (i + 1) * per_hand]) for i in range(players)]
