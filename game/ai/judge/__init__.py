"""The normal bot's judgement, which the searching bots, the hint and the coach share: a hand's plan
(``planner``), the unseen cards (``counting``), the chance a play is beaten (``odds``), what one decision
knows (``context``) and the tuned weights (``weights``, ``game/ai/params.json``)."""
