"""The text a table sends after each move is exactly the view ``views.encode_view`` gives, move by move."""

from __future__ import annotations

import json
import random

import pytest

from game import load_rules, new_game
from game.ai import make_bot
from game.net.protocol import encode_view, message
from game.net.wire import ViewWire, dumps, splice
from game.rules.loader import list_variants


@pytest.mark.parametrize("variant", list_variants())
def test_the_views_built_from_parts_equal_the_views_encoded_whole(variant):
    rules = load_rules(variant)
    wire = ViewWire()
    for deal in range(3):
        game = new_game(rules, 4, rng=random.Random(deal))
        bots = [make_bot("normal", seed=s) for s in range(4)]
        while True:
            seats = [0, 1, 2, 3] if deal != 1 else [1, 3]  # only the people connected
            for seat, text in wire.views(game, seats).items():
                assert text == dumps(encode_view(game.view(seat)))  # the same text, key for key
            if game.is_over:
                break
            seat = game.current_player
            move = bots[seat].choose(game.view(seat))
            game.play(move, seat) if move else game.pass_turn(seat)


def test_a_spliced_message_is_the_message_with_the_text_in_place():
    head = message("events", game_no=2, events=[], deadline=None, auto=None)
    assert json.loads(splice(head, "view", '{"seat":1}')) == {**head, "view": {"seat": 1}}
