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

ROOT = Path(__file__).resolve().parents[3]


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


def _avoided(texts: list[str], lang: str) -> list[str]:
    """Each avoided word of the glossary found in ``texts``, with the word to say instead and the text."""
    found = []
    for row in GLOSSARY:
        for word in filter(None, (w.strip() for w in row[f"avoid_{lang}"].split(";"))):
            pattern = re.compile(rf"(?<!\w){re.escape(word)}(?!\w)", re.IGNORECASE)
            found += [f"{word!r} (say {row[lang]!r}) in: {text}" for text in texts if pattern.search(text)]
    return found


def test_the_avoid_lists_are_read_and_matched_as_whole_words():
    assert _avoided(["Beat the run of 3 pairs"], "en") and _avoided(["bị bắt thối"], "vi")
    assert not _avoided(["the 3-pair run, a triple"], "en")


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_no_avoided_word_appears(lang):
    found = _avoided(_texts(lang), lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_rules_screen_of_every_variant_says_only_the_glossary_s_words(make_app, monkeypatch, lang):
    """The Rules screen drawn for every variant, reached with → as a player would: every text it draws (the
    paragraphs whole, before they are wrapped) is free of the avoided words, and none is a bare key or unfilled."""
    from tests.ui.menus.helpers import click, item, press
    from ui import fonts
    from ui.intents import Action
    from ui.menus.rules_screen import RulesScene

    drawn: list[str] = []
    real_text, real_wrap = fonts.text, fonts.wrap

    def text(value, *args, **kwargs):
        drawn.append(value)
        return real_text(value, *args, **kwargs)

    def wrap(value, *args, **kwargs):
        drawn.append(value)
        return real_wrap(value, *args, **kwargs)

    monkeypatch.setattr(fonts, "text", text)
    monkeypatch.setattr(fonts, "wrap", wrap)
    app, profile = make_app(lang)
    drawn.clear()
    click(app, item(app.top, "rules"))
    scene = app.top
    assert isinstance(scene, RulesScene)
    variants = profile.catalogue.variants
    seen: dict[str, list[str]] = {}
    for _ in variants:
        app.draw()
        seen[scene.variant] = list(drawn)
        drawn.clear()
        press(app, Action.RIGHT)  # the next variant's page is drawn from here on
    assert set(seen) == set(variants)
    keys = set(load_catalogue())
    for vid, texts in seen.items():
        assert variants[vid].description[lang] in texts and t("rulesref.custom", file="x")[:20] in "\n".join(texts)
        found = _avoided(texts, lang)
        assert not found, f"{vid}:\n" + "\n".join(found)
        assert not [x for x in texts if x in keys or "{" in x], vid


def _coach_sentences(lang: str) -> list[str]:
    """Every sentence the coach can make of every kind of play (each reason with each play, table and group),
    and its review of a sample of real games between bots."""
    from game.engine.combos import classify
    from game.review import review
    from game.review.report import text
    from game.review.words import REASONS, reason_text
    from tests.review.helpers import play_recorded

    plays = [classify(parse_cards(cards)) for cards in (
        "7s", "2h", "8c 8h", "2s 2c", "9s 9d 9h", "2s 2c 2d", "5s 6d 7c", "8s 9d 10c Jh Qs", "As Ac",
        "4s 4c 5s 5c 6s 6c", "4s 4c 5s 5c 6s 6c 7s 7c", "Js Jc Jd Jh")]  # fmt: skip
    sentences = []
    for code in REASONS:
        for play in plays:
            for table in (None, *plays):
                fields = {"play": play, "best": table, "table": table, "group": play, "seat": 1, "count": 2,
                          "left": 8, "cards": parse_cards("2s 2h"), "amount": 9}  # fmt: skip
                sentences.append(reason_text(code, fields, lang, ["You", "Lan", "Minh", "Hoa"]))
    quick = {"level": "hard", "work": 3000, "bot_options": {"playouts": 6, "time_limit": 30.0}}
    found = 0
    for variant, seed, players in (("mien-nam", 1, 4), ("co-dien", 2, 3), ("dem-la", 3, 2), ("xep-hang", 4, 4)):
        record = play_recorded(variant, seed, players, levels="greedy,normal", first_game=False).game.to_dict()
        reviewed = review(record, 0, **quick)
        found += len(reviewed.findings)
        sentences += text(reviewed, lang).splitlines()
    assert found, "the sample of reviewed games found nothing to say"
    return sentences


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_coach_says_only_the_glossary_s_words(lang):
    sentences = _coach_sentences(lang)
    found = _avoided(sentences, lang)
    assert not found, "\n".join(sorted(set(found)))


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


def test_quit_is_only_for_a_game_and_exit_for_the_app(make_app):
    """"Quit" alone would mean both leaving the app and quitting a game: the app has Exit, a game Quit game."""
    from tests.ui.menus.helpers import item
    from ui.menus.dialogs import quit_dialog

    app, _ = make_app("en")
    assert item(app.top, "quit").label() == "Exit"
    assert [k for k, e in load_catalogue().items() if e["en"] == "Quit"] == []
    dialog = quit_dialog(app, load_rules("mien-nam"), 10, 4, started=False, on_quit=lambda: None)
    app.push(dialog)
    app.step(1 / 30)
    assert [i.label() for i in dialog.items][0] == "Quit game"
