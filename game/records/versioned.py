"""Every file's envelope: a JSON object ``{"kind": ..., "format": N, ...}``, brought up to the current format
by its migrations step by step (format N → N + 1) before it is checked.

``parse_versioned`` takes a file's text; ``upgraded`` a document already parsed (the review reads several
kinds of file and looks at the kind first). Both raise ``FileProblem`` with the reason in plain English
(``ui/menus/dialogs.py`` puts the usual ones in the player's language by their words).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")
log = logging.getLogger("tienlen.files")
#: Why a file holding a number of thousands of digits is refused (Python reads at most 4,300).
LONG_NUMBER = "not readable: it holds a number thousands of digits long"

Migration = Callable[[dict[str, Any]], dict[str, Any]]


class FileProblem(ValueError):
    """The file's contents are not what the game can use; the message says why, in plain words."""


def upgraded(data: Any, kind: str, version: int, migrations: Mapping[int, Migration]) -> dict[str, Any]:
    """``data`` checked as a ``kind`` file (one that names no kind is taken as one) and migrated to format
    ``version``."""
    if not isinstance(data, dict):
        raise FileProblem(f"expected a JSON object, found {type(data).__name__}")
    doc: dict[str, Any] = data
    if doc.get("kind", kind) != kind:
        raise FileProblem(f"this is a {doc.get('kind')!r} file, not {kind!r}")
    found = doc.get("format")
    if isinstance(found, bool) or not isinstance(found, int):
        raise FileProblem(f"no format version (found {found!r})")
    if found > version:
        raise FileProblem(f"written by a newer version of the game (format {found}, this one reads {version})")
    while found < version:
        step = migrations.get(found)
        if step is None:
            raise FileProblem(f"format {found} is too old to read")
        doc = step(doc)
        found += 1
        doc["format"] = found
    return doc


def checked(validate: Callable[[dict[str, Any]], T], data: dict[str, Any]) -> T:
    """``validate(data)``, any slip of a validator on odd contents (a ``KeyError``, an ``int`` of ``1e400``)
    reported as a ``FileProblem``."""
    try:
        return validate(data)
    except FileProblem:
        raise
    except KeyError as exc:
        raise FileProblem(f"a field is missing ({cut_words(str(exc), 100)})") from None
    except (ValueError, OverflowError) as exc:  # the checks' own words ("leader must be an int")
        raise FileProblem(cut_words(str(exc), 200) or "a value is out of range") from None
    except (TypeError, AttributeError, IndexError) as exc:
        log.info("a validator stopped on %s: %s", type(exc).__name__, exc)
        raise FileProblem("a field holds the wrong kind of value") from None


def cut_words(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters at the end of a word, with "…" when cut."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    return (head.rsplit(" ", 1)[0] if " " in head[limit // 2 :] else head).rstrip(" ,;:") + "…"


def parse_versioned(
    text: str, kind: str, version: int, migrations: Mapping[int, Migration], validate: Callable[[dict[str, Any]], T]
) -> T:
    """Parse, migrate and validate one file's text; raise ``FileProblem`` saying what is wrong."""
    if not text.strip():
        raise FileProblem("the file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except ValueError:  # a number Python refuses to read, such as one of 5,000 digits
        raise FileProblem(LONG_NUMBER) from None
    return checked(validate, upgraded(data, kind, version, migrations))
