"""Settlement: chặt chains, place payouts and the transfers of a finished game (hands priced by ``hand_prices``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.cards import THREE_OF_SPADES, Card
from game.engine.combos import Combo
from game.engine.hand_prices import PricedItem, hand_value, priced_items
from game.rules.variant import Rules

# The hand prices (game.engine.hand_prices) stay importable from here.
__all__ = ["GameRecord", "GameResult", "PricedItem", "Transfer", "chain_of", "chain_transfer", "finish_order",
           "hand_value", "priced_items", "read_at_first_out", "settle", "settle_instant_win", "settle_resign"]


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` table bets for ``reason``.

    Reasons: ``thoi``, ``chop``, ``instant_win``, ``cong``, ``last_place``, ``quit``, ``den_bai``.
    """

    payer: int
    payee: int
    amount: float
    reason: str


@dataclass(frozen=True)
class GameResult:
    """How a game ended and who pays whom; ``payments`` is the net per seat."""

    order: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    place_payouts: tuple[float, ...]
    payments: tuple[float, ...]
    instant_win: int | None = None
    instant_win_pattern: str | None = None
    cong: tuple[int, ...] = ()
    resigned: int | None = None
    hands: tuple[tuple[Card, ...], ...] = field(default=(), repr=False)
    #: the hands the cards left (thối) were counted on: at the first player out or at the end, as the variant
    #: says (the same as ``hands`` where no cards were counted)
    priced_hands: tuple[tuple[Card, ...], ...] = field(default=(), repr=False)

    @property
    def winner(self) -> int:
        return self.order[0]


def chain_of(round_plays: Sequence[tuple[int, Combo]]) -> list[tuple[int, Combo]]:
    """The chặt chain at the top of a round: its 2-plays and bombs, when a bomb landed on one; else []."""
    chain: list[tuple[int, Combo]] = []
    for seat, combo in reversed(round_plays):
        if not (combo.is_twos or combo.is_bomb):
            break
        chain.append((seat, combo))
    chain.reverse()
    if len(chain) < 2 or not chain[-1][1].is_bomb:
        return []
    return chain


def chain_transfer(rules: Rules, chain: Sequence[tuple[int, Combo]], finished: Sequence[int]) -> Transfer | None:
    """What a closed chain costs: the last player bombed pays the last bomber every play but the bomber's."""
    if not chain:
        return None
    payer, payee = chain[-2][0], chain[-1][0]
    if payer == payee or (rules.chop_exempt_if_hand_emptied and payer in finished):
        return None
    amount = sum(rules.combo_price(combo) for _, combo in chain[:-1])
    return Transfer(payer, payee, amount, "chop") if amount else None


def finish_order(players: int, winner: int, out: Sequence[int], hands: Sequence[Sequence[Card]],
                 cong: Sequence[int], last: Sequence[int] = ()) -> tuple[int, ...]:
    """Places: seats out in order, then the rest by fewest cards (ties in turn order from the winner),
    then ``last`` (a quitter), then cóng seats in turn order from the winner."""
    def from_winner(s: int) -> int:
        return (s - winner) % players

    placed = list(out)
    rest = [s for s in range(players) if s not in placed and s not in cong and s not in last]
    rest.sort(key=lambda s: (len(hands[s]), from_winner(s)))
    return tuple(placed + rest + list(last) + sorted(cong, key=from_winner))


def _net(players: int, place: Sequence[float], transfers: Sequence[Transfer]) -> tuple[float, ...]:
    net = list(place)
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    return tuple(net)


def _result(players: int, order: tuple[int, ...], transfers: list[Transfer], place: list[float],
            hands: Sequence[Sequence[Card]], priced: Sequence[Sequence[Card]] = (), **extra: object) -> GameResult:
    return GameResult(
        order=order,
        transfers=tuple(transfers),
        place_payouts=tuple(place),
        payments=_net(players, place, transfers),
        hands=tuple(tuple(h) for h in hands),
        priced_hands=tuple(tuple(h) for h in priced or hands),
        **extra,  # type: ignore[arg-type]
    )


def settle_instant_win(rules: Rules, hands: Sequence[Sequence[Card]], winner: int, pattern: str) -> GameResult:
    """Each opponent pays the instant-win row: a fixed amount, plus its hand value where the variant says."""
    players = len(hands)
    transfers = []
    for s in range(players):
        if s != winner:
            amount = rules.instant_win_fixed + (hand_value(rules, hands[s]) if rules.instant_win_hand_value else 0)
            if amount:
                transfers.append(Transfer(s, winner, amount, "instant_win"))
    order = finish_order(players, winner, [winner], hands, ())
    return _result(players, order, transfers, [0.0] * players, hands,
                   instant_win=winner, instant_win_pattern=pattern)


