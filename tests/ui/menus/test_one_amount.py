"""One way to write an amount of table bets (``game.engine.amounts``): the Rules screen, the table and its
results, the statistics and the coach print the same text for the same amount, in both languages, also for
the house rules' prices that are not halves."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.engine.amounts import amount
from game.engine.cards import parse_cards
from game.engine.scoring import Transfer
from game.review.duplicate import Duplicate
from game.review.report import duplicate_line
from game.review.words import reason_text
from game.rules import load_catalogue
from ui import i18n
from ui.menus import rules_text
from ui.table import words

RULES_FILE = """variants:
  quarters:
    extends: co-dien
    name: {vi: Phần tư, en: Quarters}
    prices:
      plain_card: 0
      two: {spades: 0.25, clubs: 0.125, diamonds: 1.75, hearts: 2.675}
      pair_run_3: 1.5
      quad: 12
      pair_run_4: 26
"""
#: What every screen shows for the prices above: to the cent, half up, needless zeros dropped.
SHOWN = {"en": ["0.25", "0.13", "1.75", "2.68", "1.5", "12", "26"], "vi": ["0,25", "0,13", "1,75", "2,68", "1,5",
                                                                           "12", "26"]}  # fmt: skip


@pytest.fixture(params=["vi", "en"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("vi")


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    path = tmp_path_factory.mktemp("rules") / "rules.yaml"
    path.write_text(RULES_FILE, encoding="utf-8")
    return load_catalogue(path).variants["quarters"]


def _price_rows(rules) -> list[str]:
    """The right-hand column of the Rules screen's price table: 2♠ 2♣ 2♦ 2♥, the 3-pair run, quad, 4-pair run."""
    lines = rules_text.reference(rules)
    start = lines.index(("p", i18n.t("rulesref.unit")))
    return [line[2] for line in lines[start + 1:start + 8]]


def test_the_rules_screen_the_table_and_the_coach_write_each_price_alike(rules, lang) -> None:
    shown = _price_rows(rules)
    assert shown == SHOWN[lang]
    prices = [*rules.prices.two, rules.prices.pair_run_3, rules.prices.quad, rules.prices.pair_run_4]
    for price, text in zip(prices, shown, strict=True):
        assert words.amount(price) == rules_text.amount(price) == amount(price, lang=lang) == text
        coach = reason_text("kept_to_end", {"cards": parse_cards("2s"), "amount": price}, lang)
        assert f" {text} " in coach, coach  # "… mất 0,25 cược", "… which cost 0.25 bets"
    spades = parse_cards("2s")  # the table's results: "stuck with 2♠ (thối): 2♠ × 0.25 = 0.25"
    reason = words.transfer_reason(Transfer(1, 0, 0.25, "thoi"), rules, spades)
    assert reason.endswith(f"2♠ × {shown[0]} = {shown[0]}"), reason


@pytest.mark.parametrize("value", [0, 0.5, -0.5, 2.675, 0.1 + 0.2, -12, 26, -0.004, 0.004, 1000])
def test_a_gain_or_loss_reads_the_same_on_the_table_the_statistics_and_the_coach(lang, value) -> None:
    table = words.amount(value, True)  # seat labels, results
    assert table == rules_text.signed(value) == amount(value, True, lang=lang)  # the statistics' chart
    duplicate = Duplicate("expert", 1, value, 2, -value, {"hands": ["3s", "4s", "5s", "6s"]})
    coach = duplicate_line(SimpleNamespace(duplicate=duplicate, level="expert"), lang)  # type: ignore[arg-type]
    assert f"({table})" in coach and f"({words.amount(-value, True)})" in coach, coach


@pytest.mark.parametrize(("value", "en", "vi"), [
    (0, "0", "0"), (-0.004, "0", "0"), (0.005, "0.01", "0,01"), (0.125, "0.13", "0,13"), (2.675, "2.68", "2,68"),
    (0.1 + 0.2, "0.3", "0,3"), (-1.5, "−1.5", "−1,5"), (12.0, "12", "12"), (1_000_000, "1000000", "1000000"),
    (float("inf"), "∞", "∞"),
])  # fmt: skip
def test_amounts_are_written_to_the_cent_half_up_without_needless_zeros(value, en, vi) -> None:
    assert (amount(value, lang="en"), amount(value, lang="vi")) == (en, vi)


def test_a_signed_amount_has_a_sign_except_nothing() -> None:
    assert [amount(v, True, lang="en") for v in (3, -2, 0, 0.001, -0.001, 0.5)] == ["+3", "−2", "0", "0", "0", "+0.5"]
