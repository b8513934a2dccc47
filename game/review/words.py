"""The coach's sentences in Vietnamese and English, shared by the headless review and the review screen.

They live here rather than in ``assets/i18n`` because the headless ``python3 -m game.review`` prints them
and ``game/`` reads no files but the rules; the UI passes its language and seat names.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.amounts import amount
from game.engine.cards import Card
from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo

REASONS: dict[str, dict[str, str]] = {
    "passed_short": {
        "vi": "bỏ lượt khi {seat} chỉ còn {count} lá; đánh {best} thì đã chặn được",
        "en": "passed while {seat} had {count} {card_word} left; {best} would have stopped them",
    },
    "passed": {"vi": "bỏ lượt trong khi đánh {best} tốt hơn", "en": "passed when {best} was the better answer"},
    "led_short": {
        "vi": "đánh trước {play} khi {seat} chỉ còn {count} lá, tạo cơ hội cho người đó chặn rồi hết bài",
        "en": "led {play} while {seat} had {count} {card_word} left, giving them a chance to beat it and go out",
    },
    "spent": {
        "vi": "dùng {play} {on}, lúc còn {left} lá trong tay; giữ lại thì hơn",
        "en": "spent {play} {on} with {left} cards still to play; keeping it was better",
    },
    "broke": {"vi": "phá {group} để {action}", "en": "broke up {group} to {action}"},
    "played": {"vi": "đánh {play} trong khi bỏ lượt thì giữ bài tốt hơn",
               "en": "played {play} where passing kept your hand stronger"},
    "better": {"vi": "đánh {play}; {best} tốt hơn", "en": "played {play}; {best} was better"},
    "kept_to_end": {
        "vi": "giữ {cards} đến lúc tính tiền nên bị thối, mất {amount} {unit}",
        "en": "stuck with {cards} when the hands were counted (thối), which cost {amount} {unit}",
    },
}

_PHRASES: dict[str, dict[str, str]] = {
    "on": {"vi": "để chặn {table}", "en": "on {table}"},
    "on_chop": {"vi": "để chặt {table}", "en": "to chop {table}"},
    "on_lead": {"vi": "khi được đánh trước", "en": "on the lead"},
    "to_beat": {"vi": "chặn {table}", "en": "beat {table}"},
    "to_chop": {"vi": "chặt {table}", "en": "chop {table}"},
    "to_lead": {"vi": "đánh trước {play}", "en": "lead {play}"},
    "pass": {"vi": "bỏ lượt", "en": "passing"},
    "seat": {"vi": "người chơi {n}", "en": "seat {n}"},
    "move": {"vi": "Nước {n}", "en": "Move {n}"},
    "worth": {"vi": "thiệt khoảng {loss} {unit}", "en": "about {loss} {unit} lost on average"},
    "win_chance": {"vi": "cơ hội về nhất {win_from} thay vì {win_to}",
                   "en": "chance to win {win_from} instead of {win_to}"},
    "nothing": {"vi": "Ván này kết thúc ngay khi chia bài: không có nước nào để phân tích.",
                "en": "This game ended on the deal: there is no decision to review."},
    "none": {"vi": "Không thấy nước đi nào thiệt rõ rệt. Chơi tốt!", "en": "No clearly costly decision. Well played!"},
    "duplicate": {
        "vi": "Với bài của bạn, {level} về {place} ({net}); bạn về {your_place} ({your_net}).",
        "en": "With your cards the {level} finished {place} ({net}); you finished {your_place} ({your_net}).",
    },
    "level.expert": {"vi": "máy cao thủ", "en": "expert"},
    "level.hard": {"vi": "máy khó", "en": "hard bot"},
}

_PLACES = {"vi": ("nhất", "nhì", "ba", "bét"), "en": ("1st", "2nd", "3rd", "4th")}

_KINDS = {
    SINGLE: {"vi": "lá {cards}", "en": "a single {cards}"},
    PAIR: {"vi": "đôi {cards}", "en": "a pair {cards}"},
    TRIPLE: {"vi": "sám cô {cards}", "en": "a triple {cards}"},
    STRAIGHT: {"vi": "sảnh {lo}–{hi}", "en": "{a} {lo}–{hi} straight"},
    PAIR_RUN: {"vi": "{n} đôi thông {lo}–{hi}", "en": "a {n}-pair run {lo}–{hi}"},
    QUAD: {"vi": "tứ quý {rank}", "en": "a quad {cards}"},
}
_TWOS = {  # 2s have names of their own (docs/glossary.md)
    SINGLE: {"vi": "heo {cards}", "en": "a single {cards}"},
    PAIR: {"vi": "đôi heo {cards}", "en": "a pair of 2s {cards}"},
    TRIPLE: {"vi": "ba con heo {cards}", "en": "three 2s {cards}"},
}


def phrase(key: str, lang: str, **fields: Any) -> str:
    return _PHRASES[key][lang].format(**fields)


def bets(value: float, lang: str) -> str:
    """The unit after an amount: "bet" or "bets" (Vietnamese has one word)."""
    if lang == "vi":
        return "cược"
    return "bet" if amount(value, lang=lang) == "1" else "bets"


def place_word(place: int, lang: str, players: int = 4) -> str:
    """1 → "1st" / "nhất"; the last place at the table is "bét" in Vietnamese (the 3rd of three too)."""
    if lang == "vi" and place >= players:
        return _PLACES["vi"][3]
    return _PLACES[lang][min(place, 4) - 1]


def combo_words(combo: Combo | None, lang: str) -> str:
    """A combination in plain words: "a 5–9 straight", "đôi 8♣ 8♥"; a pass when ``None``."""
    if combo is None:
        return phrase("pass", lang)
    cards = " ".join(str(c) for c in combo.cards)
    lo, hi = combo.cards[0].rank.label, combo.cards[-1].rank.label
    a = "an" if lo in ("8", "A") else "a"
    forms = _TWOS[combo.kind] if combo.is_twos and combo.kind in _TWOS else _KINDS[combo.kind]
    return forms[lang].format(cards=cards, lo=lo, hi=hi, n=combo.length, rank=hi, a=a)


def cards_words(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def seat_name(seat: int, lang: str, names: Sequence[str] = ()) -> str:
    name = names[seat] if seat < len(names) else ""
    return name or phrase("seat", lang, n=seat + 1)


def reason_text(code: str, fields: Mapping[str, Any], lang: str, names: Sequence[str] = ()) -> str:
    """One finding's reason in ``lang``: e.g. "broke up a 5–9 straight to beat a single 7♠"."""
    table = fields.get("table")
    play = fields.get("play")
    words: dict[str, Any] = {
        "play": combo_words(play, lang) if play is not None else "",
        "best": combo_words(fields.get("best"), lang),
        "table": combo_words(table, lang) if table is not None else "",
        "seat": seat_name(int(fields.get("seat", 0)), lang, names),
        "count": fields.get("count", ""),
        "card_word": "card" if fields.get("count") == 1 else "cards",  # English only; Vietnamese has no plural
        "left": fields.get("left", ""),
        "amount": amount(float(fields.get("amount", 0.0)), lang=lang),
        "unit": bets(float(fields.get("amount", 0.0)), lang),
        "cards": cards_words(fields.get("cards", ())),
        "group": combo_words(fields.get("group"), lang) if fields.get("group") is not None else "",
    }
    chops = table is not None and isinstance(play, Combo) and play.is_bomb and (table.is_twos or table.is_bomb)
    on = ("on_chop" if chops else "on") if table is not None else "on_lead"
    words["on"] = phrase(on, lang, table=words["table"])
    if code == "broke":
        key = ("to_chop" if chops else "to_beat") if table is not None else "to_lead"
        words["action"] = phrase(key, lang, table=words["table"], play=words["play"])
    return REASONS[code][lang].format(**words)
