"""The Rules screen's text, generated from a variant's ``Rules`` so it is always true to ``rules.yaml``.

``reference(rules)`` gives lines as ``("h", text)`` headings, ``("p", text)`` paragraphs,
``("row", left, right)`` table rows and ``("cards", cards, caption)`` small card pictures (cards as
``"7d 7h > 7s 7c"``: groups of cards, ``>`` between them), in the current language. It opens with
``how_to_play()``, the same for every variant. The bombing table is worked out by asking the
engine's own ``rules.can_beat`` about sample plays, so it cannot drift from what the game allows.
"""

from __future__ import annotations

from game.engine import amounts
from game.engine.cards import parse_cards
from game.engine.combos import Combo, classify
from game.rules import Rules
from ui.i18n import language, t
from ui.table.words import place_word

Line = tuple[str, ...]  # ("h" heading | "s" subheading | "p" | "row" | "cards", ...)

_TARGETS = (
    ("single_two", "2s", "2h"),
    ("pair_two", "2s 2c", "2d 2h"),
    ("triple_two", "2s 2c 2d", None),
    ("pair_run_3", "3s 3c 4s 4c 5s 5c", "Qs Qc Ks Kc As Ac"),
    ("quad", "3s 3c 3d 3h", "As Ac Ad Ah"),
    ("pair_run_4", "3s 3c 4s 4c 5s 5c 6s 6c", "Js Jc Qs Qc Ks Kc As Ac"),
)
_BOMBS = (
    ("pair_run_3", "Qs Qc Ks Kc As Ac"),
    ("quad", "As Ac Ad Ah"),
    ("pair_run_4", "Js Jc Qs Qc Ks Kc As Ac"),
    ("pair_run_5", "Ts Tc Js Jc Qs Qc Ks Kc As Ac"),
)


def _combo(text: str) -> Combo:
    combo = classify(parse_cards(text))
    assert combo is not None, text
    return combo


def amount(value: float) -> str:
    """1, 1.5 (English) or 1,5 (Vietnamese), as every screen writes an amount (``game.engine.amounts``)."""
    return amounts.amount(value, lang=language())


def signed(value: float) -> str:
    return amounts.amount(value, True, lang=language())


def bombing_rows(rules: Rules) -> list[Line]:
    """One row per kind of play that only bombs (or a higher one) can beat: what may beat it, in turn."""
    rows: list[Line] = []
    for name, low, high in _TARGETS:
        target = _combo(low)
        beaters = []
        if high and rules.can_beat(_combo(high), target):
            beaters.append(t(f"rulesref.higher.{name}"))
        for bomb_name, bomb in _BOMBS:
            if bomb_name != name and rules.can_beat(_combo(bomb), target):  # same kind: "a higher one" above
                beaters.append(t(f"rulesref.any.{bomb_name}"))
        right = ", ".join(beaters) if beaters else t("rulesref.nothing")
        rows.append(("row", t(f"rulesref.combo.{name}"), right))
    return rows


def _prices(rules: Rules) -> list[Line]:
    p = rules.prices
    lines: list[Line] = [("p", t("rulesref.unit"))]
    if p.plain_card:
        lines.append(("row", t("rulesref.price.plain"), amount(p.plain_card)))
    for glyph, value in zip("♠♣♦♥", p.two, strict=True):
        lines.append(("row", t("rulesref.price.two", suit=glyph), amount(value)))
    lines.append(("row", t("rulesref.combo.pair_run_3"), amount(p.pair_run_3)))
    lines.append(("row", t("rulesref.combo.quad"), amount(p.quad)))
    lines.append(("row", t("rulesref.price.pair_run_4"), amount(p.pair_run_4)))
    return lines


def _settlement(rules: Rules) -> list[Line]:
    lines: list[Line] = []
    th = rules.thoi
    when = t(f"rulesref.thoi.when.{th.when}")
    if th.payers == "every_loser":
        key = "rulesref.thoi.every_loser_cards" if rules.prices.plain_card else "rulesref.thoi.every_loser"
        lines.append(("p", t(key, when=when)))
    else:
        places = th.payee if isinstance(th.payee, dict) else {}
        where = "; ".join(t("rulesref.thoi.place_for", n=n, place=place_word(p)) for n, p in sorted(places.items()))
        lines.append(("p", t("rulesref.thoi.last_place", when=when, where=where)))
    for players, row in sorted(rules.place_payouts.items()):
        lines.append(("row", t("rulesref.place_payouts", n=players), "  ".join(signed(v) for v in row)))
    if rules.last_place_pays_winner:
        lines.append(("p", t("rulesref.last_place_pays", n=amount(rules.last_place_pays_winner))))
    return lines


