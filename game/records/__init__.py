"""The files the game writes, as formats: how each is read, checked and brought up to date from its older
formats, in one place that the game's own loading (``ui/persist``) and the headless review
(``python3 -m game.review``) both use, so the two never read the same file differently.

``versioned``: every file's envelope (kind, format, migrations) · ``fields``: flat dataclasses field by field ·
``match_save``: the match in progress · ``history``: the kept games. Nothing here opens a file; the callers
read the text and decide where a bad file goes (docs/file-formats.md).
"""
