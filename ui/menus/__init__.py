"""Around the table: the main menu, New match, Settings, Rules, Statistics and the quit confirmation."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host, Scene


def start_scene(app: Host, profile: Profile) -> Scene:
    """The first screen of a normal launch."""
    from ui.menus.main_menu import MainMenu

    return MainMenu(app, profile)
