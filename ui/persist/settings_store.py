"""The player's settings on disk: ``settings.json`` in the config folder, format 1.

The fields themselves are the UI's ``ui.settings_model.Settings`` dataclass; this module only stores it.
A file that is not a settings file at all is set aside and the defaults used; a file with a few bad values
is also kept aside (as evidence) but its good values are used, and the notice names the values reset.
"""

from __future__ import annotations

import locale
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeVar

from game.records.fields import record_from_dict, record_to_dict
from ui.persist.files import FileProblem, Migration, Notice, aside_name, read_versioned, write_versioned
from ui.persist.paths import Paths

KIND = "settings"
FORMAT = 1
MIGRATIONS: dict[int, Migration] = {}  # format N -> function turning a format N document into N+1

R = TypeVar("R")


def settings_class() -> type[Any]:
    from ui.settings_model import Settings

    return Settings


def load_record(
    path: Path, kind: str, version: int, cls: type[R], migrations: Mapping[int, Migration] | None = None
) -> tuple[R, list[Notice]]:
    """Read a flat dataclass file; never raises for bad contents, always returns something usable."""

    def validate(data: dict[str, Any]) -> tuple[R, list[str]]:
        values = data.get("values")
        if not isinstance(values, dict):
            raise FileProblem(f"'values' should be an object, found {type(values).__name__}")
        return record_from_dict(cls, values)

    loaded = read_versioned(path, kind, version, migrations or {}, validate)
    if loaded.value is None:
        return cls(), [loaded.notice] if loaded.notice else []
    record, bad = loaded.value
    clamp = getattr(record, "clamp", None)
    if clamp is not None:  # the model's own ranges: a value it pulls back counts as a bad value
        before = record_to_dict(record)
        clamp()
        bad += [k for k, v in record_to_dict(record).items() if before[k] != v and k not in bad]
    if not bad:
        return record, []
    kept = _keep_copy(path)
    notice = Notice("notice.values_reset", {"file": path.name, "fields": ", ".join(bad), "kept": kept})
    return record, [notice]


def _keep_copy(path: Path) -> str:
    """Keep the file as found beside the fixed one; returns the copy's name (empty if copying failed)."""
    try:
        target = aside_name(path)
        shutil.copyfile(path, target)
        return target.name
    except OSError:
        return ""


def save_record(path: Path, kind: str, version: int, record: Any) -> None:
    write_versioned(path, kind, version, {"values": record_to_dict(record)})


def load_settings(paths: Paths, cls: type[Any] | None = None) -> tuple[Any, list[Notice]]:
    """The saved settings (defaults for anything missing or bad) and the notices to show. On the very first
    start (no settings file yet), and whenever the saved language is lost (the file set aside, too big, not a
    file or unreadable, or its language reset as a bad value), the language follows the system's: Vietnamese
    for a Vietnamese locale, English otherwise — never one language for everybody."""
    first_start = not os.path.lexists(paths.settings_file)
    settings, notices = load_record(paths.settings_file, KIND, FORMAT, cls or settings_class(), MIGRATIONS)
    # any notice but a few values reset means the file's language was not read (set aside, too big, a folder,
    # unreadable): the player gets the system's, as on a first start, not one language for everybody
    lost = any(n.key != "notice.values_reset" or "language" in str(n.fields.get("fields", "")).split(", ")
               for n in notices)  # fmt: skip
    if (first_start or lost) and hasattr(settings, "language"):
        settings.language = system_language()
    return settings, notices


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """``"vi"`` when the system's language is Vietnamese, else ``"en"``: the variables gettext reads
    (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then the locale (Windows and macOS set no variables)."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "").split(":")[0]
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return _language_of(value)
    try:
        found = locale.getlocale()[0] or ""
    except (ValueError, TypeError):
        found = ""
    if not found and sys.platform == "win32":
        found = _windows_ui_language()
    return _language_of(found)


def _language_of(name: str) -> str:
    return "vi" if name.lower().startswith(("vi", "vietnam")) else "en"


def _windows_ui_language() -> str:
    try:
        import ctypes

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return ""
    return "vi" if lcid & 0x3FF == 0x2A else ""  # 0x2A: LANG_VIETNAMESE


def save_settings(paths: Paths, settings: Any) -> None:
    save_record(paths.settings_file, KIND, FORMAT, settings)
