"""What a stranger may call themselves and what text a join may carry: look-alikes of a name at the table are
refused, a lone surrogate is refused as a field like any other (never a server fault)."""

from __future__ import annotations

import json
import logging

from tests.net.hostile import RawLink
from tests.net.players import Player, pump_until
from tests.net.servers import close_all, running, seat_table


def _joined(url: str, code: str, name: str) -> Player:
    guest = Player(url, name)
    guest.client.join(code, name)
    pump_until([guest], lambda: guest.seat >= 0 or bool(guest.errors))
    return guest


def test_a_look_alike_of_a_persons_name_is_refused_and_a_fullwidth_copy_is_numbered():
    with running() as server:
        host = seat_table(server.url, "mien-nam", players=4, people=1)[0]  # "Host"
        cyrillic = _joined(server.url, host.code, "H\u043est")  # a Cyrillic о
        assert [e["code"] for e in cyrillic.errors] == ["name_taken"] and cyrillic.seat == -1
        fullwidth = _joined(server.url, host.code, "\uff28\uff4f\uff53\uff54")
        pump_until([host], lambda: len(host.seating.get("people", [])) == 2)
        assert host.seating["names"][fullwidth.seat] == "Host 2"
        close_all([host, cyrillic, fullwidth])


def test_a_stranger_cannot_take_or_mimic_the_name_a_bot_is_shown_under():
    with running() as server:
        host = seat_table(server.url, "mien-nam", players=4, people=1)[0]
        bots = [name for seat, name in enumerate(host.seating["names"]) if seat != 0]
        same = _joined(server.url, host.code, bots[0])
        mimic = _joined(server.url, host.code, bots[1].upper())
        greek = _joined(server.url, host.code, bots[2].replace("a", "\u03b1").replace("o", "\u03bf"))
        assert [e["code"] for e in same.errors + mimic.errors] == ["name_taken", "name_taken"]
        if greek.seat < 0:  # the name had an a or an o to forge
            assert [e["code"] for e in greek.errors] == ["name_taken"]
        close_all([host, same, mimic, greek])


def test_a_lone_surrogate_in_a_password_or_a_token_is_a_bad_field_and_no_fault(caplog):
    with running() as server, caplog.at_level(logging.ERROR, logger="tienlen.net"):
        host = seat_table(server.url, "mien-nam", players=4, people=1, password="pw")[0]
        raw = RawLink(server.port)
        try:
            for field in ("password", "token"):
                text = json.dumps({"type": "join", "v": 1, "code": host.code, "name": "Eve", field: "a"})
                raw.send_text(text.replace('"a"', '"a\\ud800"'))  # JSON's escape for a lone surrogate
            raw.send_text('{"type": "host", "v": 1, "name": "Eve", "variant": "mien-nam", "players": 2, '
                          '"bot_level": "easy", "timer": 0, "password": "\\udfff"}')  # fmt: skip
            raw.send({"type": "join", "code": host.code, "name": "Eve", "password": "pw"})
            answers = raw.messages(4)
        finally:
            raw.close()
        assert [a.get("code", a["type"]) for a in answers] == ["bad_field", "bad_field", "bad_field", "welcome"]
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
        host.close()


def test_a_message_of_version_one_point_nought_is_refused_as_another_version():
    with running() as server:
        raw = RawLink(server.port)
        try:
            raw.send_text(json.dumps({"type": "host", "v": 1.0, "name": "Eve", "variant": "mien-nam", "players": 2,
                                      "bot_level": "easy", "timer": 0}))  # fmt: skip
            assert [a.get("code") for a in raw.messages(1)] == ["version"]
        finally:
            raw.close()
