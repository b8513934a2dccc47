"""What the Play with friends screens remember between runs (``friends.json`` in the config folder, format
1): the player's name, the last hosted table's options (and whether to announce it on the local network), the
last address typed and the seat last taken as a
guest (its token, to come back to it). A password is never kept."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ui.persist.files import Notice
from ui.persist.paths import Paths
from ui.persist.settings_store import load_record, save_record

KIND = "friends"
FORMAT = 1
TIMERS = (0, 15, 30, 60)
DEFAULT_PORT = 7777

Level = Literal["easy", "normal", "hard", "expert"]


@dataclass
class FriendsPrefs:
    name: str = ""
    variant: str = ""
    seats: int = field(default=4, metadata={"min": 2, "max": 4})
    bot_level: Level = "normal"
    timer: int = field(default=30, metadata={"choices": TIMERS})
    #: "Announce my tables on the local network": a hosted table appears by itself in friends' Join screens
    #: (mDNS); off, friends type the address. Never beyond this machine while TIENLEN_LAN_DISCOVERY=0.
    announce: bool = True
    address: str = ""
    code: str = ""
    #: the last table joined as a guest and the token of its seat: joining it again (after the game was closed
    #: or the computer restarted) takes the same seat back while its match goes on
    seat_url: str = ""
    seat_code: str = ""
    seat_token: str = ""


def prefs_file(paths: Paths) -> Path:
    return paths.config / "friends.json"


def load_prefs(paths: Paths) -> tuple[FriendsPrefs, list[Notice]]:
    return load_record(prefs_file(paths), KIND, FORMAT, FriendsPrefs)


def save_prefs(paths: Paths, prefs: FriendsPrefs) -> None:
    """Write the file (a failure is not worth a notice: the screens just start blank next time)."""
    try:
        paths.config.mkdir(parents=True, exist_ok=True)
        save_record(prefs_file(paths), KIND, FORMAT, prefs)
    except OSError:
        pass
