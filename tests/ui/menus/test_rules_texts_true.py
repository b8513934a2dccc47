"""What the player reads about the rules is what the engine does: the numbers the Rules screen and the
variants' descriptions state are the amounts a real game charges, and the table's refusals name the real
reason. Each amount is found by playing a small game with the engine, not by reading ``rules.yaml``."""

from __future__ import annotations

import re

import pytest

from game import Chopped, load_catalogue, parse_cards
from game.engine.combos import classify
from game.rules.variant import beat_reason
from tests.engine.helpers import play, table, transfers
from ui import i18n
from ui.menus.rules_text import reference
from ui.table.words import reason_text

CAT = load_catalogue()
VARIANTS = CAT.ids()

# The 2s and bombs the Rules screen prices, as cards; each is chopped by the bomb beside it (a run of 4 pairs by a
# higher one).
ITEMS = {
    "The 2♠": ("2s", "5s 5c 6s 6c 7s 7c"),
    "The 2♣": ("2c", "5s 5c 6s 6c 7s 7c"),
    "The 2♦": ("2d", "5s 5c 6s 6c 7s 7c"),
    "The 2♥": ("2h", "5s 5c 6s 6c 7s 7c"),
    "3-pair run": ("5s 5c 6s 6c 7s 7c", "9s 9c 9d 9h"),
    "Quad": ("9s 9c 9d 9h", "5s 5c 6s 6c 7s 7c 8s 8c"),
    "4-pair run": ("5s 5c 6s 6c 7s 7c 8s 8c", "Js Jc Qs Qc Ks Kc As Ac"),
}


def _english_reference(vid: str) -> list[tuple[str, ...]]:
    i18n.set_language("en")
    try:
        return reference(CAT.variants[vid])
    finally:
        i18n.set_language("vi")


def _rows(vid: str) -> dict[str, str]:
    """The table rows of the Rules screen's prices and settlement, label → value (the 4-pair run's note dropped
    from its label); the chopping table's rows, under a later heading, are left out."""
    rows, section = {}, ""
    for line in _english_reference(vid):
        if line[0] in ("h", "s"):
            section = line[1]
        elif line[0] == "row" and section in ("Prices of 2s and bombs", "Settling a game"):
            rows[line[1].split(" (")[0]] = line[2]
    return rows


def _text(vid: str) -> str:
    return "\n".join(" ".join(line[1:]) for line in _english_reference(vid))


def _number(text: str) -> float:
    return float(text.replace("−", "-").replace(",", "."))


def _left_holding(vid: str, cards: str) -> float:
    """What a loser who played one card and is left holding exactly ``cards`` pays for them (thối)."""
    g = table(vid, "3d Kh", "4d " + cards, leader=0)
    play(g, "3d")
    play(g, "4d")
    play(g, "Kh")
    return sum(a for payer, _, a, why in transfers(g) if payer == 1 and why == "thoi")


def _chop(vid: str, item: str, bomb: str) -> float:
    """What the owner of ``item`` pays when ``bomb`` chops it and the round closes."""
    g = table(vid, "3d Kh " + bomb, "4d " + item + " 5h", leader=0)
    play(g, "3d")
    play(g, "4d")
    g.pass_turn()  # seat 1 leads the next round with the item
    play(g, item)
    play(g, bomb)
    g.pass_turn()
    return sum(e.amount for e in g.log if isinstance(e, Chopped) and e.payer == 1 and e.payee == 0)


@pytest.mark.parametrize("vid", VARIANTS)
def test_the_prices_on_the_rules_screen_are_what_a_hand_and_a_chop_cost(vid):
    rows = _rows(vid)
    for label, (item, bomb) in ITEMS.items():
        stated = _number(rows[label])
        assert _left_holding(vid, item) == stated, (vid, label)
        assert _chop(vid, item, bomb) == stated, (vid, label)
    if "Each plain card left" in rows:
        assert _left_holding(vid, "5h") == _number(rows["Each plain card left"])
    else:  # items only: a plain card left costs nothing
        assert _left_holding(vid, "5h") == 0


@pytest.mark.parametrize("vid", VARIANTS)
def test_the_quit_charge_on_the_rules_screen_is_what_quitting_costs(vid):
    stated = _number(re.search(r"pays every other player ([\d.]+)", _text(vid)).group(1))
    g = table(vid, "3s 4d 8c", "5s 6c 9h", "7s 8d 10c", "Js Qd Kh", leader=0)
    g.resign(2)
    assert sorted(transfers(g)) == [(2, s, stated, "quit") for s in (0, 1, 3)]


@pytest.mark.parametrize("vid", VARIANTS)
def test_the_instant_win_payment_on_the_rules_screen_is_what_an_opponent_pays(vid):
    text = _text(vid)
    six_pairs = "3s 3c 5d 5h 7s 7c 9d 9h Js Jc Kd Kh As"
    g = table(vid, six_pairs, "4s 6d 8c 10h Qs 2h", leader=0)  # the loser holds a red 2 and five plain cards
    assert g.result is not None and g.result.instant_win == 0
    (paid,) = [a for _, _, a, why in transfers(g) if why == "instant_win"]
    rows = _rows(vid)
    two, plain = _number(rows["The 2♥"]), _number(rows.get("Each plain card left", "0"))
    if found := re.search(r"pays the instant winner ([\d.]+) plus their 2s and bombs", text):
        assert paid == _number(found.group(1)) + two
    elif "pays the instant winner the value of their hand" in text:
        assert paid == two + 5 * plain
    else:
        assert paid == _number(re.search(r"pays the instant winner ([\d.]+)\.", text).group(1))


