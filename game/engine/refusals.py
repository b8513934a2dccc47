"""Why an action is refused: plain English for people, a stable code and fields for translations."""

from __future__ import annotations

from typing import Any

TEMPLATES = {
    "game_over": "the game is over",
    "no_seat": "there is no seat {seat}",
    "out": "you are out of this game",
    "passed": "you passed this round",
    "not_your_turn": "it is not your turn",
    "choose": "choose the cards to play",
    "chosen_twice": "a card is chosen twice",
    "not_held": "you do not hold {cards}",
    "no_combo": "these cards form no combination",
    "must_contain": "the first play of the game must contain {card}",
    "after_pass": "after passing, only a run of 4 or more pairs may answer a pair of 2s",
    "lead_no_pass": "you lead this round and cannot pass",
    "triple_twos": "nothing beats a triple of 2s",
    "cannot_bomb": "{mine} cannot bomb {table}",
    "cannot_beat": "{mine} cannot beat {table}",
    "not_higher": "{mine} is not higher than {table}",
}


class Refusal(str):
    """A refusal reason: the string is the English sentence; ``code`` and ``fields`` say the same as data.

    For ``cannot_bomb``, ``cannot_beat`` and ``not_higher`` the fields ``mine`` and ``table`` are the two
    combinations' descriptions (or their cards for ``not_higher``).
    """

    code: str
    fields: dict[str, Any]

    def __new__(cls, code: str, **fields: Any) -> Refusal:
        text = TEMPLATES[code].format(**{k: str(v) for k, v in fields.items()})
        obj = super().__new__(cls, text)
        obj.code = code
        obj.fields = fields
        return obj


class IllegalMove(ValueError):
    """A refused action; the message says why in plain words. The game is unchanged.

    ``code`` and ``fields`` carry the same reason as data (see ``Refusal``).
    """

    def __init__(self, reason: Refusal) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.code = reason.code
        self.fields = reason.fields
