"""Reading a rules file's YAML into plain data with the line of every field, whatever the file holds.

A player's ``rules.yaml`` may be pasted from anywhere, so every way a file could stop or stall the game is
bounded here and becomes a ``RulesError`` naming the file and the line: a file over ``MAX_FILE_BYTES`` (only
that much is ever read), text that is not UTF-8, nesting deeper than ``MAX_DEPTH`` (checked on the way in,
so Python's recursion limit is never near), more than ``MAX_NODES`` values once aliases are expanded (an
alias is shared, never copied, so an "alias bomb" costs its count, not its size), an over-long value, a
number Python cannot read, a duplicate key, an unknown tag. The tree is built from the parser's events
without recursion; libyaml parses when it is available (ten times faster than the pure-Python parser).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from game.rules.variant import RulesError
from game.safe_file import KIND_WORDS, NotAFile, TooBig, problem_code, read_bounded

MAX_FILE_BYTES = 256 * 1024  # the built-in rules.yaml is about 6 KB
MAX_DEPTH = 24
MAX_NODES = 100_000
MAX_SCALAR = 4000

Lines = dict[tuple[str, ...], int]
# A rules error is one line of English (the server prints it; the game shows it under its own words).
_OS_WORDS = {"permission": "permission denied", "not_folder": "part of the path is not a folder",
             "link_loop": "its links go round in a loop", "disk_error": "a disk error", "busy": "the file is busy"}

_Loader: Any = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
_resolver = yaml.SafeLoader("")
_STR, _INT, _FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_BOOL, _NULL = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"


def read_text(path: Path, name: str) -> str:
    """The file's text; refuses what is too large, UTF-16, binary or not UTF-8."""
    try:
        raw = read_bounded(path, MAX_FILE_BYTES)  # a FIFO or a device is refused unopened: it never blocks
    except TooBig:
        raise RulesError(name, None, "", f"the file is larger than {MAX_FILE_BYTES // 1024} KB; a rules file "
                                         "is a few KB of text") from None
    except NotAFile as exc:
        raise RulesError(name, None, "", f"it is {KIND_WORDS[exc.what]}, not a file of "
                                         "text: give the path of a rules.yaml") from None
    except OSError as exc:
        raise RulesError(name, None, "", f"cannot read it: {_OS_WORDS.get(problem_code(exc), 'the system refused')}"
                         ) from None
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise RulesError(name, 1, "", "the file is UTF-16 text; save it as UTF-8")
    raw = raw.removeprefix(b"\xef\xbb\xbf")
    zero = raw.find(b"\x00")
    if zero >= 0:
        raise RulesError(name, raw.count(b"\n", 0, zero) + 1, "", "the file holds binary data, not text")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise RulesError(name, line, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8") from None


class _Frame:
    __slots__ = ("value", "path", "anchor", "key", "seen")

    def __init__(self, value: dict[str, Any] | list[Any], path: tuple[str, ...], anchor: str | None) -> None:
        self.value, self.path, self.anchor = value, path, anchor
        self.key: str | None = None
        self.seen: dict[str, int] = {}


class _Builder:
    """Turns parser events into dicts, lists and scalars, recording each field's line in ``lines``."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.lines: Lines = {}
        self.stack: list[_Frame] = []
        self.anchors: dict[str, tuple[Any, int]] = {}  # anchor -> (value, values inside it)
        self.sizes: list[int] = []  # values so far inside each open collection, for anchored ones
        self.nodes = 0
        self.root: Any = None
        self.documents = 0

    def fail(self, event: Any, message: str, path: tuple[str, ...] = ()) -> RulesError:
        return RulesError(self.name, event.start_mark.line + 1, ".".join(path), message)

    def here(self) -> tuple[str, ...]:
        if not self.stack:
            return ()
        top = self.stack[-1]
        if isinstance(top.value, list):
            return top.path + (str(len(top.value)),)
        return top.path + ((top.key,) if top.key is not None else ())

    def count(self, event: Any, n: int) -> None:
        self.nodes += n
        for i in range(len(self.sizes)):
            self.sizes[i] += n
        if self.nodes > MAX_NODES:
            raise self.fail(event, f"more than {MAX_NODES:,} values (counting what its aliases repeat)")

    def feed(self, event: Any) -> None:
        if isinstance(event, yaml.DocumentStartEvent):
            self.documents += 1
            if self.documents > 1:
                raise self.fail(event, "more than one YAML document (a second '---')")
        elif isinstance(event, yaml.ScalarEvent):
            self.add(event, self.scalar(event), event.anchor, 1)
        elif isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                raise self.fail(event, f"unknown alias *{_cut(str(event.anchor))}", self.here())
            value, size = self.anchors[event.anchor]
            self.add(event, value, None, size)
        elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            self.open(event)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            frame = self.stack.pop()
            size = self.sizes.pop()
            if frame.anchor is not None:
                self.anchors[frame.anchor] = (frame.value, size)
            self.place(frame.value)

    def open(self, event: Any) -> None:
        if self.stack and isinstance(self.stack[-1].value, dict) and self.stack[-1].key is None:
            raise self.fail(event, "a key must be plain text, not a list or a mapping", self.stack[-1].path)
        self.check_tag(event, "tag:yaml.org,2002:map" if isinstance(event, yaml.MappingStartEvent)
                       else "tag:yaml.org,2002:seq")
        path = self.here()
        if len(self.stack) >= MAX_DEPTH:
            raise self.fail(event, f"nested more than {MAX_DEPTH} levels deep", path)
        self.count(event, 1)
        self.lines.setdefault(path, event.start_mark.line + 1)
        self.stack.append(_Frame({} if isinstance(event, yaml.MappingStartEvent) else [], path, event.anchor))
        self.sizes.append(1)

    def add(self, event: Any, value: Any, anchor: str | None, size: int) -> None:
        self.count(event, size)
        if anchor is not None:
            self.anchors[anchor] = (value, 1)
        top = self.stack[-1] if self.stack else None
        if top is not None and isinstance(top.value, dict) and top.key is None:
            key = _cut(str(value), 200) if not isinstance(value, (dict, list)) else None
            if key is None:
                raise self.fail(event, "a key must be plain text", top.path)
            if key in top.seen:
                raise self.fail(event, f"duplicate key {key!r} (also on line {top.seen[key]})", top.path + (key,))
            top.key = key
            top.seen[key] = event.start_mark.line + 1
            self.lines.setdefault(top.path + (key,), top.seen[key])
            return
        self.lines.setdefault(self.here(), event.start_mark.line + 1)
        self.place(value)

    def place(self, value: Any) -> None:
        if not self.stack:
            self.root = value
            return
        top = self.stack[-1]
        if isinstance(top.value, list):
            top.value.append(value)
        else:
            assert top.key is not None
            top.value[top.key] = value
            top.key = None

    def check_tag(self, event: Any, plain: str) -> None:
        tag = event.tag
        if tag not in (None, "!", plain) and not (tag == _STR and plain.endswith("str")):
            raise self.fail(event, f"the tag {_cut(tag)} is not allowed in a rules file", self.here())

    def scalar(self, event: Any) -> Any:
        if len(event.value) > MAX_SCALAR:
            raise self.fail(event, f"a value longer than {MAX_SCALAR} characters", self.here())
        tag = event.tag
        if tag in (None, "!"):
            tag = _STR if tag == "!" else _resolver.resolve(yaml.ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
        node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            if tag == _INT:
                return _resolver.construct_yaml_int(node)
            if tag == _FLOAT:
                return _resolver.construct_yaml_float(node)
            if tag == _BOOL:
                return _resolver.construct_yaml_bool(node)
            if tag == _NULL:
                return None
            if tag in (_STR, _TIMESTAMP):
                return event.value
        except ValueError:
            raise self.fail(event, f"cannot read the number {_cut(event.value)}", self.here()) from None
        raise self.fail(event, f"the tag {_cut(tag)} is not allowed in a rules file", self.here())


def parse(text: str, name: str) -> tuple[Any, Lines]:
    """The document as dicts, lists and scalars, and the line of every path in it."""
    builder = _Builder(name)
    try:
        for event in yaml.parse(text, Loader=_Loader):
            builder.feed(event)
    except yaml.reader.ReaderError as exc:  # a character YAML forbids anywhere: it has no mark, only a position
        char = exc.character
        char = chr(char) if isinstance(char, int) else char.decode("latin-1") if isinstance(char, bytes) else char
        at = text.find(char)  # never allowed, so its first place is where reading stopped (libyaml counts bytes)
        line = text.count("\n", 0, at) + 1 if at >= 0 else None
        raise RulesError(name, line, "", f"not valid YAML: the character U+{ord(char[:1] or ' '):04X} is not "
                                         "allowed (a control character); delete it") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise RulesError(name, mark.line + 1 if mark else None, "", f"not valid YAML: {_cut(problem, 120)}") from None
    return builder.root, builder.lines


def _cut(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
