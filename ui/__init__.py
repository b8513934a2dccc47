"""The pygame front end: scenes, widgets, card sprites, tweens and sound. Reads the engine; never decides a rule."""
