"""The playouts: a compact game simulator on bitmasks (``sim``, with its cards and plays in ``plays``) and the
players that play it out: ``normal_like`` decides as the tuned normal bot does (its plans ``plan``/``control``,
its follows ``follow``, its hand shapes ``shapes``), ``easy_like`` as the easy bot, and ``players`` holds the
player protocol, the lowest-play player and the playout loop. They are the twins of the engine's ``Game`` and
of the normal and easy bots, kept because a playout on them is many times faster (docs/ai.md)."""
