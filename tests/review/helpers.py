"""Games played by quick bots, with a snapshot of the table after every action, to compare replays against;
games from given hands; a small review budget."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game.engine.cards import parse_cards
from game.engine.events import Event
from game.engine.game import Game, new_game
from game.rules import load_rules
from lab.bots import make_bot


def state(game: Game) -> tuple[Any, ...]:
    """Everything a table shows, and whose turn it is."""
    return (tuple(tuple(h) for h in game.hands), game.table, game.table_seat, game.current_player,
            frozenset(game.passed), tuple(game.finished), tuple(game.cong), game.round_index,
            tuple(game.round_plays), game.is_over, game.result, tuple(game.log))  # fmt: skip


@dataclass
class Played:
    game: Game
    events: list[list[Event]] = field(default_factory=list)  # each action's events
    states: list[tuple[Any, ...]] = field(default_factory=list)  # the state after 0, 1, ... actions


def play_recorded(
    variant: str,
    seed: int,
    players: int = 4,
    levels: str = "greedy",
    resign_at: int | None = None,
    first_game: bool = True,
) -> Played:
    """A whole game between bots (``levels`` one name or a comma list per seat), recorded step by step."""
    rules = load_rules(variant)
    rng = random.Random(seed)
    game = new_game(rules, players, rng=rng, first_game=first_game, leader=None if first_game else seed % players)
    names = levels.split(",")
    bots = [make_bot(names[s % len(names)], seed=seed * 10 + s) for s in range(players)]
    out = Played(game, states=[state(game)])
    while not game.is_over:
        seat = game.current_player
        if resign_at is not None and len(game.actions) == resign_at:
            events = game.resign(seat)
        else:
            move = bots[seat].choose(game.view(seat))
            events = game.play(move, seat) if move else game.pass_turn(seat)
        out.events.append(events)
        out.states.append(state(game))
    return out


#: A small, deterministic budget: the work counts decide, never the clock.
QUICK: dict[str, Any] = {"level": "hard", "work": 300, "bot_options": {"playouts": 6, "time_limit": 30.0}}


def scripted(variant: str, hands: list[str], leader: int, moves: list[str]) -> Game:
    """A game from given hands and actions ("-" passes, anything else is the cards played)."""
    game = Game(load_rules(variant), [parse_cards(h) for h in hands], leader, first_game=False)
    for move in moves:
        if move == "-":
            game.pass_turn()
        else:
            game.play(parse_cards(move))
    return game
