"""The words of the Play with friends screens that depend on a value: the server's refusals, levels, timers,
the chat's phrases."""

from __future__ import annotations

from typing import Any

from ui.i18n import catalogue, t

#: The chat's short phrases and emotes, by the id the server passes on (``net.chat.<id>`` is the text).
CHAT_PHRASES = ("hello", "good_game", "nice", "thanks", "oops", "hurry", "wow", "laugh", "sad", "again")


def error_text(msg: dict[str, Any]) -> str:
    """A refusal or an end in the reader's language: known codes have their own words, others the server's."""
    code = str(msg.get("code") or msg.get("reason") or "")
    key = f"net.error.{code}"
    if code and key in catalogue():
        return t(key)
    text = str(msg.get("message") or "").strip()
    return text[:200] if text else t("net.error.unknown", code=code[:40] or "?")


def level_word(level: Any) -> str:
    return t(f"setup.difficulty.{level}") if level in ("easy", "normal", "hard", "expert") else str(level or "")


def timer_word(seconds: int) -> str:
    return t("net.timer.off") if not seconds else t("net.timer.seconds", n=seconds)


def chat_text(phrase: str) -> str:
    return t(f"net.chat.{phrase}") if phrase in CHAT_PHRASES else ""
