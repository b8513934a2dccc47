"""The variant catalogue: the built-in ``rules.yaml`` plus the player's own, if there is one and it is valid."""

from __future__ import annotations

from game.rules import Catalogue, RulesError, load_catalogue
from ui.persist.files import Notice
from ui.persist.paths import Paths


def load_variants(paths: Paths) -> tuple[Catalogue, list[Notice]]:
    """Built-in variants, added to or overridden by ``<config>/rules.yaml``; a bad user file is reported.

    The player's file is never renamed (they wrote it and will want to fix it); the game starts with the
    built-in variants and a notice carrying the ``RulesError`` text, which names the file and the line.
    """
    user_file = paths.user_rules_file
    if not user_file.exists():
        return load_catalogue(), []
    try:
        return load_catalogue(user_file), []
    except RulesError as exc:
        return load_catalogue(), [Notice("notice.rules_invalid", {"file": str(user_file), "error": str(exc)})]
