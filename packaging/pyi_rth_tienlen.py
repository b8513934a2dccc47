"""PyInstaller runtime hook: runs inside the frozen game before main.py.

pygame prints a "Hello from the pygame community" banner on import; in a frozen game it would end up in front
of ``--version``'s answer (and in a windowed build, nowhere useful).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
