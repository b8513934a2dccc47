"""A player's rules.yaml attacked: whatever it holds, the game starts with the built-in variants and the notice
names the file, the line and (when there is one) the field; the player's own file is never touched."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.check import SCHEMA
from ui.persist.custom_rules import NOTICE_LIMIT, load_variants
from ui.persist.paths import Paths

BUILTIN = ["mien-nam", "dem-la", "xep-hang", "co-dien", "co-dien-diem"]
WHERE = re.compile(r"^rules\.yaml:(\d+): ")
GOOD = """\
format: 1
default: mine
variants:
  mine:
    extends: dem-la
    name: {vi: "Của tôi", en: Mine}
    prices:
      quad: 20
      two: {spades: 2, clubs: 2, diamonds: 4, hearts: 4}
    thoi: {payee: {2: 1, 3: 1, 4: 3}}
    place_payouts: {3: [2, 0, -2]}
    instant_wins: {every_game: [dragon, six_pairs]}
    cong: {multiplier: 2, place_payout: null}
    quit_charge: 13
  theirs:
    extends: mine
    name: {vi: Khác, en: Other}
    game_ends: one_left
"""


def load(tmp_path: Path, data: bytes) -> tuple[list[str], str, str]:
    """(the variants the game has, the default, the notice's error text or "") after reading ``data``."""
    paths = Paths.under(tmp_path)
    paths.ensure()
    paths.user_rules_file.write_bytes(data)
    catalogue, notices = load_variants(paths)
    assert paths.user_rules_file.read_bytes() == data  # the player's own file is never renamed or rewritten
    assert len(notices) <= 1
    error = notices[0].fields["error"] if notices else ""
    assert len(error) <= NOTICE_LIMIT
    if notices:
        assert catalogue.ids() == BUILTIN and catalogue.default == "mien-nam"
        assert "could not be read (" not in error, error  # a bug of ours, not a mistake in the file
    return catalogue.ids(), catalogue.default, error


def line_of(error: str) -> int:
    found = WHERE.match(error)
    assert found, f"no line in {error!r}"
    return int(found.group(1))


def test_the_good_file_loads(tmp_path):
    ids, default, error = load(tmp_path, GOOD.encode())
    assert error == "" and ids == BUILTIN + ["mine", "theirs"] and default == "mine"


def _leaves(schema: dict, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for key, inner in schema.items():
        out += _leaves(inner, path + (key,)) if isinstance(inner, dict) else [path + (key,)]
    return out


BAD = ['"x"', "[]", "{}", "null", "1" + "0" * 400, ".nan", "-.inf", "-1", "1001", "true", "1.5", "[1, [2]]",
       "{a: {b: c}}", '""', "2001-01-01", "0x10", "!!binary aGk=", "&a [*a]", "*nowhere"]


@pytest.mark.parametrize("field", [".".join(p) for p in _leaves(SCHEMA)])
def test_each_field_with_each_wrong_value_names_its_line_and_field(tmp_path, field):
    path = field.split(".")
    for value in BAD:
        lines = ["variants:", "  mine:"]
        if path[0] != "extends":
            lines.append("    extends: mien-nam")
        indent = "    "
        for key in path[:-1]:
            lines.append(f"{indent}{key}:")
            indent += "  "
        lines.append(f"{indent}{path[-1]}: {value}")
        _, _, error = load(tmp_path, ("\n".join(lines) + "\n").encode())
        if not error:
            continue  # a value the field accepts (null for an optional amount, text for a source...)
        if "alias" in error or "tag" in error:
            assert line_of(error) == len(lines), error
            continue
        assert line_of(error) == len(lines) or field == "extends", error
        assert f"variants.mine.{field}" in error or "missing field" in error, error


FILE_LEVEL: dict[str, tuple[str, tuple[str, ...]]] = {
    "YAML syntax: an unclosed bracket": ("variants: {mine: {extends: mien-nam\n", ("rules.yaml:2", "YAML")),
    "YAML syntax: a bad indent": ("variants:\n  mine:\n      extends: x\n    name: y\n", ("rules.yaml:4",)),
    "a tab for indent": ("variants:\n\tmine:\n\t\textends: mien-nam\n", ("rules.yaml:2", "YAML")),
    "a control character": ("variants:\n  mine:\n    extends: mien-nam\n    source: \"a\x07\"\n",
                            ("rules.yaml:4", "YAML")),
    "an escape character in a comment": ("# \x1b[31m red\nvariants: {}\n", ("rules.yaml:1", "YAML")),
    "two documents": ("variants: {}\n---\nvariants: {}\n", ("rules.yaml:2", "document")),
    "an alias to nothing": ("variants:\n  mine: *base\n", ("rules.yaml:2", "variants.mine", "alias")),
    "a recursive alias": ("variants: &a\n  mine: *a\n", ("rules.yaml:2", "alias")),
    "a merge key": ("variants:\n  mine:\n    <<: {extends: mien-nam}\n", ("rules.yaml:3", "merge")),
    "a Python tag": ("variants: !!python/object:os.system {}\n", ("rules.yaml:1", "tag")),
    "a list for a key": ("variants:\n  ? [a]\n  : 1\n", ("rules.yaml:2", "key")),
    "a variant that is null": ("variants:\n  mine: null\n", ("rules.yaml:2", "variants.")),
    "variants that are a list": ("variants: [a, b]\n", ("rules.yaml:1", "variants")),
    "an unknown top-level field": ("variant:\n  mine: {extends: mien-nam}\n", ("rules.yaml:1", "variant")),
    "extends in a loop": ("variants:\n  a: {extends: b}\n  b: {extends: a}\n", ("rules.yaml:3", "extends", "loop")),
    "extends itself": ("variants:\n  a: {extends: a}\n", ("rules.yaml:2", "variants.a.extends")),
    "a loop through a built-in": ("variants:\n  mien-nam: {extends: mine}\n  mine: {extends: mien-nam}\n",
                                  ("rules.yaml:3", "extends", "loop")),
    "extends an unknown variant": ("variants:\n  a: {extends: mien-bac}\n", ("rules.yaml:2", "variants.a.extends")),
    "extends a list": ("variants:\n  a: {extends: [mien-nam]}\n", ("rules.yaml:2", "variants.a.extends")),
    "a default that is no variant": ("default: mien-namm\nvariants: {}\n", ("rules.yaml:1", "default")),
    "a default that is a list": ("default: [mien-nam]\nvariants: {}\n", ("rules.yaml:1", "default")),
    "a default that is null": ("default:\nvariants: {}\n", ("rules.yaml:1", "default")),
    "a format from the future": ("format: 2\nvariants: {}\n", ("rules.yaml:1", "format")),
    "a format that is text": ("format: one\nvariants: {}\n", ("rules.yaml:1", "format")),
    "an amount just over the limit": ("variants:\n  a:\n    extends: mien-nam\n    quit_charge: 1000.001\n",
                                      ("rules.yaml:4", "variants.a.quit_charge", "1000")),
    "a payout just under the limit": ("variants:\n  a:\n    extends: xep-hang\n    place_payouts: {2: [1, -1001]}\n",
                                      ("rules.yaml:4", "variants.a.place_payouts.2.1")),
    "a place paid that does not exist": ("variants:\n  a:\n    extends: mien-nam\n    thoi: {payee: {3: 4}}\n",
                                         ("rules.yaml:4", "variants.a.thoi.payee.3")),
    "a player count that does not exist": ("variants:\n  a:\n    extends: xep-hang\n    place_payouts: {5: [1]}\n",
                                           ("rules.yaml:4", "variants.a.place_payouts.5")),
    "a cóng multiplier over 100": ("variants:\n  a:\n    extends: mien-nam\n    cong: {multiplier: 101}\n",
                                   ("rules.yaml:4", "variants.a.cong.multiplier")),
}


@pytest.mark.parametrize("case", list(FILE_LEVEL))
def test_a_broken_file_names_its_line_and_field(tmp_path, case):
    text, words = FILE_LEVEL[case]
    _, _, error = load(tmp_path, text.encode())
    assert all(w in error for w in words), error
    line_of(error)


def test_a_folder_named_rules_yaml_is_reported(tmp_path):
    paths = Paths.under(tmp_path)
    paths.ensure()
    paths.user_rules_file.mkdir()
    catalogue, notices = load_variants(paths)
    assert catalogue.ids() == BUILTIN and "rules.yaml" in notices[0].fields["error"]


def _mutate(data: bytes, rng: random.Random) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randrange(1, 5)):
        at = rng.randrange(len(out) + 1)
        op = rng.randrange(5)
        if op == 0 and out:
            del out[at : at + rng.randrange(1, 12)]
        elif op == 1:
            out[at:at] = rng.choice([b"\t", b"  ", b"\n", b"[", b"{", b"}", b":", b"&a ", b"*a", b"!!str ", b"~",
                                     b"- ", b"? ", b"'", b'"', b"#", b",", b"1e400", b".nan", b"-", b"\x85", b"\xff",
                                     b"\x07", b"extends: theirs\n", b"<<: *a\n"])
        elif op == 2 and out:
            out[min(at, len(out) - 1)] = rng.randrange(32, 127)
        elif op == 3:
            out[at:at] = out[max(0, at - 20) : at]
        else:
            start = rng.randrange(len(out) + 1)
            out[at:at] = out[start : start + rng.randrange(1, 30)]
    return bytes(out)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_a_mangled_file_never_stops_the_game_and_always_gives_a_line(tmp_path, seed):
    data = _mutate(GOOD.encode(), random.Random(seed))
    ids, _, error = load(tmp_path, data)
    if error:
        line = line_of(error)
        assert 1 <= line <= data.count(b"\n") + 2, error
    else:
        assert set(BUILTIN) <= set(ids)
