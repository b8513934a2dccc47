"""Training the learned opponent (the master level): encoding in ``game.ai.learned``, self-play here."""

import game.ai.learned  # noqa: F401 - first, so numpy's linear algebra runs on one thread (see there)
