"""The map from the search's raw win chance to a calibrated one (``game.ai.hard.calibrated``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ai.hard import CALIBRATION, calibrated


def test_the_map_passes_through_its_points_and_is_flat_beyond_them() -> None:
    for raw, seen in CALIBRATION:
        assert abs(calibrated(raw) - seen) < 1e-9
    assert calibrated(0.0) == CALIBRATION[0][1] and calibrated(1.0) == CALIBRATION[-1][1]


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_the_map_keeps_the_order_of_chances_and_stays_a_chance(a: float, b: float) -> None:
    lo, hi = sorted((a, b))
    assert 0.0 <= calibrated(lo) <= calibrated(hi) <= 1.0
