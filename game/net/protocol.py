"""The table protocol, version 1: JSON objects with ``"type"`` and ``"v": 1`` over a WebSocket (docs/protocol.md).

``parse_client`` checks every message a client sends — its JSON, type, fields, their types and bounds — and
returns it with its values read (cards as ``Card``, names cleaned), or raises ``ProtocolError`` with a stable
code and a one-line message. ``message`` builds what the server sends. The JSON forms of the engine's values
are in ``codec`` and ``views`` and re-exported here.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from game.net.codec import (
    ProtocolError,
    decode_card,
    decode_cards,
    decode_event,
    decode_result,
    encode_card,
    encode_cards,
    encode_combo,
    encode_event,
    encode_result,
)
from game.net.views import decode_rules, decode_view, encode_rules, encode_view
from game.table.choice import DIFFICULTIES, STARTING_CHIPS, TABLE_BETS

VERSION = 1
#: The largest message a server reads, in bytes; a larger one closes the link (WebSocket code 1009).
MAX_MESSAGE = 16 * 1024
NAME_MAX = 20  # characters of a cleaned name
PASSWORD_MAX = 64
TOKEN_MAX = 64
TIMERS = (0, 15, 30, 60)  # seconds a person has for a turn; 0 = no timer
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud over the phone without doubt
CODE_LENGTH = 5
#: Chat is a fixed set of phrases (the window shows each in the reader's language); anything else is refused.
CHAT_PHRASES = ("hello", "good_game", "nice", "thanks", "oops", "hurry", "wow", "laugh", "sad", "again")

Message = dict[str, Any]

# type: {field: (kind, required)}. Kinds are read by _READERS below; "v" and "type" are always required.
CLIENT_MESSAGES: dict[str, dict[str, tuple[str, bool]]] = {
    "host": {"name": ("name", True), "variant": ("variant", True), "players": ("players", True),
             "bot_level": ("bot_level", True), "timer": ("timer", True), "password": ("password", False),
             "table_bet": ("table_bet", False), "starting_chips": ("starting_chips", False)},
    "join": {"code": ("code", True), "name": ("name", True), "password": ("password", False),
             "token": ("token", False)},
    "start": {},
    "play": {"cards": ("cards", True)},
    "pass": {},
    "ready": {},
    "chat": {"phrase": ("phrase", True)},
    "leave": {},
}  # fmt: skip
SERVER_MESSAGES = ("welcome", "seated", "game", "events", "game_over", "chat", "error", "ended")
ENDED_REASONS = ("host_left", "server_stopping", "table_closed", "timed_out")


def clean_name(raw: str) -> str:
    """A name fit to show: NFKC (a fullwidth "Ｈｏｓｔ" or a mathematical bold "𝐇𝐨𝐬𝐭" is "Host"), no control or
    format characters (zero-width, bidi overrides, NUL), line breaks and tabs as spaces, spaces collapsed, at most
    two combining marks on a letter, at most ``NAME_MAX`` characters."""
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFKC", raw):
        cat = unicodedata.category(ch)
        if cat[0] == "Z" or ch in "\t\n\r\v\f":
            ch, cat = " ", "Zs"
        elif cat[0] == "C":
            continue
        if cat == "Mn":
            marks += 1
            if marks > 2 or not out:
                continue
        else:
            marks = 0
        out.append(ch)
    text = re.sub(r" +", " ", "".join(out)).strip()
    return text[:NAME_MAX].rstrip()


def clean_code(raw: str) -> str:
    """A table code as typed: case, spaces and dashes do not matter."""
    return re.sub(r"[\s-]", "", raw).upper()


def _text(value: Any, name: str, limit: int) -> str:
    if not isinstance(value, str):
        raise ProtocolError("bad_field", f"{name} should be text")
    if len(value) > limit:
        raise ProtocolError("bad_field", f"{name} is longer than {limit} characters")
    if not value.isascii():  # JSON may carry a lone surrogate ("\ud800"), which is no text: it cannot be encoded
        try:
            value.encode()
        except UnicodeEncodeError:
            raise ProtocolError("bad_field", f"{name} holds a lone surrogate, which is not text") from None
    return value


def _choice(value: Any, name: str, choices: tuple[Any, ...]) -> Any:
    if not any(type(value) is type(c) and value == c for c in choices):  # 4.0 and True are not 4 or 1
        raise ProtocolError("bad_field", f"{name} must be one of {', '.join(map(str, choices))}")
    return value


def _name(value: Any) -> str:
    name = clean_name(_text(value, "name", 200))
    if not any(ch.isalnum() for ch in name):
        raise ProtocolError("bad_name", "a name needs at least one letter or digit")
    return name


def _players(value: Any) -> int:
    return int(_choice(value, "players", (2, 3, 4)))


def _cards(value: Any) -> Any:
    if not isinstance(value, list) or not 1 <= len(value) <= 13:
        raise ProtocolError("bad_field", "cards should be a list of 1 to 13 cards such as '3s'")
    return decode_cards(value, 13)


def _variant(value: Any) -> str:
    text = _text(value, "variant", 40)
    if not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", text):
        raise ProtocolError("bad_field", "variant should be an id such as 'mien-nam'")
    return text


def _token(value: Any) -> str | None:
    return None if value is None else _text(value, "token", TOKEN_MAX)


_READERS: dict[str, Any] = {
    "name": _name,
    "variant": _variant,
    "players": _players,
    "bot_level": lambda v: _choice(v, "bot_level", DIFFICULTIES),
    "timer": lambda v: _choice(v, "timer", TIMERS),
    "password": lambda v: _text(v, "password", PASSWORD_MAX),
    "table_bet": lambda v: _choice(v, "table_bet", TABLE_BETS),
    "starting_chips": lambda v: _choice(v, "starting_chips", STARTING_CHIPS),
    "code": lambda v: clean_code(_text(v, "code", 16)),
    "token": _token,
    "cards": _cards,
    "phrase": lambda v: _choice(v, "phrase", CHAT_PHRASES),
}


def parse_client(raw: str | bytes) -> Message:
    """One client message, checked; ``ProtocolError`` says what is wrong with it."""
    if isinstance(raw, bytes):
        raise ProtocolError("bad_message", "messages are JSON text, not binary frames")
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message may be at most {MAX_MESSAGE} bytes")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object with a 'type'")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        shown = str(kind)[:30] if isinstance(kind, (str, int, float)) else type(kind).__name__
        raise ProtocolError("unknown_type", f"unknown message type {shown!r}")
    if type(data.get("v")) is not int or data["v"] != VERSION:  # 1.0 and true are not the version 1
        raise ProtocolError("version", f"this server speaks protocol version {VERSION}; update the game")
    spec = CLIENT_MESSAGES[kind]
    extra = [k for k in data if k not in spec and k not in ("type", "v")]
    if extra:
        raise ProtocolError("bad_field", f"{kind} has no field {str(extra[0])[:30]!r}")
    out: Message = {"type": kind}
    for field, (reader, required) in spec.items():
        if field not in data:
            if required:
                raise ProtocolError("bad_field", f"{kind} needs {field!r}")
            continue
        out[field] = _READERS[reader](data[field])
    return out


def message(kind: str, **fields: Any) -> Message:
    """A server message of ``kind`` with its fields and the protocol version."""
    return {"type": kind, "v": VERSION, **fields}


def error(code: str, text: str, **fields: Any) -> Message:
    return message("error", code=code, message=text[:200], **fields)


__all__ = [
    "CHAT_PHRASES", "CLIENT_MESSAGES", "CODE_ALPHABET", "CODE_LENGTH", "ENDED_REASONS", "MAX_MESSAGE", "NAME_MAX",
    "SERVER_MESSAGES", "TIMERS", "VERSION", "Message", "ProtocolError", "clean_code", "clean_name", "decode_card",
    "decode_cards", "decode_event", "decode_result", "decode_rules", "decode_view", "encode_card", "encode_cards",
    "encode_combo", "encode_event", "encode_result", "encode_rules", "encode_view", "error", "message",
    "parse_client",
]  # fmt: skip
