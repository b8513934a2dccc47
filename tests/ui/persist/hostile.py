"""Rules files written to break the game: each entry is (file bytes, what the notice must say)."""

from __future__ import annotations


def _variant(body: str) -> bytes:
    return ("variants:\n  mine:\n    extends: mien-nam\n    name: {vi: Của tôi, en: Mine}\n" + body).encode()


def alias_bomb(levels: int, width: int = 9) -> bytes:
    """The "billion laughs": each level repeats the previous one ``width`` times."""
    lines = ["variants:", "  mine:", "    extends: mien-nam", f"    name: &l0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, levels):
        lines.append(f"    l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * width)}]")
    return ("\n".join(lines) + "\n").encode()


def extends_chain(length: int) -> bytes:
    """``length`` variants, each extending the next one down, listed child first."""
    lines = ["variants:"]
    for i in range(length, 0, -1):
        lines.append(f"  v{i}: {{extends: {'v' + str(i - 1) if i > 1 else 'mien-nam'}}}")
    return ("\n".join(lines) + "\n").encode()


def many_variants(count: int) -> bytes:
    return ("variants:\n" + "".join(f"  v{i}: {{}}\n" for i in range(count))).encode()


#: name -> (bytes, words the notice must hold: the file and line, then the field or the reason)
HOSTILE: dict[str, tuple[bytes, tuple[str, ...]]] = {
    "invalid UTF-8": (b"variants:\n  mine:\n    name: {vi: \xff\xfe\xfd}\n", ("rules.yaml:3", "UTF-8")),
    "UTF-16": ("variants:\n  mine: {extends: mien-nam}\n".encode("utf-16"), ("rules.yaml:1", "UTF-16")),
    "binary": (bytes(range(256)) * 8, ("rules.yaml:1", "binary")),
    "a 5,000-digit number": (_variant("    quit_charge: " + "9" * 5000 + "\n"), ("rules.yaml:5", "quit_charge")),
    "a 3,000-digit number": (_variant("    quit_charge: " + "9" * 3000 + "\n"), ("rules.yaml:5", "3000 digits")),
    "500 levels of nesting": (_variant("    prices: " + "[" * 500 + "]" * 500 + "\n"), ("rules.yaml:5", "deep")),
    "an extends chain of 1,500": (extends_chain(1500), ("rules.yaml:1", "at most 100")),
    "an extends chain of 60": (extends_chain(60), ("rules.yaml:", "extends more than")),
    "an alias bomb of 341 bytes": (alias_bomb(6), ("rules.yaml:", "aliases")),
    "an alias bomb of 595 bytes": (alias_bomb(9), ("rules.yaml:", "aliases")),
    "20,000 variants": (many_variants(20_000), ("rules.yaml", "20,000 variants")),
    "a NaN price": (_variant("    prices: {quad: .nan}\n"), ("rules.yaml:5", "prices.quad")),
    "an infinite charge": (_variant("    quit_charge: .inf\n"), ("rules.yaml:5", "quit_charge")),
    "a 1e308 payout": (_variant("    last_place_pays_winner: 1.0e+308\n"), ("rules.yaml:5", "last_place_pays_winner")),
    "a negative price": (_variant("    prices: {two: {hearts: -6}}\n"), ("rules.yaml:5", "prices.two.hearts")),
    "an unknown nested key": (_variant("    prices:\n      quadd: 10\n"), ("rules.yaml:6", "prices.quadd")),
    "a duplicate key": (_variant("    quit_charge: 5\n    quit_charge: 6\n"), ("rules.yaml:6", "duplicate")),
    "a long bad value": (_variant("    game_ends: " + "x" * 3000 + "\n"), ("rules.yaml:5", "game_ends")),
}
