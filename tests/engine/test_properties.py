"""Properties over random deals and random legal play, for every variant and 2–4 seats."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game import DECK, Game, IllegalMove, list_variants, load_rules, new_game

VARIANTS = st.sampled_from(list_variants())
SEATS = st.integers(min_value=2, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def snapshot(g: Game) -> tuple:
    return (g.to_dict(), [list(h) for h in g.hands], g.current_player, g.table, g.table_seat, set(g.passed),
            list(g.finished), list(g.cong), g.is_over, len(g.log))


def random_step(g: Game, rng: random.Random) -> None:
    moves = g.legal_moves()
    if g.table is not None and (not moves or rng.random() < 0.35):
        g.pass_turn()
    else:
        g.play(rng.choice(moves))


def check_payments(g: Game) -> None:
    result = g.result
    assert result is not None
    net = list(result.place_payouts)
    for t in result.transfers:
        assert t.amount > 0 and t.payer != t.payee
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    assert net == list(result.payments)
    assert sorted(result.order) == list(range(g.players))


@settings(max_examples=60, deadline=None)
@given(VARIANTS, SEATS, SEEDS)
def test_random_games_conserve_cards_end_and_settle(variant, players, seed):
    rules = load_rules(variant)
    g = new_game(rules, players, seed=seed)
    dealt = sorted(c for h in g.hands for c in h)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        random_step(g, rng)
        steps += 1
        played = [c for a in g.history if a.combo for c in a.combo.cards]
        assert sorted(played + [c for h in g.hands for c in h]) == dealt
        assert steps < 400
    check_payments(g)
    replay = Game.from_dict(g.to_dict(), rules)
    assert replay.result == g.result


@settings(max_examples=40, deadline=None)
@given(VARIANTS, SEATS, SEEDS)
def test_legal_moves_are_exactly_what_play_accepts(variant, players, seed):
    """On small hands every subset of the current hand is tried: accepted iff listed by legal_moves."""
    rules = load_rules(variant)
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    size = 7
    hands = [deck[i * size:(i + 1) * size] for i in range(players)]
    g = new_game(rules, hands=hands, leader=rng.randrange(players), first_game=rng.random() < 0.5)
    for _ in range(30):
        if g.is_over:
            break
        seat = g.current_player
        legal = {tuple(sorted(m)) for m in g.legal_moves()}
        hand = g.hands[seat]
        accepted = set()
        for k in range(1, len(hand) + 1):
            for subset in combinations(hand, k):
                if g.check_play(subset) is None:
                    accepted.add(tuple(sorted(subset)))
        assert accepted == legal
        assert len(legal) == len(g.legal_moves())  # no duplicates
        other = (seat + 1) % players
        assert g.legal_moves(other) == []
        random_step(g, rng)


@settings(max_examples=40, deadline=None)
@given(VARIANTS, SEATS, SEEDS)
def test_refused_actions_leave_the_state_unchanged(variant, players, seed):
    rules = load_rules(variant)
    g = new_game(rules, players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        seat = rng.randrange(players)
        cards = rng.sample(g.hands[seat] or list(DECK), k=min(len(g.hands[seat]) or 1, rng.randint(1, 4)))
        before = snapshot(g)
        reason = g.check_play(cards, seat)
        try:
            g.play(cards, seat)
        except IllegalMove as exc:
            assert str(exc) == reason and reason
            assert snapshot(g) == before
        else:
            assert reason is None
        if not g.is_over:
            before = snapshot(g)
            try:
                g.pass_turn(rng.randrange(players))
            except IllegalMove:
                assert snapshot(g) == before
        if not g.is_over:
            random_step(g, rng)
    check_payments(g)


@settings(max_examples=30, deadline=None)
@given(VARIANTS, SEATS, SEEDS)
def test_a_view_shows_no_other_hand(variant, players, seed):
    g = new_game(load_rules(variant), players, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randint(0, 25)):
        if g.is_over:
            break
        random_step(g, rng)
    for seat in range(players):
        v = g.view(seat)
        assert list(v.hand) == g.hands[seat]
        hidden = {c for s in range(players) if s != seat for c in g.hands[s]}
        assert hidden <= v.unseen_cards
        assert not hidden & set(v.hand) and not hidden & v.played_cards
        assert not any(isinstance(value, Game) for value in vars(v).values())
