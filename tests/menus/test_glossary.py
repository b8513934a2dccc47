"""The catalogues speak the glossary (docs/glossary.md): every term is used, no avoided word appears, and the
texts that name a player read right for "You" as for a name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from game import load_rules, parse_cards
from game.engine.scoring import Transfer
from ui import i18n
from ui.i18n import load_catalogue, t
from ui.table.words import pays_text, player_out_text, shown, transfer_reason

ROOT = Path(__file__).resolve().parents[2]


def _glossary() -> list[dict[str, str]]:
    rows = []
    for line in (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[0] not in ("English", "---"):
            rows.append(dict(zip(("en", "vi", "avoid_en", "avoid_vi", "meaning"), cells, strict=True)))
    return rows


def _texts(lang: str) -> list[str]:
    """Every text a player can read in ``lang``: the catalogues and the variants' names and descriptions."""
    texts = [v for entry in load_catalogue().values() for k, v in entry.items() if k.split("_")[0] == lang]
    variants = yaml.safe_load((ROOT / "rules.yaml").read_text(encoding="utf-8"))["variants"]
    for variant in variants.values():
        texts += [variant[field][lang] for field in ("name", "description") if field in variant]
    return texts


GLOSSARY = _glossary()


def test_the_glossary_is_read():
    assert len(GLOSSARY) > 25 and {"chop", "shut out", "table bet"} <= {r["en"] for r in GLOSSARY}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_glossary_term_is_used(lang):
    texts = "\n".join(_texts(lang)).lower()
    missing = [r[lang] for r in GLOSSARY if r[lang].lower() not in texts]
    assert not missing, f"glossary terms no {lang} text uses: {missing}"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_no_avoided_word_appears(lang):
    found = []
    for row in GLOSSARY:
        for word in filter(None, (w.strip() for w in row[f"avoid_{lang}"].split(";"))):
            pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
            found += [f"{word!r} (say {row[lang]!r}) in: {text}" for text in _texts(lang) if pattern.search(text)]
    assert not found, "\n".join(found)


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("vi")


def _name(seat: int) -> str:
    return ["You", "Lan", "Minh"][seat]


def test_english_payments_and_places_read_right_for_you_and_for_names(english):
    assert pays_text(0, 1, "6", 0, _name) == "You pay Lan 6"
    assert pays_text(1, 0, "6", 0, _name) == "Lan pays you 6"
    assert pays_text(1, 2, "6", 0, _name) == "Lan pays Minh 6"
    assert player_out_text(0, 2, 0, _name) == "You are out — 2nd place"
    assert player_out_text(2, 3, 0, _name) == "Minh is out — 3rd place"
    assert t("table.cards_left", n=1) == "1 card" and t("table.cards_left", n=2) == "2 cards"
    assert t("table.passed") == "Passed"


def test_the_table_names_a_play_once_with_its_cards(english):
    from game.engine.combos import classify

    def beat(text: str) -> str:
        combo = classify(parse_cards(text))
        assert combo is not None
        return t("table.beat_or_pass", combo=shown(combo))

    assert beat("2s") == "Beat 2♠ or pass"
    assert beat("7s 7h") == "Beat the pair 7♠ 7♥ or pass"
    assert beat("4s 4c 5s 5c 6s 6c") == "Beat the 3-pair run 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ or pass"
    i18n.set_language("vi")
    assert beat("2s") == "Chặn heo 2♠ hoặc bỏ lượt"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_plain_cards_left_are_not_thoi(lang):
    i18n.set_language(lang)
    try:
        rules = load_rules("mien-nam")
        plain = transfer_reason(Transfer(1, 0, 1, "thoi"), rules, parse_cards("10h"))
        stuck = transfer_reason(Transfer(1, 0, 7, "thoi"), rules, parse_cards("10h 2h"))
    finally:
        i18n.set_language("vi")
    assert "thối" not in plain
    assert plain.startswith("tiền lá còn lại:" if lang == "vi" else "cards left:")
    assert "thối" in stuck and "2♥" in stuck


def test_english_names_the_english_first_and_the_vietnamese_in_brackets(english):
    assert t("table.chop") == "Chop! (chặt)" and t("table.cong") == "Shut out (cóng)"
    assert t("table.thoi", what="2♠") == "Stuck with 2♠ (thối)"
    assert t("table.instant_win") == "Instant win (tới trắng)"
    assert t("rulesref.special.huong_sai").startswith("Inherit the lead (hưởng sái)")
