"""The map from the search's raw win chance to a calibrated one (``game.ai.hard.calibrated``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ai.hard import CALIBRATION, CALIBRATION_MATCH, calibrated


@pytest.mark.parametrize("points", [CALIBRATION, CALIBRATION_MATCH])
def test_the_map_passes_through_its_points_and_is_flat_beyond_them(points: tuple[tuple[float, float], ...]) -> None:
    for raw, seen in points:
        assert abs(calibrated(raw, points) - seen) < 1e-9
    assert calibrated(0.0, points) == points[0][1] and calibrated(1.0, points) == points[-1][1]
    assert all(a < b and c < d for (a, c), (b, d) in zip(points, points[1:], strict=False))


@given(st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_the_map_keeps_the_order_of_chances_and_stays_a_chance(a: float, b: float) -> None:
    lo, hi = sorted((a, b))
    for points in (CALIBRATION, CALIBRATION_MATCH):
        assert 0.0 <= calibrated(lo, points) <= calibrated(hi, points) <= 1.0