def _cong(rules: Rules) -> list[Line]:
    c = rules.cong
    parts = []
    if c.multiplier != 1:
        parts.append(t("rulesref.cong.multiplier", m=amount(c.multiplier)))
    if c.charge:
        parts.append(t("rulesref.cong.charge", n=amount(c.charge)))
    if c.place_payout is not None:
        parts.append(t("rulesref.cong.place_payout", n=signed(c.place_payout)))
    if c.thoi_to_winner:
        parts.append(t("rulesref.cong.thoi_to_winner"))
    if c.cancels_last_place_payment:
        parts.append(t("rulesref.cong.cancels_last_place"))
    pays = t("rulesref.cong.pays", parts="; ".join(parts)) if parts else t("rulesref.cong.as_usual")
    return [("p", t("rulesref.cong.what")), ("p", pays)]


def _instant(rules: Rules) -> list[Line]:
    lines: list[Line] = []
    if rules.instant_wins_every_game:
        names = ", ".join(t(f"rulesref.pattern.{p}") for p in rules.instant_wins_every_game)
        lines.append(("row", t("rulesref.instant.every_game"), names))
    if rules.instant_wins_first_game:
        names = ", ".join(t(f"rulesref.pattern.{p}") for p in rules.instant_wins_first_game)
        lines.append(("row", t("rulesref.instant.first_game"), names))
    fixed, by_hand = rules.instant_win_fixed, rules.instant_win_hand_value
    if fixed and by_hand:
        pay = t("rulesref.instant.pay_both", n=amount(fixed))
    elif by_hand:
        pay = t("rulesref.instant.pay_hand")
    else:
        pay = t("rulesref.instant.pay_fixed", n=amount(fixed))
    lines.append(("p", pay))
    return lines


def _specials(rules: Rules) -> list[Line]:
    lines: list[Line] = [("p", t("rulesref.chop.rule"))]
    if rules.chop_exempt_if_hand_emptied:
        lines.append(("p", t("rulesref.chop.exempt")))
    if rules.pair_run4_ignores_pass:
        lines.append(("p", t("rulesref.special.pair_run4_ignores_pass")))
    if not rules.quad_beats_pair_of_twos:
        lines.append(("p", t("rulesref.special.quad_not_on_pair_two")))
    if rules.three_of_spades_winner_final_play is not None:
        lines.append(("p", t("rulesref.special.spade_win", n=signed(rules.three_of_spades_winner_final_play))))
    if rules.three_of_spades_last_holding_only is not None:
        lines.append(("p", t("rulesref.special.spade_last", n=signed(rules.three_of_spades_last_holding_only))))
    if rules.den_bai:
        lines.append(("p", t("rulesref.special.den_bai")))
    if not rules.ends_at_first_out:
        lines.append(("p", t("rulesref.special.huong_sai")))
    return lines


def how_to_play() -> list[Line]:
    """The basics for a newcomer: card order, the combinations, beating, passing, turns and bombs."""
    combos = (("single", "9s"), ("pair", "Jc Jh"), ("triple", "7c 7d 7h"), ("straight", "3h 4s 5h 6c"),
              ("pair_run", "4d 4h 5d 5h 6s 6h"), ("quad", "6s 6c 6d 6h"))  # fmt: skip
    return [
        ("h", t("howto.h")), ("p", t("howto.goal")),
        ("s", t("howto.h.order")), ("p", t("howto.order")),
        ("cards", "3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As 2s", t("howto.order.ranks")),
        ("cards", "7s 7c 7d 7h", t("howto.order.suits")),
        ("s", t("howto.h.combos")),
        *(("cards", cards, t(f"howto.combo.{kind}")) for kind, cards in combos),
        ("s", t("howto.h.turns")), ("p", t("howto.lead")),
        ("cards", "7d 7h > 7s 7c", t("howto.beat.example")),
        ("p", t("howto.pass")), ("p", t("howto.direction")),
        ("s", t("howto.h.bombs")), ("p", t("howto.bombs")),
        ("cards", "6s 6c 6d 6h > 2h", t("howto.bomb.example")),
    ]  # fmt: skip


def reference(rules: Rules) -> list[Line]:
    """The whole reference for one variant, in the current language: how to play, then the variant."""
    lang = language()
    name = rules.name.get(lang) or rules.name.get("en") or rules.id
    lines = how_to_play()
    lines += [("h", t("rulesref.h.variant", variant=name)),
              ("p", rules.description.get(lang) or rules.description.get("en", ""))]  # fmt: skip
    lines += [("s", t("rulesref.h.ending")), ("p", t(f"rulesref.ends.{rules.game_ends}"))]
    lines.append(("p", t(f"rulesref.first_lead.{rules.first_lead}")))
    lines += [("s", t("rulesref.h.prices")), *_prices(rules)]
    lines += [("s", t("rulesref.h.settlement")), *_settlement(rules)]
    lines += [("s", t("rulesref.h.bombing")), ("p", t("rulesref.bombing.intro")), *bombing_rows(rules)]
    lines += [("s", t("rulesref.h.chop")), *_specials(rules)]
    lines += [("s", t("rulesref.h.instant")), *_instant(rules)]
    lines += [("s", t("rulesref.h.cong")), *_cong(rules)]
    lines += [("s", t("rulesref.h.quit")), ("p", t("rulesref.quit", n=amount(rules.quit_charge)))]
    return lines
