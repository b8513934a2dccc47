"""Every text exists in Vietnamese and English, and every key the UI asks for is in a catalogue."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from ui.i18n import LANGUAGES, load_catalogue

ROOT = Path(__file__).resolve().parents[2]
KEY_CALL = re.compile(r"""\bt\(\s*["']([A-Za-z0-9_.]+)["']\s*[,)]""")  # whole literal keys, not prefixes


def test_every_key_in_every_catalogue_has_vietnamese_and_english():
    files = sorted((ROOT / "assets" / "i18n").glob("*.yaml"))
    assert files
    problems = []
    for path in files:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for key, texts in data.items():
            if not isinstance(texts, dict):
                problems.append(f"{path.name}: {key}: not a {{vi, en}} mapping")
                continue
            for lang in LANGUAGES:
                if not str(texts.get(lang) or "").strip():
                    problems.append(f"{path.name}: {key}: no {lang}")
            fields = [{f for _, f, _, _ in string.Formatter().parse(str(texts.get(lang, ""))) if f}
                      for lang in LANGUAGES]
            if fields[0] != fields[1]:
                problems.append(f"{path.name}: {key}: the languages fill different fields {fields}")
    assert not problems, "\n".join(problems)


def test_every_literal_key_used_in_ui_exists():
    catalogue = load_catalogue()
    missing = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for key in KEY_CALL.findall(path.read_text(encoding="utf-8")):
            if key not in catalogue:
                missing.append(f"{path.relative_to(ROOT)}: {key}")
    assert not missing, "\n".join(missing)


def test_menu_keys_built_from_values_exist():
    """Keys the menus build from data (difficulties, house rules, settings values, patterns, combos)."""
    from game.rules import FIRST_LEADS, INSTANT_WIN_PATTERNS
    from ui.persist.choices import DIFFICULTIES
    from ui.settings_model import CARD_BACKS

    catalogue = load_catalogue()
    keys = [f"setup.difficulty.{d}" for d in DIFFICULTIES] + [f"setup.first_lead.{f}" for f in FIRST_LEADS]
    keys += [f"rulesref.first_lead.{f}" for f in FIRST_LEADS] + [f"settings.card_back.{b}" for b in CARD_BACKS]
    keys += [f"rulesref.pattern.{p}" for p in INSTANT_WIN_PATTERNS]
    keys += [f"settings.language.{lang}" for lang in LANGUAGES]
    keys += [f"rulesref.ends.{e}" for e in ("first_out", "one_left")]
    assert [k for k in keys if k not in catalogue] == []


def test_every_catalogue_gives_both_languages_the_same_keys():
    """Per file, the keys with a Vietnamese text and the keys with an English one are the same set, no entry holds
    a language the game does not speak (a typo such as ``vn:`` or ``en `` goes unseen otherwise), and a singular
    form fills the same fields as its plural."""
    allowed = {*LANGUAGES, *(f"{lang}_one" for lang in LANGUAGES)}
    problems = []
    for path in sorted((ROOT / "assets" / "i18n").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        by_language = {lang: {k for k, v in data.items() if isinstance(v, dict) and str(v.get(lang) or "").strip()}
                       for lang in LANGUAGES}  # fmt: skip
        if by_language["vi"] != by_language["en"]:
            problems.append(f"{path.name}: only in vi {sorted(by_language['vi'] - by_language['en'])}, "
                            f"only in en {sorted(by_language['en'] - by_language['vi'])}")  # fmt: skip
        for key, texts in data.items():
            if not isinstance(texts, dict):
                continue
            if set(texts) - allowed:
                problems.append(f"{path.name}: {key}: unknown languages {sorted(set(texts) - allowed)}")
            for lang in LANGUAGES:
                if f"{lang}_one" in texts:
                    one, many = ({f for _, f, _, _ in string.Formatter().parse(str(texts[k])) if f}
                                 for k in (f"{lang}_one", lang))  # fmt: skip
                    if not one <= many:
                        problems.append(f"{path.name}: {key}: {lang}_one fills {one - many} that {lang} does not")
    assert not problems, "\n".join(problems)


KEY_PREFIX = re.compile(r"""\bt\(\s*f["']([A-Za-z0-9_.]+)\{""")  # t(f"setup.difficulty.{v}")


def test_every_key_the_ui_builds_has_entries_under_its_prefix():
    catalogue = load_catalogue()
    missing = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        for prefix in KEY_PREFIX.findall(path.read_text(encoding="utf-8")):
            if not any(key.startswith(prefix) for key in catalogue):
                missing.append(f"{path.relative_to(ROOT)}: {prefix}…")
    assert not missing, "\n".join(missing)


UNRESOLVED = re.compile(r"\b([a-z_]+)(?:\.[a-z0-9_]+)+\b")  # what t() gives back for a key it does not know


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_menu_shows_a_key_instead_of_words(make_app, lang):
    """Walk every menu and every value of every option, and each variant's rules reference and summaries: a
    missing text would show as its key (``settings.auto_pass``)."""
    from tests.menus.helpers import click, item, press
    from ui.i18n import t
    from ui.intents import Action
    from ui.menus.rules_text import reference

    app, profile = make_app(lang)
    shown: list[str] = []

    def read(scene) -> None:
        for i in scene.items:
            shown.append(i.label())
            if i.is_option:
                shown.extend(i.show(v) for v in i.values)
        app.draw()

    read(app.top)
    for screen in ("new", "settings", "rules", "stats", "learn"):
        click(app, item(app.top, screen))
        read(app.top)
        press(app, Action.BACK)
    for rules in profile.catalogue.variants.values():
        shown += [rules.name[lang], rules.description[lang]]
        shown += [part for line in reference(rules) for part in line[1:] if isinstance(part, str)]
    for n in range(1, 13):
        shown.append(t(f"date.month.{n}"))
    spaces = {key.split(".")[0] for key in load_catalogue()}  # menu, setup, settings, rulesref, ...
    leaks = sorted({m.group(0) for text in shown for m in UNRESOLVED.finditer(text) if m.group(1) in spaces})
    assert not leaks and all(shown)
