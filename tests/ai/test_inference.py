"""What an opponent's leads and follows say about its hand (``game.ai.reading.inference``): loose singles are shed
first, so a lead or a follow over one makes a hand holding it unlikely; cards kept in groups say nothing.
The fast weighing and drawing give exactly the weights, deals and random numbers of the plain reading
(``tests/ai/inference_reference.py``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.playouts.plays import PAIR, SINGLE, all_plays
from game.ai.reading.inference import FOLLOW_LOOSE, LEAD_LOOSE, Clue, Inference
from game.engine.game import new_game
from game.engine.view import SeatView
from game.rules import load_rules
from lab.bots import make_bot
from tests.ai import inference_reference as reference
from tests.ai.test_fastshapes import plays
from tests.ai.test_styles import played_game, single

FIVE, SEVEN, NINE, KING = 8, 16, 24, 40  # the spade of each rank as a simulator card number (rank * 4 + suit)


def reader() -> tuple[Inference, int]:
    game = played_game(["normal"] * 4, 0, stop=0)
    inference = Inference(game.view(game.current_player), 8, 0.5)
    return inference, inference.opps[0]


def test_a_single_led_over_a_loose_lower_single_is_unlikely_over_a_lower_pair_it_is_not() -> None:
    inference, seat = reader()
    inference.clues[seat] = [Clue("lead", None, single(NINE), 0, 13)]
    king = 1 << KING
    plain = inference.weight(seat, king)
    assert inference.weight(seat, king | 0b11 << FIVE) == plain  # a pair of fives kept: nothing said
    assert inference.weight(seat, king | 1 << FIVE) == plain * LEAD_LOOSE[SINGLE][1]  # a loose five
    assert inference.weight(seat, king | 1 << FIVE | 1 << (FIVE + 12)) == plain * LEAD_LOOSE[SINGLE][2]


def test_a_pair_led_over_a_loose_single_says_less_than_a_single_would() -> None:
    inference, seat = reader()
    inference.clues[seat] = [Clue("lead", None, (PAIR, 2, NINE + 1, 0b11 << NINE), 0, 13)]
    king = 1 << KING
    assert inference.weight(seat, king | 1 << FIVE) == inference.weight(seat, king) * LEAD_LOOSE[PAIR][1]
    assert LEAD_LOOSE[SINGLE][1] < LEAD_LOOSE[PAIR][1] < 1


def test_a_single_followed_over_a_loose_single_in_between_is_unlikely() -> None:
    inference, seat = reader()
    inference.clues[seat] = [Clue("follow", single(FIVE), single(NINE), 0, 13)]
    king = 1 << KING
    plain = inference.weight(seat, king)
    assert inference.weight(seat, king | 1 << SEVEN) == plain * FOLLOW_LOOSE  # why not the seven?
    assert inference.weight(seat, king | 0b11 << SEVEN) == plain  # the sevens are a pair: kept


# -- the fast weighing and drawing give exactly what the plain reading gives -------------------------------

#: Random cards, with some ranks held whole (bombs) and some pairs in a row (pair runs) among them.
hands = st.builds(
    lambda cards, quads, start, pairs: sum(1 << x for x in set(cards)) | sum(15 << (4 * r) for r in quads)
    | sum(3 << (4 * r) for r in range(start, min(12, start + pairs))),
    st.lists(st.integers(0, 51), max_size=12), st.lists(st.integers(0, 11), max_size=1),
    st.integers(0, 11), st.sampled_from([0, 0, 3, 4]),
)  # fmt: skip
TWOS = 48  # the 2 of spades as a card number: the 2s are 48 to 51
#: Any play, or a single 2 or a pair of 2s (what a bomb can chop).
tables = st.one_of(
    plays(),
    st.sampled_from([(SINGLE, 1, c, 1 << c) for c in range(TWOS, 52)]
                    + [(PAIR, 2, b, 1 << a | 1 << b) for a in range(TWOS, 52) for b in range(a + 1, 52)]),
)  # fmt: skip


@st.composite
def near(draw: st.DrawFn, low: int) -> int:
    """Some cards of the four ranks from ``low`` and of the 2s: pairs, singles and runs close to one another."""
    return draw(st.integers(0, (1 << 16) - 1)) << (4 * low) | draw(st.integers(0, 15)) << TWOS


@st.composite
def clue(draw: st.DrawFn, low: int | None) -> Clue:
    """A pass, lead or follow of any shapes (2s and bombs among them), with cards played later; all of them
    near rank ``low`` unless None."""
    cards = hands if low is None else near(low)
    shapes = tables if low is None else cards.flatmap(lambda m: st.sampled_from(sorted(all_plays(m | 1))))
    kind = draw(st.sampled_from(["pass", "lead", "follow"]))
    table = draw(shapes) if kind != "lead" else None
    play = draw(shapes) if kind != "pass" else None
    later = draw(cards) & ~(play[3] if play is not None else 0)
    sizes = [t[3].bit_count() for t in (table, play) if t is not None]
    size = draw(st.one_of(st.sampled_from(sizes or [1]), st.integers(1, 13)))
    return Clue(kind, table, play, later, size, draw(st.booleans()))


@st.composite
def cases(draw: st.DrawFn) -> tuple[list[Clue], int]:
    """A few clues and a hand: anywhere, or all close to one rank (where pairs and runs meet the tables)."""
    low = draw(st.one_of(st.none(), st.integers(0, 9)))
    return draw(st.lists(clue(low), max_size=6)), draw(hands if low is None else near(low))


@settings(max_examples=800, deadline=None)
@given(cases(), st.integers(0, 3), st.booleans(), st.sampled_from([0.0, 0.3, 0.5, 1.0]))
def test_a_hand_weighs_exactly_what_the_plain_reading_makes_it(
    case: tuple[list[Clue], int], leads: int, quad_on_pair: bool, prior: float
) -> None:
    read, hand = case
    inference, seat = reader()
    inference.clues[seat], inference.leads[seat], inference.quad_on_pair = read, leads, quad_on_pair
    inference.prior[seat] = prior
    for c in read:  # the hand held now: none of the cards played then or later
        hand &= ~c.later & ~(c.play[3] if c.play is not None else 0)
    assert inference.weigh(seat, hand) == reference.weigh(read, leads, quad_on_pair, prior, hand)


def test_every_hand_of_two_ranks_weighs_what_the_plain_reading_makes_it_after_a_pair() -> None:
    inference, seat = reader()
    nine = 24  # 9♠ as a card number; 10♠ is 28
    for a in range(4):
        for b in range(a + 1, 4):
            pair = (PAIR, 2, nine + b, 1 << (nine + a) | 1 << (nine + b))
            read = [Clue("pass", pair, None, 0, 13), Clue("follow", pair, (PAIR, 2, 51, 0b11 << 50), 0, 13, True)]
            inference.clues[seat] = read
            for hand in range(1 << 8):
                hand = hand << nine | 1  # and the 3♠
                assert inference.weigh(seat, hand) == reference.weigh(read, inference.leads[seat], False, 0.5, hand)


def views() -> list[SeatView]:
    """Every few decisions of a few games among normal bots: four and three players, three variants."""
    out = []
    for variant, players, seed in (("mien-nam", 4, 1), ("mien-nam", 3, 2), ("dem-la", 4, 3), ("xep-hang", 4, 4)):
        game = new_game(load_rules(variant), players=players, seed=seed)
        bots = [make_bot("normal", seed=seed * 10 + s) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            out.append(game.view(seat))
            move = bots[seat].choose(out[-1])
            game.pass_turn(seat) if move is None else game.play(move, seat)
    return out[::3]


def test_a_deal_drawn_is_the_one_the_plain_reading_draws_from_the_same_random_numbers() -> None:
    # One-card opponents, the last opponent's whole pool, short pools and long ones all come up here.
    for k, view in enumerate(views()):
        others = [s for s in range(view.players) if s != view.seat]
        for tries, prior in ((24, 0.5), (3, {s: 0.2 + 0.2 * s for s in others})):
            inference = Inference(view, tries, prior)
            mine, theirs = random.Random(k), random.Random(k)
            for _ in range(2):
                assert inference.draw(mine) == reference.draw(inference, theirs)
                assert mine.getstate() == theirs.getstate()  # the same random numbers taken
