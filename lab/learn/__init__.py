"""Training the learned opponent (the master level): encoding in ``game.ai.learned``, self-play here."""
