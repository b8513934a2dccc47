"""The text a table sends after each move is exactly the view ``views.encode_view`` gives, move by move."""

from __future__ import annotations

import random

import pytest

from game import load_rules, new_game
from game.ai import make_bot
from game.net.protocol import encode_event, encode_view, message
from game.net.wire import ViewWire, dumps, events_head
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


@pytest.mark.parametrize("variant", list_variants())
def test_the_events_written_from_parts_equal_the_message_encoded_whole(variant):
    rules = load_rules(variant)
    for deal in range(3):
        game = new_game(rules, 4, rng=random.Random(deal))
        bots = [make_bot("normal", seed=s) for s in range(4)]
        kinds = set()
        while not game.is_over:
            seat = game.current_player
            move = bots[seat].choose(game.view(seat))
            events = game.play(move, seat) if move else game.pass_turn(seat)
            kinds |= {e.kind for e in events}
            for deadline, auto, reason in ((None, None, None), (12.3, seat, "timeout"), (0.0, 2, "away")):
                whole = dumps(message("events", game_no=deal + 1, events=[encode_event(e) for e in events],
                                      deadline=deadline, auto=auto, auto_reason=reason, view={"seat": 1}))
                assert events_head(deal + 1, events, deadline, auto, reason) + '{"seat":1}}' == whole
        assert {"played", "passed", "round_won", "game_over"} <= kinds
