"""The laboratory beside the game: measuring, tuning and diagnosing the computer players.

Nothing in ``game/`` or ``ui/`` imports it and the bundle leaves it out (tests/lab/test_apart.py,
pyinstaller.spec). Run its tools as modules from a checkout: ``python3 -m lab.arena``, ``python3 -m lab.decisions``.
"""