def settle_resign(rules: Rules, hands: Sequence[Sequence[Card]], quitter: int, out: Sequence[int],
                  settled: Sequence[Transfer] = ()) -> GameResult:
    """The quitter pays each other seat the quit charge; what was ``settled`` before the quit stands, and
    nothing else is paid. Seats already out keep their places; the others follow by fewest cards left (ties in
    turn order from the quitter), the quitter last (RULES.md §6)."""
    players = len(hands)
    transfers = list(settled) + [Transfer(quitter, s, rules.quit_charge, "quit") for s in range(players)
                                 if s != quitter and rules.quit_charge]  # fmt: skip
    rest = [s for s in range(players) if s not in out and s != quitter]
    rest.sort(key=lambda s: (len(hands[s]), (s - quitter) % players))
    order = (*out, *rest, quitter)
    return _result(players, order, transfers, [0.0] * players, hands, resigned=quitter)


def read_at_first_out(rules: Rules, winner: int, hands: Sequence[Sequence[Card]], cong: Sequence[int],
                      den_bai_payer: int | None) -> list[Transfer]:
    """What a variant that values hands the moment the winner goes out (``thoi.when: first_out``) and plays on
    (co-dien) reads then: each loser's thối to the winner and each cháy player's charge, with đền bài. It is
    settled from then on, so a later quit does not undo it."""
    if rules.thoi.when != "first_out" or rules.thoi.payee != "winner":
        return []
    players = len(hands)
    transfers = []
    for step in range(1, players):
        seat = (winner + step) % players
        value = hand_value(rules, hands[seat]) * (rules.cong.multiplier if seat in cong else 1)
        if value:
            transfers.append(Transfer(seat, winner, value, "thoi"))
    transfers += [Transfer(s, winner, rules.cong.charge, "cong") for s in cong if rules.cong.charge]
    return _den_bai(transfers, den_bai_payer, cong)


def _den_bai(transfers: list[Transfer], payer: int | None, cong: Sequence[int]) -> list[Transfer]:
    """Đền bài: ``payer`` pays the cháy players' thối and charges in their place."""
    if payer is None or not cong:
        return transfers
    return [Transfer(payer, t.payee, t.amount, "den_bai") if t.payer in cong and t.reason in ("thoi", "cong") else t
            for t in transfers]  # fmt: skip


@dataclass
class GameRecord:
    """What a finished game needs for settlement, gathered by the game as it is played."""

    order: tuple[int, ...]
    cong: tuple[int, ...]
    hands_at_first_out: Sequence[Sequence[Card]]
    hands_at_end: Sequence[Sequence[Card]]
    winner_final_play: Combo | None
    den_bai_payer: int | None
    chops: Sequence[Transfer]


def settle(rules: Rules, record: GameRecord) -> GameResult:
    """The transfers and place payouts of a game played to its end."""
    order, cong = record.order, set(record.cong)
    players = len(order)
    winner, last = order[0], order[-1]
    transfers = list(record.chops)

    place = [0.0] * players
    payouts = rules.place_payouts.get(players)
    if payouts:
        for i, seat in enumerate(order):
            place[seat] = payouts[i]
        final = record.winner_final_play
        if rules.three_of_spades_winner_final_play is not None and final and THREE_OF_SPADES in final.cards:
            place[winner] = rules.three_of_spades_winner_final_play
        if (rules.three_of_spades_last_holding_only is not None and last not in cong
                and list(record.hands_at_end[last]) == [THREE_OF_SPADES]):
            place[last] = rules.three_of_spades_last_holding_only
        if rules.cong.place_payout is not None:
            for seat in cong:
                place[seat] = rules.cong.place_payout

    hands = record.hands_at_first_out if rules.thoi.when == "first_out" else record.hands_at_end
    payers = [s for s in order[1:]] if rules.thoi.payers == "every_loser" else [last]
    payers += [s for s in order if s in cong and s not in payers]
    payee_rule = rules.thoi.payee
    normal_payee = winner if isinstance(payee_rule, str) else order[payee_rule[players] - 1]
    for seat in payers:
        value = hand_value(rules, hands[seat])
        payee = normal_payee
        if seat in cong:
            value *= rules.cong.multiplier
            if rules.cong.thoi_to_winner:
                payee = winner
        if value and payee != seat:
            transfers.append(Transfer(seat, payee, value, "thoi"))

    if rules.cong.charge:
        transfers += [Transfer(s, winner, rules.cong.charge, "cong") for s in order if s in cong]
    if rules.last_place_pays_winner and last != winner and not (cong and rules.cong.cancels_last_place_payment):
        transfers.append(Transfer(last, winner, rules.last_place_pays_winner, "last_place"))

    transfers = _den_bai(transfers, record.den_bai_payer, tuple(cong))
    return _result(players, order, transfers, place, record.hands_at_end, hands,
                   cong=tuple(s for s in order if s in cong))
