"""The text a table sends after each move is exactly the view ``views.encode_view`` gives, move by move."""

from __future__ import annotations

import json
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


def test_a_deals_and_a_returning_seats_positions_are_each_seats_own_view_with_the_games_events():
    import asyncio

    from game.net.botpool import BotPool
    from game.net.codec import decode_cards
    from game.net.protocol import VERSION
    from game.net.seats import TableSettings, TableTimes
    from game.net.tables import Table

    class Link:
        address = "test"

        def __init__(self) -> None:
            self.sent: list[str] = []

        def send(self, message: dict | str) -> None:
            self.sent.append(message if isinstance(message, str) else dumps(message))

        def close(self, code: int = 1000, reason: str = "") -> None:
            pass

    def games(link: Link) -> list[dict]:
        return [m for m in map(json.loads, link.sent) if m["type"] == "game"]

    async def play() -> None:
        pool = BotPool(processes=0)
        rules = load_rules("mien-nam")
        table = Table("T", TableSettings(rules.id, players=3), rules, TableTimes(), pool, on_end=lambda t: None)
        links = [Link() for _ in range(3)]
        for link in links:
            table.sit(link, "P")
        table.handle(0, {"type": "start"})
        game = table.session.game
        for seat, link in enumerate(links):
            [sent] = games(link)
            assert sent["view"] == encode_view(game.view(seat)) and sent["v"] == VERSION and sent["game_no"] == 1
            assert sent["events"] == [encode_event(e) for e in game.log]
            assert sent["names"] == ["P", "P 2", "P 3"] and sent["totals"] == [0.0, 0.0, 0.0]
        for _ in range(5):  # a few moves (none after a win on the deal), then seat 1 comes back on a new link
            if game.is_over:
                break
            mover = game.current_player
            legal = game.legal_moves(mover)
            cards = list(legal[0]) if game.table is None else None
            table.handle(mover, {"type": "play", "cards": cards} if cards else {"type": "pass"})
        table.dropped(1, links[1])
        back = Link()
        assert table.come_back(back, table.seats[1].token) == 1
        [sent] = games(back)
        assert sent["view"] == encode_view(game.view(1)) and sent["events"] == [encode_event(e) for e in game.log]
        assert decode_cards(sent["view"]["hand"], 13) == tuple(game.hands[1])
        pool.shutdown()

    asyncio.run(play())
