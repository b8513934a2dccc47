"""The variant catalogue: the built-in ``rules.yaml`` plus the player's own, if there is one and it is valid."""

from __future__ import annotations

import logging

from game.rules import Catalogue, RulesError, load_catalogue
from ui.persist.files import Notice
from ui.persist.paths import Paths

log = logging.getLogger("tienlen.rules")
NOTICE_LIMIT = 300  # characters of the error shown to the player (the log has it whole)


def load_variants(paths: Paths) -> tuple[Catalogue, list[Notice]]:
    """Built-in variants, added to or overridden by ``<config>/rules.yaml``; a bad user file is reported.

    The player's file is never renamed (they wrote it and will want to fix it); the game starts with the
    built-in variants and a notice carrying the ``RulesError`` text, which names the file, the line and the
    field. Whatever else goes wrong reading it is reported the same way: a rules file never stops the game.
    """
    user_file = paths.user_rules_file
    try:
        if not user_file.exists():
            return load_catalogue(), []
        return load_catalogue(user_file), []
    except RulesError as exc:
        error = str(exc)
        log.warning("your rules file %s is not used: %s", user_file, error)
    except (Exception, RecursionError, MemoryError) as exc:  # a bug of ours must not lock the player out either
        error = f"{user_file.name}: could not be read ({type(exc).__name__})"
        log.exception("reading your rules file %s failed", user_file)
    return load_catalogue(), [Notice("notice.rules_invalid", {"file": _cut(str(user_file)), "error": _cut(error)})]


def _cut(text: str) -> str:
    return text if len(text) <= NOTICE_LIMIT else text[: NOTICE_LIMIT - 1] + "…"
