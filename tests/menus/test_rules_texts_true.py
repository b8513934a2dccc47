"""What the player reads about the rules is what the engine does: the table's refusals name the real reason."""

from __future__ import annotations

from game import load_catalogue, parse_cards
from game.combos import classify
from game.variant import beat_reason
from ui import i18n
from ui.table.words import reason_text

CAT = load_catalogue()


def test_a_lower_bomb_of_the_same_kind_is_refused_as_not_higher_not_as_unable_to_chop():
    rules = CAT.variants["mien-nam"]
    low, high = classify(parse_cards("3s 3c 4s 4c 5s 5c")), classify(parse_cards("Qs Qc Ks Kc As Ac"))
    assert low is not None and high is not None
    why = beat_reason(rules, low, high)
    i18n.set_language("en")
    try:
        assert reason_text(why, low, high) == f"{low} is not higher than {high}"
        quad, run = classify(parse_cards("9s 9c 9d 9h")), classify(parse_cards("3s 3c 4s 4c 5s 5c 6s 6c"))
        assert reason_text(beat_reason(rules, quad, run), quad, run) == "a quad cannot chop a 4-pair run"
    finally:
        i18n.set_language("vi")
