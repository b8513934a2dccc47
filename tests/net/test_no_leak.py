"""No message to a seat ever holds another seat's hidden cards: whole games over real sockets, every byte each
client received kept, and each frame checked against the game's record once the game is over."""

from __future__ import annotations

import json
import re

import pytest

from game.engine.cards import parse_cards
from tests.net.players import Player, pump_until
from tests.net.servers import close_all, running, seat_table

CARD = re.compile(r"(?<![A-Za-z0-9])((?:[2-9TJQKA]|10)[scdh])(?![A-Za-z0-9])")  # "3s", or in "3s 4s"
GAMES = 5


def cards_in(frame: str) -> set:
    return set(parse_cards(set(CARD.findall(frame))))


def is_reveal(data: dict) -> bool:
    """The frame where the game shows every hand face up: its end (or an instant win, shown as dealt)."""
    if data["type"] == "game_over":
        return True
    return any(e["kind"] in ("game_over", "instant_win") for e in data.get("events", []))


def check_frames(player: Player, seat: int, records: dict[int, dict]) -> int:
    """Every frame ``player`` received names only cards of its own hand or cards already played face up."""
    checked = 0
    assert player.client.raw is not None
    for raw in player.client.raw:
        assert isinstance(raw, str)
        data = json.loads(raw)
        if data["type"] == "welcome":  # the table's rules are words ("2s and bombs priced higher"), not cards,
            del data["table"]["rules"]  # and the seat's token is random text ("…_6d-…" can read as a card)
            del data["token"]
            raw = json.dumps(data)
        if data["type"] not in ("game", "events", "game_over"):
            assert not cards_in(raw), f"{data['type']} names cards"
            continue
        if is_reveal(data) or data["game_no"] not in records:
            continue
        record = records[data["game_no"]]
        seen = len(data["view"]["history"])
        shown = {c for a in record["actions"][:seen] if a[0] == "play" for c in parse_cards(a[2])}
        own = set(parse_cards(record["hands"][seat]))
        hidden = {c for h in record["hands"] for c in parse_cards(h)} - own - shown
        leaked = cards_in(raw) & hidden
        assert not leaked, f"seat {seat} was sent hidden cards {leaked} in game {data['game_no']}"
        checked += 1
    return checked


@pytest.mark.parametrize(("variant", "seats", "people", "timer"), [
    ("mien-nam", 4, 4, 0), ("xep-hang", 4, 2, 0), ("dem-la", 3, 3, 15), ("co-dien", 2, 2, 0),
])  # fmt: skip
def test_no_client_ever_receives_a_hidden_card_of_another_seat(variant, seats, people, timer):
    with running() as server:
        players = seat_table(server.url, variant, players=seats, people=people, timer=timer, keep_raw=True)
        players[0].client.start_match()
        pump_until(players, lambda: all(len(p.records) >= GAMES for p in players), timeout=60)
        close_all(players)
        records = dict(enumerate(players[0].records, start=1))
        checked = sum(check_frames(p, p.seat, records) for p in players)
        assert checked >= GAMES * people * 10  # dozens of frames a game, each checked


def test_a_seat_taken_back_mid_game_is_shown_only_its_own_hand():
    with running() as server:
        host, guest = seat_table(server.url, "mien-nam", players=3, people=2, keep_raw=True)
        host.client.start_match()
        pump_until([host, guest], lambda: guest.view is not None and len(guest.view.history) >= 2)
        guest.client.drop()
        pump_until([host], lambda: host.seating.get("kinds", [""] * 3)[1] == "bot")
        back = Player(server.url, "Guest 1", keep_raw=True)
        back.client.join(host.code, "Guest 1", token=guest.token)
        pump_until([host, back], lambda: len(back.records) >= 2 and len(host.records) >= 2)
        close_all([host, back])
        records = dict(enumerate(host.records, start=1))
        assert check_frames(back, 1, records) > 5
        assert check_frames(guest, 1, records) > 0


def test_the_check_itself_catches_a_hidden_card_slipped_into_a_frame():
    with running() as server:
        players = seat_table(server.url, "co-dien", players=2, people=2, keep_raw=True)
        players[0].client.start_match()
        pump_until(players, lambda: all(len(p.records) >= 2 for p in players), timeout=30)
        close_all(players)
        records = dict(enumerate(players[0].records, start=1))
        raw = players[0].client.raw
        assert raw is not None
        at = next(i for i, f in enumerate(raw) if '"type":"events"' in f and not is_reveal(json.loads(f)))
        frame = json.loads(raw[at])
        record = records[frame["game_no"]]
        seen = record["actions"][: len(frame["view"]["history"])]
        played = {c for a in seen if a[0] == "play" for c in parse_cards(a[2])}
        hidden = [c for c in parse_cards(record["hands"][1]) if c not in played]  # seat 1 still holds them
        frame["view"]["hand"].append(hidden[0].ascii)
        raw[at] = json.dumps(frame)
        with pytest.raises(AssertionError, match="hidden cards"):
            check_frames(players[0], 0, records)
