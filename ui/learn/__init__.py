"""Practice and lessons in the interface: their words, the lesson progress file, and their scenes."""
