"""A short scripted game at a real table, showing the table's explanations (round log, top marker, one-card
alert, a chặt paid mid-game, the end-of-game texts): tools/table_story.py takes screenshots of it, and the
UI tests replay it.

Every seat is moved by the script (no bots). The story, with 4 players (fewer drop Lan and/or Tuấn):
You lead 3♠, Lan 4♣, Minh Q♣, Tuấn A♥ — You 2♠, Lan passes, Minh chops with four 5s (one card left),
Tuấn and You pass: the round closes and You pay Minh 3 for the 2♠. Minh leads 8♥ and is out; You, Lan
and Tuấn are stuck with a 2 each (thối).
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.cards import parse_cards
from game.engine.game import Game
from game.engine.match import Match
from game.rules.loader import load_rules
from game.table.choice import Difficulty, MatchChoice
from game.table.session import Session
from ui.app import App
from ui.table.scene import TableScene

HANDS = {
    "You": "3s 7d 8c 9h Js 2s 2d",
    "Lan": "4c 6s Th Kd 2c",
    "Minh": "5s 5c 5d 5h Qc 8h",
    "Tuấn": "6d 9s Tc Ah 2h 3h",
}
SEATS = {2: ("You", "Minh"), 3: ("You", "Lan", "Minh"), 4: ("You", "Lan", "Minh", "Tuấn")}
# (who, cards or None for a pass); a step naming a seat not at the table is skipped
MOVES: tuple[tuple[str, str | None], ...] = (
    ("You", "3s"), ("Lan", "4c"), ("Minh", "Qc"), ("Tuấn", "Ah"),
    ("You", "2s"), ("Lan", None), ("Minh", "5s 5c 5d 5h"), ("Tuấn", None), ("You", None),
    ("Minh", "8h"),
)  # fmt: skip
LOG_SHOWN = 4  # the moves made when the round's log is shown mid-round (it is the player's turn again)
CHOP_AT = 9  # the moves made when the chặt is paid


def open_story(app: App, players: int) -> TableScene:
    """Sit down at the story's deal with ``players`` seats; every seat is moved by ``play_story``."""
    names = SEATS[players]
    rules = load_rules("mien-nam")
    match = Match(rules, players, 0)
    match.current = Game(rules, [parse_cards(HANDS[n]) for n in names], leader=0)
    levels: tuple[Difficulty, ...] = tuple("easy" for _ in range(players - 1))  # unused: the script moves every seat
    choice = MatchChoice("mien-nam", levels)
    session = Session(choice, match, names=["", *names[1:]])
    session.bots = {}
    table = TableScene(app, session)
    app.push(table)
    return table


def play_story(table: TableScene, upto: int, settle: Callable[[], None]) -> None:
    """Make the story's moves from where the game stands up to move number ``upto`` (4-player numbering),
    calling ``settle`` after each so the table shows it."""
    players = table.session.players
    names = SEATS[players]
    done = len(table.session.game.actions)
    steps = [(names.index(who), cards) for who, cards in MOVES[:upto] if who in names]
    for seat, cards in steps[done:]:
        session = table.session
        table.submit(session.play(parse_cards(cards), seat) if cards else session.pass_turn(seat))
        settle()
