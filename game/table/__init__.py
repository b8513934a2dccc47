"""The table's seats, without a window: the ``Session`` (a match and who sits where), the choices a match is
started with, and the computer players' runner and worker process. The window (``ui.table``) and the network
server drive a table through these."""
