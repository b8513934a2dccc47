from __future__ import annotations

from ui.persist.custom_rules import load_variants


def test_without_a_user_file_the_built_in_variants_load(paths):
    cat, notices = load_variants(paths)
    assert "mien-nam" in cat.ids() and notices == []


def test_a_user_file_adds_a_variant(paths):
    paths.user_rules_file.write_text(
        "variants:\n  nha-toi:\n    extends: mien-nam\n    name: {vi: Nhà tôi, en: Our house}\n    quit_charge: 5\n",
        encoding="utf-8",
    )
    cat, notices = load_variants(paths)
    assert notices == [] and cat.load("nha-toi").quit_charge == 5 and "dem-la" in cat.ids()


def test_an_invalid_user_file_reports_file_and_line_and_keeps_the_built_ins(paths):
    text = "variants:\n  nha-toi:\n    extends: mien-nam\n    prices:\n      quad: abc\n"
    paths.user_rules_file.write_text(text, encoding="utf-8")
    cat, notices = load_variants(paths)
    assert cat.load("mien-nam").prices.quad == 8
    assert notices[0].key == "notice.rules_invalid"
    assert "rules.yaml:5" in notices[0].fields["error"] and "quad" in notices[0].fields["error"]
    assert paths.user_rules_file.read_text(encoding="utf-8") == text  # the player's own file is left alone


def test_user_file_that_is_not_yaml_is_reported(paths):
    paths.user_rules_file.write_text("variants: [unclosed\n", encoding="utf-8")
    cat, notices = load_variants(paths)
    assert notices and "rules.yaml" in notices[0].fields["error"] and cat.ids()
