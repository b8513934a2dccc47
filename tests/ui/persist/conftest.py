from __future__ import annotations

import pytest

from ui.persist.paths import Paths


@pytest.fixture
def paths(tmp_path, monkeypatch) -> Paths:
    """User folders inside ``tmp_path``; ``$TIENLEN_HOME`` points there too so subprocesses agree."""
    monkeypatch.setenv("TIENLEN_HOME", str(tmp_path / "home"))
    p = Paths.default()
    p.ensure()
    return p

