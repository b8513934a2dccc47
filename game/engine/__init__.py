"""The rules engine: cards and combinations, one game's turns and rounds, a match, scoring, and the events and
views a game gives its players. ``game`` re-exports the public surface (docs/engine-api.md)."""
