"""The menus' fixtures (a launched app on the main menu, user folders in ``tmp_path``) for these tests too."""

from tests.menus.conftest import make_app, paths

__all__ = ["make_app", "paths"]
