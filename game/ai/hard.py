"""The hard bot (khó): normal's judgement plus search over the hidden hands."""

from __future__ import annotations

from game.ai.normal import NormalBot


class HardBot(NormalBot):
    """For now, the normal bot; the search lands next."""

    level = "hard"
