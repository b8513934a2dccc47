"""Pieces of the table that need no window: hand grouping, hints, tweens, words, settings, the smoke test."""

from __future__ import annotations

from game.engine.cards import parse_cards
from game.engine.combos import classify
from ui import i18n
from ui.settings_model import Settings
from ui.table.hand import HandModel, group_into_combos
from ui.table.words import amount
from ui.tween import Tween, Tweener, out_cubic


def test_grouping_puts_bombs_runs_and_pairs_together() -> None:
    cards = parse_cards("3s 3c 4s 4d 5h 5c 7s 8d 9h Jc Jd Kd 2h")
    groups = group_into_combos(cards)
    assert sorted(c for g in groups for c in g) == sorted(cards)
    kinds = [classify(g).kind for g in groups]
    assert "pair_run" in kinds and "straight" in kinds and "pair" in kinds


def test_smart_pick_takes_the_smallest_play_holding_the_card() -> None:
    hand = HandModel(parse_cards("4s 5d 6c 9h 9s"))
    legal = [tuple(parse_cards("4s 5d 6c")), tuple(parse_cards("9s 9h"))]
    assert hand.smart_pick(parse_cards("9h")[0], legal, table_present=True)
    assert hand.selected == set(parse_cards("9s 9h"))


def test_hint_cycles_best_first_with_bombs_last() -> None:
    hand = HandModel(parse_cards("5s 5c 5d 5h 9h"))
    legal = [tuple(parse_cards("5s 5c 5d 5h")), tuple(parse_cards("9h"))]
    assert hand.next_hint(legal) == tuple(parse_cards("9h"))
    assert hand.next_hint(legal) == tuple(parse_cards("5s 5c 5d 5h"))


def test_tweens_are_time_based_and_eased() -> None:
    class Box:
        pos = (0.0, 0.0)

    box = Box()
    tw = Tweener()
    tw.add(Tween(box, "pos", (100.0, 0.0), seconds=1.0, ease=out_cubic))
    tw.update(0.5)
    assert 80 < box.pos[0] < 95
    tw.update(0.6)
    assert box.pos == (100.0, 0.0) and not tw.busy


def test_amounts_read_naturally() -> None:
    assert amount(12.0) == "12" and amount(1.5, True) == "+1,5" and amount(-3, True) == "−3"  # Vietnamese
    i18n.set_language("en")
    try:
        assert amount(12.0) == "12" and amount(1.5, True) == "+1.5" and amount(-0.5) == "−0.5"
    finally:
        i18n.set_language("vi")


def test_settings_survive_a_round_trip_and_bad_values() -> None:
    s = Settings(language="en", volume=0.3, four_colour=True)
    assert Settings.from_dict(s.to_dict()) == s
    bad = Settings.from_dict({"volume": "loud", "language": "fr", "muted": 1, "card_back": "gold"})
    assert bad == Settings()


def test_smoke_test_flag_runs_a_demo_match_headless() -> None:
    import main

    assert main.main(["--smoke-test", "200"]) == 0
