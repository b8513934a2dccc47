"""The same deal again with the strongest bot in the player's seat, the same opponents answering its moves."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.ai import SEARCHING, make_bot
from game.ai.base import Bot
from game.engine.game import Game
from game.review.replay import deal_of
from game.rules import Rules

#: The strongest bot's seed in a duplicate game (any fixed number: the review is the same every time).
SEED = 20_240_613
#: A searching bot in a review thinks to its work budget: its clock (at the table, what keeps the game moving) is
#: here only a safety net against a machine far slower than any measured, so a busy machine cannot cut its search
#: short and a review comes out the same every time.
SAFETY_LIMIT = 10.0


def steady_bot(level: str, seed: int, **options: Any) -> Bot:
    """``make_bot`` for a review: a searching level stops on its work, not on the clock (``SAFETY_LIMIT``)."""
    if level.strip().lower() in SEARCHING:
        options = {"time_limit": SAFETY_LIMIT, **options}
    return make_bot(level, seed=seed, **options)


@dataclass(frozen=True)
class Duplicate:
    """How the strongest level did with the player's cards, next to how the player did."""

    level: str
    place: int  # 1 = first
    net: float  # table bets
    your_place: int
    your_net: float
    record: Mapping[str, Any]  # the duplicate game itself (``Game.to_dict()``), to replay

    @property
    def players(self) -> int:
        """How many played (the number of hands dealt in the game)."""
        return len(self.record.get("hands", ())) or 4

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "place": self.place, "net": self.net, "your_place": self.your_place,
                "your_net": self.your_net, "game": dict(self.record)}  # fmt: skip


def opponent_bots(players: int, seat: int, bots: Sequence[tuple[str, int] | None] = ()) -> list[Bot | None]:
    """The recorded opponents (level and seed per seat); a seat with no record gets a normal bot."""
    out: list[Bot | None] = []
    for s in range(players):
        spec = bots[s] if s < len(bots) else None
        if s == seat:
            out.append(None)
        elif spec is None:
            out.append(make_bot("normal", seed=1000 + s))
        else:
            try:
                out.append(steady_bot(spec[0], spec[1]))
            except ValueError:  # a level this version does not have: the nearest it has
                out.append(make_bot("normal", seed=spec[1]))
    return out


def play_duplicate(record: Mapping[str, Any], rules: Rules, seat: int, strongest: Bot, level: str,
                   bots: Sequence[tuple[str, int] | None] = (),
                   step: Callable[[], None] | None = None) -> Duplicate:  # fmt: skip
    """Play the recorded deal to its end with ``strongest`` in ``seat``; ``step`` is called after every move
    (progress, and a place to raise ``Cancelled``)."""
    game = deal_of(record, rules)
    players = opponent_bots(game.players, seat, bots)
    moves = 0
    while not game.is_over:
        s = game.current_player
        bot = strongest if s == seat else players[s]
        assert bot is not None
        move = bot.choose(game.view(s))
        if move and game.check_play(move, s) is None:
            game.play(move, s)
        elif game.table is not None:
            game.pass_turn(s)
        else:
            game.play(game.legal_moves(s)[0], s)
        moves += 1
        if moves > 2000:
            raise RuntimeError("the duplicate game did not finish")
        if step is not None:
            step()
    actual = Game.from_dict(dict(record), rules).result
    result = game.result
    assert result is not None and actual is not None
    return Duplicate(level, result.order.index(seat) + 1, float(result.payments[seat]),
                     actual.order.index(seat) + 1, float(actual.payments[seat]), game.to_dict())  # fmt: skip
