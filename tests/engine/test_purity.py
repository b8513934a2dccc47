"""The engine, the AI and the table's seats are pure Python: importing every module under game/ loads neither
pygame nor anything of the window (ui/)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_no_module_under_game_imports_pygame_or_the_ui():
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / "game").rglob("*.py")
        if path.name != "__main__.py"
    )
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'ui.')) or m == 'ui')\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
