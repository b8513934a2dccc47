"""The player's files: settings, statistics, the match save and custom rules, in the platformdirs folders.

Every file is versioned JSON written atomically; one that cannot be used is set aside as
``<name>.corrupt-<time>`` and reported through a ``Notice``, and the game carries on with defaults.
"""
