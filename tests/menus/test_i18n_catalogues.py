"""Every text exists in Vietnamese and English, and every key the UI asks for is in a catalogue."""

from __future__ import annotations

import re
import string
from pathlib import Path

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
    from game.table.choice import DIFFICULTIES
    from ui.settings_model import CARD_BACKS

    catalogue = load_catalogue()
    keys = [f"setup.difficulty.{d}" for d in DIFFICULTIES] + [f"setup.first_lead.{f}" for f in FIRST_LEADS]
    keys += [f"rulesref.first_lead.{f}" for f in FIRST_LEADS] + [f"settings.card_back.{b}" for b in CARD_BACKS]
    keys += [f"rulesref.pattern.{p}" for p in INSTANT_WIN_PATTERNS]
    keys += [f"settings.language.{lang}" for lang in LANGUAGES]
    keys += [f"rulesref.ends.{e}" for e in ("first_out", "one_left")]
    assert [k for k in keys if k not in catalogue] == []
