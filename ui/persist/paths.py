"""Where the player's files live: the platformdirs folders for this app, or any folder a test chooses."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.version import APP_ID

#: Set to a folder to keep every user file under it (tests, portable installs); unset means platformdirs.
HOME_ENV = "TIENLEN_HOME"


@dataclass(frozen=True)
class Paths:
    """The three user folders; every file name the game reads or writes is a property here."""

    config: Path
    data: Path
    logs: Path

    @classmethod
    def default(cls) -> Paths:
        """The platformdirs folders for ``APP_ID``, unless ``$TIENLEN_HOME`` points elsewhere."""
        home = os.environ.get(HOME_ENV)
        if home:
            return cls.under(Path(home))
        dirs = platformdirs.PlatformDirs(APP_ID, appauthor=False)
        return cls(Path(dirs.user_config_dir), Path(dirs.user_data_dir), Path(dirs.user_log_dir))

    @classmethod
    def under(cls, root: Path) -> Paths:
        """All three folders inside ``root`` (a test's ``tmp_path``)."""
        root = Path(root)
        return cls(root / "config", root / "data", root / "logs")

    def ensure(self) -> None:
        for folder in (self.config, self.data, self.logs):
            folder.mkdir(parents=True, exist_ok=True)

    @property
    def settings_file(self) -> Path:
        return self.config / "settings.json"

    @property
    def new_match_file(self) -> Path:
        """The last choices on the New match screen."""
        return self.config / "new_match.json"

    @property
    def user_rules_file(self) -> Path:
        """A ``rules.yaml`` the player may write to add or override variants."""
        return self.config / "rules.yaml"

    @property
    def stats_file(self) -> Path:
        return self.data / "stats.json"

    @property
    def save_file(self) -> Path:
        """The match in progress."""
        return self.data / "match-save.json"
