"""Looking back at finished games: the replay viewer, the coach's review screen and the list of recent games."""
