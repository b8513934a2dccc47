"""How a game opens: the deal (or hands given), who leads, and the card the first play must contain."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from game.engine.cards import Card, deal
from game.engine.checks import check_bool, check_hands, check_int, check_seat
from game.rules.variant import Rules


def choose_leader(rules: Rules, hands: Sequence[Sequence[Card]], rng: random.Random) -> tuple[int, Card | None]:
    """The first game's leader by the variant's rule, and the card the first play must contain (if any)."""
    if rules.first_lead == "host":
        return 0, None
    if rules.first_lead == "three_of_spades":
        lowest = min(c for h in hands for c in h)
        seat = next(s for s, h in enumerate(hands) if lowest in h)
        return seat, lowest
    return rng.randrange(len(hands)), None


def opening(rules: Rules, players: int | None, seed: int | None, hands: Sequence[Iterable[Card]] | None,
            leader: int | None, first_game: bool,
            rng: random.Random | None) -> tuple[list[list[Card]], int, Card | None]:  # fmt: skip
    """The hands, the leader and the card the first play must contain, for ``new_game``'s arguments (checked)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules (see load_rules), not {type(rules).__name__}")
    if players is not None:
        check_int("players", players, 2, 4)
    if seed is not None:
        check_int("seed", seed)
    check_bool("first_game", first_game)
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    rng = rng or random.Random(seed)
    if hands is None:
        hand_lists = deal(4 if players is None else players, rng)
    else:
        hand_lists = check_hands(hands)
        if players is not None and players != len(hand_lists):
            raise ValueError(f"{len(hand_lists)} hands given for {players} players")
    if leader is not None:
        check_seat("leader", leader, len(hand_lists))
    must: Card | None = None
    if leader is None:
        if first_game:
            leader, must = choose_leader(rules, hand_lists, rng)
        else:
            leader = rng.randrange(len(hand_lists))
    elif first_game and rules.first_lead == "three_of_spades" and hand_lists[leader]:
        lowest = min(c for h in hand_lists for c in h)
        must = lowest if lowest in hand_lists[leader] else None
    return hand_lists, leader, must