@pytest.mark.parametrize("vid", VARIANTS)
def test_place_payouts_and_last_place_payment_on_the_rules_screen_are_paid(vid):
    rows, text = _rows(vid), _text(vid)
    # Four players go out in turn; no 2s, no bombs, no 3♠ in anyone's last play, nobody shut out.
    g = table(vid, "4d 8d", "5c 9c", "6h 10h", "7s Js", leader=0)
    for cards in ("4d", "5c", "6h", "7s", "8d"):
        play(g, cards)
    while not g.is_over:  # the others play their last card in turn (play goes on where the variant says so)
        seat = g.current_player
        play(g, " ".join(str(c) for c in g.hands[seat]))
    result = g.result
    assert result is not None and not result.cong
    if "Place payouts, 4 players" in rows:
        stated = [_number(v) for v in rows["Place payouts, 4 players"].split()]
        assert [result.place_payouts[s] for s in result.order] == stated
    else:
        assert not any(result.place_payouts)
    last_pays = [a for _, _, a, why in transfers(g) if why == "last_place"]
    if found := re.search(r"The player who finishes last pays the winner ([\d.]+)\.", text):
        assert last_pays == [_number(found.group(1))]
    else:
        assert last_pays == []


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


def _charges(vid: str) -> dict[str, float]:
    """What the engine charges in ``vid`` for what the variants' descriptions name, each found by a game."""
    out = {suit: _left_holding(vid, card) for suit, card in zip("♠♣♦♥", ("2s", "2c", "2d", "2h"), strict=True)}
    out.update(pair_run_3=_left_holding(vid, "5s 5c 6s 6c 7s 7c"), quad=_left_holding(vid, "9s 9c 9d 9h"),
               pair_run_4=_left_holding(vid, "5s 5c 6s 6c 7s 7c 8s 8c"))  # fmt: skip
    g = table(vid, "4d 8d", "5c 9c", "6h 10h", "7s Js", leader=0)  # seat 3 ends last, nobody shut out
    for cards in ("4d", "5c", "6h", "7s", "8d", "9c", "10h"):
        if not g.is_over:
            play(g, cards)
    out["last_place"] = sum(a for _, _, a, why in transfers(g) if why == "last_place")
    g = table(vid, "3d", "4d 5h", leader=0)  # seat 1 never plays: shut out
    play(g, "3d")
    out["cong"] = sum(a for _, _, a, why in transfers(g) if why == "cong")
    g = table(vid, "3s 3c 5d 5h 7s 7c 9d 9h Js Jc Kd Kh As", "4s", leader=0)  # six pairs against one plain card
    out["instant_win"] = sum(a for _, _, a, why in transfers(g) if why == "instant_win")
    return out


# What a number in a variant's description prices: (pattern, the charges it must equal).
_STATED = {
    "en": [(r"3-pair run (\d+)", ("pair_run_3",)), (r"quad (\d+)", ("quad",)), (r"4-pair run (\d+)", ("pair_run_4",)),
           (r"2([♠♣♦♥]) (\d+)", ()), (r"every bomb (\d+)", ("pair_run_3", "quad", "pair_run_4")),
           (r"a red 2 costs (\d+) table bet", ("♦", "♥")), (r"finishes last pays (\d+)", ("last_place",)),
           (r"shut-out player (\d+)", ("cong",)), (r"instant win (\d+)", ("instant_win",))],
    "vi": [(r"3 đôi thông (\d+)", ("pair_run_3",)), (r"tứ quý (\d+)", ("quad",)),
           (r"4 đôi thông (\d+)", ("pair_run_4",)),
           (r"heo bích (\d+)", ("♠",)), (r"chuồn (\d+)", ("♣",)), (r"rô (\d+)", ("♦",)), (r"cơ (\d+)", ("♥",)),
           (r"mỗi hàng (\d+)", ("pair_run_3", "quad", "pair_run_4")), (r"heo đỏ (\d+) tiền cược", ("♦", "♥")),
           (r"về bét trả (\d+)", ("last_place",)), (r"cóng (\d+)", ("cong",)), (r"tới trắng (\d+)", ("instant_win",))],
}


@pytest.mark.parametrize("lang", ["en", "vi"])
@pytest.mark.parametrize("vid", VARIANTS)
def test_every_number_in_a_variant_s_description_is_what_the_engine_charges(vid, lang):
    # "2s" and "luật 3 bích" (the three-of-spades rule) name cards, not prices.
    text = re.sub(r"\b2s\b|3 bích", "", CAT.variants[vid].description[lang])
    charges = _charges(vid) if re.search(r"\d", text) else {}
    for pattern, names in _STATED[lang]:
        for found in re.finditer(pattern, text):
            if not names:  # "2♥ 4": the suit is in the match
                suit, value = found.groups()
                assert charges[suit] == float(value), (vid, lang, found.group(0))
            else:
                for name in names:
                    assert charges[name] == float(found.group(1)), (vid, lang, found.group(0), name)
        text = re.sub(pattern, "", text)
    assert not re.search(r"\d", text), f"{vid} ({lang}) states a number no test checks: {text}"
