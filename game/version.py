"""The game's version, shown in About and by ``--version``."""

VERSION = "0.3.0"
APP_NAME = "Tiến Lên"
APP_ID = "tienlen"
