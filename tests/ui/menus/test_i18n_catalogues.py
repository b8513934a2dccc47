"""Every text exists in Vietnamese and English, and every key the UI asks for is in a catalogue."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
import yaml

from ui.i18n import LANGUAGES, load_catalogue

ROOT = Path(__file__).resolve().parents[3]
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


# ---- every key is used -------------------------------------------------------------------------------------
CODE = [ROOT / "main.py", *sorted((ROOT / "game").rglob("*.py")), *sorted((ROOT / "ui").rglob("*.py")),
        *sorted((ROOT / "tools").rglob("*.py"))]  # fmt: skip


def _source(relative: str) -> str:
    return (ROOT / relative).read_text(encoding="utf-8")


def _literals(relative: str) -> set[str]:
    """The short string literals of a source file: the codes it names."""
    return set(re.findall(r"""["']([a-z][a-z0-9_]*)["']""", _source(relative)))


def _built_keys() -> dict[str, tuple[str, str, set[str]]]:
    """The keys the code builds from data rather than naming them whole, by family: the file that builds them,
    the piece of code that does (so a family nobody builds any more fails), and every key it can build."""
    from game.engine.combos import KINDS
    from game.engine.refusals import TEMPLATES
    from game.lessons import LESSONS, WANT_CODES, Opponent
    from game.net.protocol import CHAT_PHRASES
    from game.rules import FIRST_LEADS, GAME_ENDS, INSTANT_WIN_PATTERNS
    from game.safe_file import KINDS as FILE_KINDS
    from game.safe_file import PROBLEM_CODES
    from game.table.choice import DIFFICULTIES
    from ui.menus.dialogs import _WHY
    from ui.menus.rules_text import _BOMBS, _TARGETS
    from ui.net.words import ERROR_CODES
    from ui.settings_model import CARD_BACKS, Settings

    kinds = {*KINDS, *(f"{k}_two" for k in ("single", "pair", "triple"))}  # a 2-play is named apart
    lessons = {key for x in LESSONS for key in (x.title, x.summary)}
    lessons |= {s.text for x in LESSONS for s in x.steps if not isinstance(s, Opponent)}
    targets = {name for name, _, _ in _TARGETS} | {name for name, _ in _BOMBS}
    return {
        # a hint's reasons: the codes game/review/advice.py gives them
        "advice": ("ui/learn/words.py", 't(f"advice.{reason.code}"',
                   {f"advice.{c}" for c in _literals("game/review/advice.py")}),
        # what a lesson's refusal teaches, by the engine's refusal code
        "learn.why": ("ui/learn/words.py", 't(f"learn.why.{', {f"learn.why.{c}" for c in TEMPLATES}),
        "learn.kind": ("ui/learn/words.py", 't(f"learn.kind.{', {f"learn.kind.{k}" for k in KINDS}),
        # why a lesson step wants another move (the lessons' own codes)
        "learn": ("ui/learn/words.py", 't(f"learn.{verdict.code}"', {f"learn.{c}" for c in WANT_CODES}),
        # every lesson's title, summary and words, named by the lessons' steps
        "lesson": ("game/lessons/steps.py", 'f"lesson.{self.id}.title"', lessons),
        "pattern": ("ui/table/choreo.py", "t('pattern.' + e.pattern)", {f"pattern.{p}" for p in INSTANT_WIN_PATTERNS}),
        "rulesref.pattern": ("ui/menus/rules_text.py", 't(f"rulesref.pattern.{p}")',
                             {f"rulesref.pattern.{p}" for p in INSTANT_WIN_PATTERNS}),
        "combo": ("ui/table/words.py", 't(f"combo.{combo.kind}_two")', {f"combo.{k}" for k in kinds}),
        "shown": ("ui/table/words.py", 't(f"shown.{kind}"', {f"shown.{k}" for k in kinds}),
        "howto.combo": ("ui/menus/rules_text.py", 't(f"howto.combo.{kind}")', {f"howto.combo.{k}" for k in KINDS}),
        # places by number, and the last place of a 2- or 3-player table
        "place": ("ui/table/words.py", 't(f"place.{place}.last")',
                  {f"place.{n}" for n in range(1, 5)} | {f"place.{n}.last" for n in (2, 3)}),
        # payments by their reason: the reasons game/engine/scoring.py gives transfers
        "transfer": ("ui/table/words.py", 't(f"transfer.{transfer.reason}")',
                     {f"transfer.{r}" for r in _literals("game/engine/scoring.py")}),
        "reason": ("ui/table/words.py", 't(f"reason.{code}"', {f"reason.{c}" for c in TEMPLATES}),
        "setup.difficulty": ("ui/replay/recent_scene.py", "t(f\"setup.difficulty.{name}\")",
                             {f"setup.difficulty.{d}" for d in DIFFICULTIES}),
        "setup.first_lead": ("ui/menus/new_match.py", 't(f"setup.first_lead.{v}")',
                             {f"setup.first_lead.{f}" for f in FIRST_LEADS}),
        "rulesref.first_lead": ("ui/menus/rules_text.py", 't(f"rulesref.first_lead.{rules.first_lead}")',
                                {f"rulesref.first_lead.{f}" for f in FIRST_LEADS}),
        "rulesref.ends": ("ui/menus/rules_text.py", 't(f"rulesref.ends.{rules.game_ends}")',
                          {f"rulesref.ends.{e}" for e in GAME_ENDS}),
        "rulesref.thoi.when": ("ui/menus/rules_text.py", 't(f"rulesref.thoi.when.{th.when}")',
                               {f"rulesref.thoi.when.{w}" for w in ("first_out", "game_end")}),
        # the Rules screen's chopping table: a row per 2-play and bomb, what beats it
        "rulesref.combo": ("ui/menus/rules_text.py", 't(f"rulesref.combo.{name}")',
                           {f"rulesref.combo.{n}" for n in targets}),
        "rulesref.higher": ("ui/menus/rules_text.py", 't(f"rulesref.higher.{name}")',
                            {f"rulesref.higher.{n}" for n in targets}),
        "rulesref.any": ("ui/menus/rules_text.py", 't(f"rulesref.any.{bomb_name}")',
                         {f"rulesref.any.{n}" for n in targets}),
        # the settings screen labels each setting by its name, and some of their values
        "settings": ("ui/menus/settings_screen.py", 't(f"settings.{name}")',
                     {f"settings.{f}" for f in Settings.__dataclass_fields__}),
        "settings.language": ("ui/menus/settings_screen.py", 't(f"settings.language.{v}")',
                              {f"settings.language.{lang}" for lang in LANGUAGES}),
        "settings.card_back": ("ui/menus/settings_screen.py", 't(f"settings.card_back.{v}")',
                               {f"settings.card_back.{b}" for b in CARD_BACKS}),
        # why a file was set aside, by the kind of its problem (and the fallbacks for one not recognised)
        "notice.why": ("ui/menus/dialogs.py", 't(f"notice.why.{key}"',
                       {f"notice.why.{key}" for _, key in _WHY} | {"notice.why.invalid", "notice.why.system"}),
        # what the system said about a file, and what stands where a file should be (game/safe_file.py)
        "notice.os": ("ui/menus/dialogs.py", 't(f"notice.os.{', {f"notice.os.{c}" for c in PROBLEM_CODES}),
        "notice.kind": ("ui/menus/dialogs.py", 't(f"notice.kind.{', {f"notice.kind.{k}" for k in FILE_KINDS}),
        # play with friends: the chat's phrases by their wire ids, the server's refusals and ends by their codes
        "net.chat": ("ui/net/words.py", 't(f"net.chat.{phrase}")', {f"net.chat.{p}" for p in CHAT_PHRASES}),
        "net.error": ("ui/net/words.py", 't(f"net.error.{code}")', {f"net.error.{c}" for c in ERROR_CODES}),
        # Recent games' dates: month names by number, whatever the system's locale
        "date.month": ("ui/replay/recent_scene.py", 't(f"date.month.{when.month}")',
                       {f"date.month.{n}" for n in range(1, 13)}),
    }  # fmt: skip


def test_every_family_of_built_keys_is_still_built():
    stale = [f"{family}: {path} no longer has {code}" for family, (path, code, _) in _built_keys().items()
             if code not in _source(path)]  # fmt: skip
    assert not stale, "\n".join(stale)


def test_every_key_is_used():
    """A key no code names whole, and no family of built keys can build, is dead text: remove it (or, for a key
    the code builds from data, add its family to ``_built_keys`` with where and why)."""
    code = "\n".join(path.read_text(encoding="utf-8") for path in CODE)
    named = set(re.findall(r"""["']([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)["']""", code))
    built = set().union(*(keys for _, _, keys in _built_keys().values()))
    unused = sorted(set(load_catalogue()) - named - built)
    assert not unused, f"keys no code uses: {unused}"


# ---- counts ------------------------------------------------------------------------------------------------
# A field followed by a plural noun is a count: "{n} cards", "{count} games", "{chop} table bets".
NOUNS = "cards|games|players|plays|lessons|chips|bets|deals|turns|moves|pairs|points"
COUNT = re.compile(rf"\{{(\w+)\}} (?:table )?(?:{NOUNS})\b")
# Counts that are never 1, each with the reason.
NEVER_ONE = {
    ("stats.table_size", "n"): "a table seats 2 to 4 players",
    ("recent.players", "n"): "a table seats 2 to 4 players",
    ("rulesref.thoi.place_for", "n"): "a table seats 2 to 4 players",
    ("rulesref.place_payouts", "n"): "a table seats 2 to 4 players",
    ("learn.progress", "total"): "the lessons are five",
    ("advice.search", "deals"): "the hint's search plays out many deals (its playouts)",
    ("notice.history_trimmed", "limit"): "the history's cap, ui/persist/history.py MAX_GAMES (500)",
    ("advice.lead_weakest", "plays"): "a hand of two plays is lead_stronger, and of one goes out (go_out)",
    ("net.join.table", "seats"): "a table seats 2 to 4 players",
}


def test_the_count_pattern_finds_counts():
    found = COUNT.findall("{n} cards · {total} chips in all · {chop} table bets · {n}-pair run · {play} is")
    assert found == ["n", "total", "chop"]


def test_every_english_count_has_its_singular():
    """"1 cards" must never be shown: a count in English has an ``en_one`` chosen by that count."""
    problems = []
    for key, entry in load_catalogue().items():
        for field in COUNT.findall(entry["en"]):
            if (key, field) in NEVER_ONE:
                continue
            if "en_one" not in entry:
                problems.append(f"{key}: '{{{field}}}' counts, but there is no en_one")
            elif entry.get("one", "n") != field:
                problems.append(f"{key}: en_one is chosen by {entry.get('one', 'n')!r}, but '{{{field}}}' counts")
    assert not problems, "\n".join(problems)


def test_singular_forms_fill_only_fields_the_text_has_and_are_chosen_by_one_of_them():
    problems = []
    for key, entry in load_catalogue().items():
        for lang in LANGUAGES:
            one = entry.get(f"{lang}_one")
            if one is None:
                continue
            fields = {f for _, f, _, _ in string.Formatter().parse(entry[lang]) if f}
            extra = {f for _, f, _, _ in string.Formatter().parse(one) if f} - fields
            if extra:
                problems.append(f"{key}: {lang}_one fills {extra}, which {lang} does not")
            if entry.get("one", "n") not in fields:
                problems.append(f"{key}: the count {entry.get('one', 'n')!r} is not a field of its {lang} text")
        unknown = set(entry) - {*LANGUAGES, *(f"{lang}_one" for lang in LANGUAGES), "one"}
        if unknown:
            problems.append(f"{key}: unknown fields {unknown}")
    assert not problems, "\n".join(problems)


def test_the_singular_is_chosen_by_the_entry_s_count_as_a_number_or_as_text():
    from ui import i18n
    from ui.i18n import t

    i18n.set_language("en")
    try:
        assert t("table.cards_left", n=1) == "1 card" and t("table.cards_left", n=2) == "2 cards"
        assert t("stats.chart", n=1) == "Chip total over the last game"
        assert t("confirm.quit_yes", total="1") == "Quit game, pay 1 chip"
        assert t("confirm.quit_yes", total="1.5") == "Quit game, pay 1.5 chips"
        assert t("notice.history_games_dropped", count="1", file="h", kept="k").startswith("1 game in the history")
        assert t("advice.block_near", name="Lan", n=1, play="2♥").startswith("Lan is close to going out (1 card)")
    finally:
        i18n.set_language("vi")


def test_the_coach_s_english_counts_agree_too():
    """The coach's sentences (game/review/words.py) choose "card"/"cards" and "bet"/"bets" by their count."""
    from game.review.words import REASONS, bets, reason_text

    never_one = {"left": "a 2 or bomb counts as spent only with more than 4 cards still to play"}
    loose = [f"{code}: {{{field}}}" for code, texts in REASONS.items() for field in COUNT.findall(texts["en"])
             if field not in never_one]  # fmt: skip
    assert not loose, f"counts with a fixed plural noun: {loose}"
    assert bets(1, "en") == "bet" and bets(1.5, "en") == "bets"
    assert reason_text("passed_short", {"seat": 1, "count": 1}, "en").startswith("passed while seat 2 had 1 card left")


# ---- both languages, everywhere ----------------------------------------------------------------------------
def test_every_catalogue_gives_both_languages_the_same_keys():
    """Per file, the keys with a Vietnamese text and the keys with an English one are the same set."""
    problems = []
    for path in sorted((ROOT / "assets" / "i18n").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        by_language = {lang: {k for k, v in data.items() if isinstance(v, dict) and str(v.get(lang) or "").strip()}
                       for lang in LANGUAGES}  # fmt: skip
        if by_language["vi"] != by_language["en"]:
            problems.append(f"{path.name}: only in vi {sorted(by_language['vi'] - by_language['en'])}, "
                            f"only in en {sorted(by_language['en'] - by_language['vi'])}")  # fmt: skip
    assert not problems, "\n".join(problems)


UNRESOLVED = re.compile(r"\b([a-z_]+)(?:\.[a-z0-9_]+)+\b")  # what t() gives back for a key it does not know


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_menu_shows_a_key_instead_of_words(make_app, lang):
    """Walk every menu and every value of every option, and each variant's rules reference and summaries: a
    missing text would show as its key (``settings.auto_pass``)."""
    from tests.ui.menus.helpers import click, item, press
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
