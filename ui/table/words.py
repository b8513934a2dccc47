"""Engine values in the player's language: combinations, refusal reasons, amounts, places, payments.

Texts that name a seat work for the player ("You") as well as for a name: where English needs another verb
form, the player's own text has a key of its own (``table.you_pay`` beside ``table.pays``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import groupby

from game.engine import amounts
from game.engine.cards import Card, format_cards
from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo
from game.engine.events import Chopped, Event
from game.engine.scoring import GameResult, PricedItem, Transfer, priced_items
from game.rules import Rules
from ui.i18n import language, t

Names = Callable[[int], str]


def combo_name(combo: Combo | None) -> str:
    if combo is None:
        return ""
    if combo.kind in (SINGLE, PAIR, TRIPLE) and combo.is_twos:
        return t(f"combo.{combo.kind}_two")
    if combo.kind == STRAIGHT:
        return t("combo.straight", n=combo.length)
    if combo.kind == PAIR_RUN:
        return t("combo.pair_run", n=combo.length)
    if combo.kind == QUAD:
        return t("combo.quad")
    return t(f"combo.{combo.kind}")


def shown(combo: Combo) -> str:
    """A combination on the table with its cards: "2♠", "the pair 7♠ 7♥", "đôi heo 2♠ 2♥"."""
    kind = f"{combo.kind}_two" if combo.kind in (SINGLE, PAIR, TRIPLE) and combo.is_twos else combo.kind
    return t(f"shown.{kind}", cards=format_cards(combo.cards), n=combo.length)


def amount(value: float, signed: bool = False) -> str:
    """An amount of table bets in the current language, as every screen writes it (``game.engine.amounts``)."""
    return amounts.amount(value, signed, lang=language())


def place_name(place: int, players: int = 4) -> str:
    """A place at a table of ``players``: the last one is "Bét" at any table size (English keeps "3rd")."""
    if not 1 <= place <= 4:
        return str(place)
    return t(f"place.{place}.last") if place == players and place in (2, 3) else t(f"place.{place}")


def place_word(place: int, players: int = 4) -> str:
    """The place inside a sentence: "về nhì", "2nd place"."""
    name = place_name(place, players)
    return name.lower() if language() == "vi" else name


def pays_text(payer: int, payee: int, value: str, human: int | None, name: Names) -> str:
    """"Lan pays Minh 6", "You pay Lan 6", "Lan pays you 6"."""
    if payer == human:
        return t("table.you_pay", payee=name(payee), amount=value)
    if payee == human:
        return t("table.pays_you", payer=name(payer), amount=value)
    return t("table.pays", payer=name(payer), payee=name(payee), amount=value)


def player_out_text(seat: int, place: int, human: int | None, name: Names, players: int = 4) -> str:
    """"Lan is out — 2nd place", "You are out — 2nd place"."""
    if seat == human:
        return t("table.you_out", place=place_word(place, players))
    return t("table.player_out", name=name(seat), place=place_word(place, players))


def item_name(item: PricedItem) -> str:
    """A 2 by its card, a bomb by its kind: "2♥", "a quad", "3 đôi thông"."""
    if item.kind == "two":
        return format_cards(item.cards)
    if item.kind == "quad":
        return t("combo.quad")
    return t("combo.pair_run", n=len(item.cards) // 2)


def stuck_with(rules: Rules, hand: Sequence[Card]) -> str:
    """The 2s and bombs left in ``hand`` (its thối), or "" when it holds none."""
    items = [i for i in priced_items(rules, hand) if i.kind != "plain"]
    twos = " ".join(item_name(i) for i in items if i.kind == "two")
    return ", ".join([twos] * bool(twos) + [item_name(i) for i in items if i.kind != "two"])


def transfer_reason(transfer: Transfer, rules: Rules, hand: Sequence[Card], chain: Sequence[Combo] = ()) -> str:
    """Why a payment was made; for cards left, whether 2s or bombs (thối) were among them, and the sum:
    "cards left, stuck with 2♥ (thối): 10 cards × 1 + 2♥ × 6 = 16"; where plain cards cost nothing, only the
    2s and bombs: "stuck with 2♥ (thối): 2♥ × 1 = 1". A chặt with its ``chain`` (``chop_chains``) says what
    was chopped by what, and its price: "2♠ chopped by a 3-pair run (chặt) = 9"."""
    if transfer.reason == "chop" and len(chain) > 1:
        return chop_reason(chain, rules, transfer.amount)
    if transfer.reason != "thoi":
        return t(f"transfer.{transfer.reason}")
    what = stuck_with(rules, hand)
    if what and not rules.prices.plain_card:  # only 2s and bombs are paid for: no "cards left"
        reason = t("transfer.thoi_only", what=what)
    else:
        reason = t("transfer.thoi_items", what=what) if what else t("transfer.thoi")
    worked = price_sum(rules, hand, transfer.amount)
    return t("explain.reason", reason=reason, sum=worked, total=amount(transfer.amount)) if worked else reason


def chop_reason(chain: Sequence[Combo], rules: Rules, total: float) -> str:
    """A chặt chain paid: what was chopped, by which bombs, and what it comes to. The payer pays for every
    play of the chain but the last bomb: "2♠ 2♥ chopped by a quad (chặt): 2♠ × 1 + 2♥ × 2 = 3",
    "2♠ chopped by a 3-pair run, then by a quad (chặt chồng): 2♠ × 3 + 3-pair run × 6 = 9"."""
    first, bombs = chain[0], [combo_name(c) for c in chain[1:]]
    if len(bombs) == 1:
        reason = t("transfer.chop_by", chopped=shown(first), bomb=bombs[0])
    else:
        reason = t("transfer.chop_chain", chopped=shown(first), bombs=t("transfer.chop_then").join(bombs))
    terms: list[tuple[str, float]] = []
    for combo in chain[:-1]:  # the last bomb is not paid for
        if combo.is_twos:
            terms += [(format_cards([c]), rules.prices.two[c.suit]) for c in combo.cards]
        else:
            name = t("explain.quad") if combo.kind == QUAD else t("explain.pair_run", n=combo.length)
            terms.append((name, rules.combo_price(combo)))
    if abs(sum(price for _, price in terms) - total) > 1e-9:  # not the chain's price: no sum to show
        return reason
    if len(terms) == 1:
        return t("transfer.priced", reason=reason, total=amount(total))
    worked = " + ".join(t("explain.item", what=what, price=amount(price)) for what, price in terms)
    return t("explain.reason", reason=reason, sum=worked, total=amount(total))


def chop_chains(log: Iterable[Event], transfers: Sequence[Transfer]) -> list[tuple[Combo, ...]]:
    """For each of ``transfers``, the chặt chain it paid for (from the game's events), or () if it is no chặt."""
    chops = [e for e in log if isinstance(e, Chopped)]
    out: list[tuple[Combo, ...]] = []
    for tr in transfers:
        found = next((e for e in chops if tr.reason == "chop" and (e.payer, e.payee) == (tr.payer, tr.payee)
                      and abs(e.amount - tr.amount) < 1e-9), None)  # fmt: skip
        if found is not None:
            chops.remove(found)
        out.append(found.chain if found is not None else ())
    return out


def price_sum(rules: Rules, hand: Sequence[Card], total: float) -> str:
    """How ``hand`` comes to ``total``: "10 cards × 1 + 2♥ × 6", "(12 lá × 1 + 2♠ × 3) × 2" for a doubled
    (cóng) hand; "" when the hand's value does not lead to ``total``."""
    items = sorted(priced_items(rules, hand), key=lambda i: i.kind != "plain")  # the cards left first
    value = sum(i.price for i in items)
    if not items or value <= 0:
        return ""
    terms = []
    for item in items:
        if item.kind == "plain":
            terms.append(t("explain.plain", n=len(item.cards), price=amount(rules.prices.plain_card)))
        else:
            name = (format_cards(item.cards) if item.kind == "two" else t("explain.quad") if item.kind == "quad"
                    else t("explain.pair_run", n=len(item.cards) // 2))  # fmt: skip
            terms.append(t("explain.item", what=name, price=amount(item.price)))
    worked = " + ".join(terms)
    times = total / value
    if abs(times - 1) < 1e-9:
        return worked
    if abs(times - round(times)) < 1e-9 and round(times) > 1:
        return t("explain.times", sum=worked, m=round(times))
    return ""


def tie_notes(result: GameResult, rules: Rules, name: Names) -> list[str]:
    """Where losers held as many cards as each other, how the rule placed them (turn order from the winner)."""
    if not rules.ends_at_first_out or result.instant_win is not None or result.resigned is not None:
        return []
    placed = [s for s in result.order[1:] if s not in result.cong]  # by fewest cards, then turn order
    notes = []
    for n, seats in groupby(placed, key=lambda s: len(result.hands[s])):
        group = list(seats)
        if len(group) > 1:
            names = t("explain.and").join(name(s) for s in group)
            notes.append(t("explain.tie", names=names, n=n, first=name(group[0])))
    return notes


# Refusal codes whose text needs no fields from the combinations.
_PLAIN = {"no_combo", "not_your_turn", "choose", "passed", "after_pass", "triple_twos", "game_over", "out",
          "lead_no_pass", "chosen_twice"}


def reason_text(reason: str, mine: Combo | None, table: Combo | None) -> str:
    """The engine's refusal (a ``game.Refusal``) in the current language, by its stable code."""
    code = getattr(reason, "code", None)
    fields = getattr(reason, "fields", {})
    if code in _PLAIN:
        return t(f"reason.{code}")
    if code == "must_contain":
        return t("reason.must_contain", card=fields["card"])
    if code == "not_held":
        return t("reason.not_held", cards=fields["cards"])
    if code == "cannot_bomb" and mine is not None and table is not None and (mine.kind, mine.length) == (
            table.kind, table.length):  # a lower bomb of the same kind: it is not higher, not unable to chop
        return t("reason.not_higher", a=str(mine), b=str(table))
    if code in ("cannot_beat", "cannot_bomb") and mine is not None and table is not None:
        return t(f"reason.{code}", a=combo_name(mine), b=combo_name(table))
    if code == "not_higher" and mine is not None and table is not None:
        return t("reason.not_higher", a=str(mine), b=str(table))
    return reason[:1].upper() + reason[1:]
