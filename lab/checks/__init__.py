"""One-question diagnostics of the computer players, each a module run as ``python3 -m lab.checks.NAME``."""
