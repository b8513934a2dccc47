"""Saving and copying a game: its JSON-friendly record (the deal and every action), replaying a record, and the
same position rebuilt from a seat's view with chosen hands (the AI's playouts). ``Game`` exposes these as
``to_dict``, ``from_dict`` and ``from_view``."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from game.engine.cards import Card, parse_cards
from game.engine.combos import Combo
from game.engine.events import Event
from game.engine.refusals import IllegalMove
from game.engine.view import Action, SeatView
from game.rules.loader import load_rules
from game.rules.variant import Rules


class Game(Protocol):
    """What saving and copying read and set of a game (``game.engine.game.Game`` is one)."""

    rules: Rules
    initial_hands: tuple[tuple[Card, ...], ...]
    start_leader: int
    first_game: bool
    must_contain_at_start: Card | None
    actions: list[list[Any]]
    current_player: int
    table: Combo | None
    table_seat: int | None
    round_plays: list[tuple[int, Combo]]
    round_index: int
    passed: set[int]
    passed_on_top: set[int]
    finished: list[int]
    cong: list[int]
    played_any: list[bool]
    history: list[Action]
    is_over: bool

    def play(self, cards: Iterable[Card], seat: int | None = None) -> list[Event]: ...
    def pass_turn(self, seat: int | None = None) -> list[Event]: ...
    def resign(self, seat: int) -> list[Event]: ...


G = TypeVar("G", bound=Game)


def to_dict(game: Game) -> dict[str, Any]:
    """A JSON-friendly record of the deal and every action; ``from_dict`` replays it."""
    start = game.must_contain_at_start
    return {
        "format": 1,
        "variant": game.rules.id,
        "hands": [" ".join(c.ascii for c in h) for h in game.initial_hands],
        "leader": game.start_leader,
        "first_game": game.first_game,
        "must_contain": start.ascii if start else None,
        "actions": [list(a) for a in game.actions],
    }


def from_dict(cls: Callable[..., G], data: Mapping[str, Any], rules: Rules | None = None) -> G:
    """Rebuild a game saved by ``to_dict`` by replaying its actions; raise ``ValueError`` if it is broken."""
    try:
        if not isinstance(data, Mapping):
            raise TypeError(f"expected a mapping, not {type(data).__name__}")
        rules = rules or load_rules(str(data["variant"]))
        if str(data["variant"]) != rules.id:
            raise ValueError(f"the game is of variant {str(data['variant'])[:40]!r}, not {rules.id!r}")
        hands = [parse_cards(h) for h in _list("hands", data["hands"])]
        must = parse_cards(data["must_contain"])[0] if data.get("must_contain") else None
        game = cls(rules, hands, data["leader"], data["first_game"], must_contain=must)
        for action in _list("actions", data["actions"]):
            kind = _list("an action", action)[0]
            if kind == "play":
                game.play(parse_cards(action[2]), action[1])
            elif kind == "pass":
                game.pass_turn(action[1])
            elif kind == "resign":
                game.resign(action[1])
            else:
                raise ValueError(f"unknown action {str(kind)[:40]!r}")
    except (KeyError, IndexError, TypeError, IllegalMove) as exc:
        raise ValueError(f"the saved game cannot be replayed: {str(exc)[:200]}") from exc
    return game


def from_view(cls: Callable[..., G], view: SeatView, hands: Sequence[Iterable[Card]]) -> G:
    """A game in the same position as ``view`` but with ``hands`` for every seat (for AI playouts)."""
    game = cls(view.rules, hands, view.leader, view.first_game, view.must_contain, check_deal=False)
    game.current_player = view.current_player
    game.table, game.table_seat = view.table, view.table_seat
    game.round_plays = list(view.round_plays)
    game.round_index = view.round_index
    game.passed = set(view.passed)
    if view.table is not None:
        for action in reversed(view.history):
            if action.combo is not None:
                break
            game.passed_on_top.add(action.seat)
    game.finished = list(view.finished)
    game.cong = list(view.cong)
    played = {a.seat for a in view.history if a.combo is not None}
    game.played_any = [s in played for s in range(view.players)]
    game.history = list(view.history)
    game.is_over = view.is_over
    return game


def _list(name: str, value: Any) -> list[Any]:
    if not isinstance(value, list) or (name == "an action" and not value):
        raise TypeError(f"{name} should be a list, not {str(value)[:40]!r}")
    return value
