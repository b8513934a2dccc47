"""Exact play when hands are short: a sure win against every answer (``surewin``), else the play that wins
the most deals solved exactly (``endgame``); ``finisher`` puts the two together for the searching bots."""
