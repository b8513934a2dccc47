"""What an opponent's leads and follows say about its hand (``game.ai.inference``): loose singles are shed
first, so a lead or a follow over one makes a hand holding it unlikely; cards kept in groups say nothing."""

from __future__ import annotations

from game.ai.fastrules import PAIR, SINGLE
from game.ai.inference import FOLLOW_LOOSE, LEAD_LOOSE, Clue, Inference
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
