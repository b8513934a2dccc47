"""The words of the Play with friends screens that depend on a value: the server's refusals, levels, timers,
the chat's phrases."""

from __future__ import annotations

from typing import Any

from game.net.protocol import CHAT_PHRASES, ENDED_REASONS
from game.table.choice import DIFFICULTIES
from ui.i18n import catalogue, t

#: The server's refusals and ends that have words of their own (``net.error.<code>``); any other is shown as
#: the server words it.
ERROR_CODES = ("no_table", "code_needed", "table_full", "match_started", "version", "bad_name", "too_many_tables",
               "too_many_connections", "rate_limited", "chat_too_fast", "not_your_turn", "illegal", "game_over",
               "not_host", "name_taken", *ENDED_REASONS)  # fmt: skip


def error_text(msg: dict[str, Any]) -> str:
    """A refusal or an end in the reader's language: known codes have their own words, others the server's."""
    code = str(msg.get("code") or msg.get("reason") or "")
    if code in ERROR_CODES:
        return t(f"net.error.{code}")
    text = str(msg.get("message") or "").strip()
    return text[:200] if text else t("net.error.unknown", code=code[:40] or "?")


def level_word(level: Any) -> str:
    return t(f"setup.difficulty.{level}") if level in DIFFICULTIES else str(level or "")


def timer_word(seconds: int) -> str:
    return t("net.timer.off") if not seconds else t("net.timer.seconds", n=seconds)


def chat_text(phrase: str) -> str:
    """A chat phrase in the reader's language ("" for one this version does not have)."""
    return t(f"net.chat.{phrase}") if phrase in CHAT_PHRASES and f"net.chat.{phrase}" in catalogue() else ""
