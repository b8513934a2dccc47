"""The first lessons, in the order a newcomer takes them. Seat 0 is the player; the others are scripted.

Each deal is small on purpose (any disjoint hands make a real game, RULES.md §5), and each player step
accepts every move that keeps the script playable: where a choice would strand a later step, the step
names the cards.
"""

from __future__ import annotations

from game.engine.combos import PAIR, PAIR_RUN, SINGLE, STRAIGHT, TRIPLE
from game.lessons.steps import PASS, PLAY, SHOW, Ask, Goal, Lesson, Opponent, Say


def _ask(lesson: str, name: str, action: str = PLAY, kind: str | None = None, cards: str | None = None,
         pattern: str | None = None) -> Ask:
    return Ask(f"lesson.{lesson}.{name}", Goal(action, kind, cards, pattern))


def _say(lesson: str, name: str, result: bool = False) -> Say:
    return Say(f"lesson.{lesson}.{name}", result)


COMBOS = Lesson(
    id="combos",
    hands=("4s 6c 6h 9s 9d 9h 10c Jd Qs Kh", "3c 5d 7s 8h Ac 2s"),
    leader=0,
    steps=(
        _say("combos", "order"),
        _ask("combos", "single", kind=SINGLE, cards="4s"),
        Opponent(1),
        _ask("combos", "pair", kind=PAIR, cards="6c 6h"),
        Opponent(1),
        _ask("combos", "triple", kind=TRIPLE, cards="9s 9d 9h"),
        Opponent(1),
        _ask("combos", "straight", kind=STRAIGHT, cards="10c Jd Qs Kh"),
        _say("combos", "bombs"),
    ),
)

BEATING = Lesson(
    id="beating",
    hands=("3d 4c 4d 7s Jh", "Qd Ac 3s 3h 8c 10h", "5d Ks 6s 9d 10c"),
    leader=2,
    steps=(
        _say("beating", "intro"),
        Opponent(2, "5d"),
        _ask("beating", "beat_single", kind=SINGLE),
        Opponent(1, "Qd"),
        Opponent(2, "Ks"),
        _ask("beating", "pass", action=PASS),
        Opponent(1, "Ac"),
        Opponent(2),
        _say("beating", "locked_out"),
        Opponent(1, "3s 3h"),
        Opponent(2),
        _ask("beating", "beat_pair", kind=PAIR),
        Opponent(1),
        _ask("beating", "lead"),
        _say("beating", "done"),
    ),
)

TWOS = Lesson(
    id="twos",
    hands=("2s 3c 3d 4s 4h 5c 5d 7c", "Kd 2h 9s Jc 6h"),
    leader=1,
    steps=(
        _say("twos", "intro"),
        Opponent(1, "Kd"),
        _ask("twos", "play_two", kind=SINGLE, cards="2s"),
        Opponent(1, "2h"),
        _ask("twos", "chop", kind=PAIR_RUN),
        Opponent(1),
        _say("twos", "paid"),
        _ask("twos", "go_out"),
        _say("twos", "pair_of_twos"),
    ),
)

INSTANT = Lesson(
    id="instant",
    hands=("3s 3c 5d 5h 7s 7c 9d 9h Js Jc Kd Kh As", "4s 4d 6c 8s 8h 10c Qd Qh Ad 2s 2h 7d Jh"),
    leader=0,
    steps=(
        _say("instant", "intro"),
        _ask("instant", "show", action=SHOW, pattern="six_pairs"),
        _say("instant", "paid", result=True),
    ),
)

SCORING = Lesson(
    id="scoring",
    hands=("3s 4d 5c 6h 7s 10h", "8c Qs Kc Ad 2s 2h 4s"),
    leader=1,
    variant=None,
    steps=(
        _say("scoring", "intro"),
        Opponent(1, "8c"),
        _ask("scoring", "beat", kind=SINGLE),
        Opponent(1),
        _ask("scoring", "go_out", kind=STRAIGHT, cards="3s 4d 5c 6h 7s"),
        _say("scoring", "result", result=True),
    ),
)

LESSONS: tuple[Lesson, ...] = (COMBOS, BEATING, TWOS, INSTANT, SCORING)


def lesson(lesson_id: str) -> Lesson:
    """The lesson called ``lesson_id``; raise ``KeyError`` naming the known ones."""
    for found in LESSONS:
        if found.id == lesson_id:
            return found
    raise KeyError(f"no lesson {lesson_id!r} (known: {', '.join(x.id for x in LESSONS)})")
