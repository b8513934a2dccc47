"""rules.yaml: five variants as data, extends, house rules, and errors that name file, line and field."""

import textwrap

import pytest

from game import RulesError, list_variants, load_catalogue, load_rules
from game.resources import resource


def write(tmp_path, text, name="rules.yaml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def test_five_variants_ship_with_mien_nam_the_default():
    assert list_variants() == ["mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem"]
    assert load_rules().id == "mien-nam"


def test_co_dien_diem_extends_co_dien_and_overrides_prices():
    base, points = load_rules("co-dien"), load_rules("co-dien-diem")
    assert points.game_ends == base.game_ends and points.den_bai
    assert points.prices.two == (1, 2, 3, 4) and base.prices.two == (0.5, 0.5, 1, 1)


def test_house_rules_override_by_yaml_field_name():
    rules = load_rules("mien-nam", overrides={"first_lead": "three_of_spades", "prices.quad": 10})
    assert rules.first_lead == "three_of_spades" and rules.prices.quad == 10
    assert load_rules("mien-nam").first_lead == "random"


def test_bad_house_rule_is_refused_with_its_field():
    with pytest.raises(RulesError, match="first_lead: expected one of"):
        load_rules("mien-nam", overrides={"first_lead": "youngest"})


def test_a_sixth_variant_needs_no_code(tmp_path):
    extra = write(tmp_path, """
        variants:
          nha-minh:
            extends: dem-la
            name: {vi: "Nhà mình", en: "House"}
            quit_charge: 13
            prices: {quad: 20}
    """)
    cat = load_catalogue(extra)
    rules = cat.load("nha-minh")
    assert rules.quit_charge == 13 and rules.prices.quad == 20 and rules.prices.pair_run_3 == 12
    assert "nha-minh" in cat.ids() and cat.default == "mien-nam"


def test_a_user_file_may_override_fields_of_a_builtin_variant(tmp_path):
    extra = write(tmp_path, """
        variants:
          mien-nam:
            prices: {quad: 16}
    """)
    rules = load_catalogue(extra).load("mien-nam")
    assert rules.prices.quad == 16 and rules.prices.pair_run_3 == 6 and rules.quit_charge == 26


def test_price_that_is_not_a_number_names_file_line_and_field(tmp_path):
    bad = write(tmp_path, """
        variants:
          x:
            extends: mien-nam
            prices:
              quad: abc
    """)
    with pytest.raises(RulesError) as err:
        load_catalogue(bad)
    assert str(err.value) == "rules.yaml:6: variants.x.prices.quad: expected a number, got 'abc'"


def test_unknown_instant_win_pattern_is_named(tmp_path):
    bad = write(tmp_path, """
        variants:
          x:
            extends: mien-nam
            instant_wins:
              every_game: [dragon, five_aces]
              first_game: []
    """)
    with pytest.raises(RulesError, match=r"rules.yaml:6: variants.x.instant_wins.every_game.1: unknown instant"):
        load_catalogue(bad)


def test_extends_a_missing_variant_is_named(tmp_path):
    bad = write(tmp_path, """
        variants:
          x:
            extends: nowhere
    """)
    with pytest.raises(RulesError, match=r"rules.yaml:4: variants.x.extends: no variant named 'nowhere'"):
        load_catalogue(bad)


def test_extends_loop_is_named(tmp_path):
    bad = write(tmp_path, """
        variants:
          a: {extends: b}
          b: {extends: a}
    """)
    with pytest.raises(RulesError, match="loop"):
        load_catalogue(bad)


def test_missing_field_in_a_standalone_variant(tmp_path):
    bad = write(tmp_path, """
        variants:
          x:
            name: {vi: "X", en: "X"}
    """)
    with pytest.raises(RulesError, match=r"rules.yaml:3: variants.x.[a-z_.]+: missing field"):
        load_catalogue(bad, include_builtin=False)


def test_unknown_field_is_named(tmp_path):
    bad = write(tmp_path, """
        variants:
          x:
            extends: mien-nam
            quad_beats_everything: true
    """)
    with pytest.raises(RulesError, match=r"rules.yaml:5: variants.x.quad_beats_everything: unknown field"):
        load_catalogue(bad)


def test_broken_yaml_names_the_line(tmp_path):
    bad = write(tmp_path, "variants:\n  x: [unclosed\n  y: 1\n")
    with pytest.raises(RulesError, match=r"rules.yaml:\d+: not valid YAML"):
        load_catalogue(bad)


def test_flag_that_is_not_true_or_false(tmp_path):
    bad = write(tmp_path, """
        variants:
          x:
            extends: mien-nam
            den_bai: sometimes
    """)
    with pytest.raises(RulesError, match=r":5: variants.x.den_bai: expected true or false"):
        load_catalogue(bad)


def test_shipped_file_is_found_through_the_resolver():
    assert resource("rules.yaml").is_file()
