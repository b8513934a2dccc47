"""Playing with friends over a network: the versioned protocol (``protocol``, ``codec``), the table server
(``server``, ``lobby``, ``tables``) and the client library (``client.TableClient``). Pure Python: the window's
side lives in ``ui/net/``. The messages are described in docs/protocol.md."""
