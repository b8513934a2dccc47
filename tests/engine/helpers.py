"""Small builders for engine tests."""

from __future__ import annotations

from game import Game, load_rules, new_game, parse_cards


def table(variant: str, *hands: str, leader: int = 0, first_game: bool = False, **overrides: object) -> Game:
    """A game from hand texts such as ``"3s 4s"``."""
    rules = load_rules(variant, overrides or None)
    return new_game(rules, hands=[parse_cards(h) for h in hands], leader=leader,
                    first_game=first_game)


def play(g: Game, text: str) -> list:
    return g.play(parse_cards(text))


def transfers(g: Game) -> list[tuple[int, int, float, str]]:
    assert g.result is not None
    return [(t.payer, t.payee, t.amount, t.reason) for t in g.result.transfers]
