"""Names that look alike: a stranger must not sit down as "Hоst" (a Cyrillic о) beside the real Host, or pass for
a bot by taking a look-alike of its name.

``skeleton`` reduces a name to what the eye sees: compatibility forms folded (NFKC: fullwidth and mathematical
letters are plain ones), case folded, and the Cyrillic and Greek letters drawn like Latin ones replaced by
them (after Unicode's confusables list, the letters that look the same in the game's font). Accents are kept:
"Hoà" and "Hoa" are different Vietnamese names and look different. Two names with one skeleton look alike.
"""

from __future__ import annotations

import unicodedata

#: Cyrillic and Greek letters (after case folding) drawn like a Latin letter, and a zero drawn like an o.
_LATIN_LOOKS = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "ë", "һ": "h", "і": "i", "ї": "ï", "ј": "j", "к": "k", "м": "m", "н": "h",
    "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
    "χ": "x", "ϲ": "c", "ϳ": "j", "0": "o",
})  # fmt: skip


def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons, names a reader cannot tell apart."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFC", folded.translate(_LATIN_LOOKS))


def look_alike(name: str, shown: list[str]) -> str | None:
    """The name in ``shown`` that ``name`` looks like without being it, if any."""
    mine = skeleton(name)
    return next((other for other in shown if other != name and skeleton(other) == mine), None)
