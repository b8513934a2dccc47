"""The bit-parallel shapes of the playout player (``game.ai.playouts.shapes``) and readings of the inference give
exactly what the rank-by-rank readings (``tests/ai/shapes_reference.py``, ``inference_reference.py``) give,
on random hands, tables and unseen cards."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.playouts import shapes as fastshapes
from game.ai.playouts.plays import all_plays
from game.ai.reading import inference, readings, weighing
from tests.ai import inference_reference
from tests.ai import shapes_reference as reference

#: A few cards (like a playout's hands late in a game) or many (a fresh hand, or everything unseen).
cards = st.one_of(
    st.lists(st.integers(0, 51), max_size=14).map(lambda xs: sum(1 << x for x in set(xs))),
    st.integers(0, (1 << 52) - 1),
)


@st.composite
def plays(draw: st.DrawFn) -> tuple[int, int, int, int]:
    """A play of any shape (singles to long pair runs, 2s and bombs among them)."""
    hand = draw(st.lists(st.integers(0, 51), min_size=1, max_size=12).map(lambda xs: sum(1 << x for x in set(xs))))
    return draw(st.sampled_from(sorted(all_plays(hand))))


@settings(max_examples=400, deadline=None)
@given(cards, plays())
def test_beaters_are_the_reference_ones(hand: int, table: tuple[int, int, int, int]) -> None:
    assert fastshapes.beaters(hand, table) == reference.beaters(hand, table)


@settings(max_examples=400, deadline=None)
@given(plays(), cards, st.integers(0, 13))
def test_holds_as_the_reference(p: tuple[int, int, int, int], unseen: int, room: int) -> None:
    assert fastshapes.holds(p, unseen, room) == reference.holds(p, unseen, room)
    assert fastshapes._no_bomb(p, unseen, room) == reference._no_bomb(p, unseen, room)


@settings(max_examples=300, deadline=None)
@given(cards)
def test_bomb_hint_and_counts_as_the_reference(hand: int) -> None:
    assert fastshapes.may_bomb(hand) == reference.may_bomb(hand)
    c = fastshapes.counts(hand)
    assert [c >> (4 * r) & 15 for r in range(13)] == [(hand >> (4 * r) & 15).bit_count() for r in range(13)]


@settings(max_examples=400, deadline=None)
@given(cards, plays(), st.booleans())
def test_inference_readings_as_the_reference(hand: int, table: tuple[int, int, int, int], quad_on_pair: bool) -> None:
    assert readings.beats_same_shape(hand, table) == inference_reference.beats_same_shape(hand, table)
    assert readings.can_chop(hand, table, quad_on_pair) == inference_reference.can_chop(hand, table, quad_on_pair)
    loose = readings.loose_ranks(fastshapes.counts(hand)) & weighing._BELOW_ACE  # as the inference counts them
    assert loose.bit_count() == inference_reference.loose_cards(hand)
    assert readings.could_beat(hand, table) == inference_reference.could_beat(hand, table)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), unique=True, max_size=52), st.integers(0, 52), st.integers(0, 2**32))
def test_a_sampled_hand_is_the_one_random_sample_draws(pool: list[int], k: int, seed: int) -> None:
    k = min(k, len(pool))
    mine, theirs = random.Random(seed), random.Random(seed)
    assert inference.sample_mask(mine, pool, k) == sum(1 << c for c in theirs.sample(pool, k))
    assert mine.getstate() == theirs.getstate()  # the same random numbers used
