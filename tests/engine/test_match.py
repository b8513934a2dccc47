"""A match: consecutive games, the previous winner leading, running totals, and saving."""

import json

from game import Match, load_rules


def play_out(g):
    while not g.is_over:
        moves = g.legal_moves()
        if moves:
            g.play(moves[0])
        else:
            g.pass_turn()


def test_running_totals_add_up_each_game_and_the_winner_leads_next():
    m = Match(load_rules("xep-hang"), players=3, seed=11)
    for _ in range(4):
        g = m.start_game()
        if m.results:
            assert g.first_game is False
            assert g.start_leader == m.results[-1].winner
        play_out(g)
        m.finish_game(g)
    assert len(m.games) == 4
    for seat in range(3):
        assert m.totals[seat] == sum(r.payments[seat] for r in m.games)


def test_a_match_saved_mid_game_resumes_in_the_same_state():
    m = Match(load_rules("co-dien"), players=4, seed=5)
    g = m.start_game()
    play_out(g)
    m.finish_game(g)
    g = m.start_game()
    for _ in range(7):
        if g.is_over:
            break
        moves = g.legal_moves()
        g.play(moves[-1]) if moves else g.pass_turn()
    saved = json.loads(json.dumps(m.to_dict()))
    back = Match.from_dict(saved)
    assert back.totals == m.totals and len(back.games) == 1
    assert back.current is not None
    assert back.current.hands == g.hands and back.current.current_player == g.current_player
    assert back.current.table == g.table and back.current.passed == g.passed
    assert back.to_dict() == m.to_dict()


def test_same_seed_same_deals():
    a, b = Match(load_rules(), 4, seed=2), Match(load_rules(), 4, seed=2)
    assert a.start_game().hands == b.start_game().hands


def test_a_rebuilt_match_hands_on_its_finished_games_and_replays_them_after():
    m = Match(load_rules("mien-nam"), players=4, seed=8)
    for _ in range(3):
        g = m.start_game()
        play_out(g)
        m.finish_game(g)
    saved = json.loads(json.dumps(m.to_dict()))
    back = Match.from_dict(saved)
    g = back.start_game()
    play_out(g)
    back.finish_game(g)  # a game finished after the resume is replayed from its record
    first, second = list(back.finished_games()), list(back.finished_games())
    records = back.to_dict()["games"]
    assert records[:3] == saved["games"]
    for games in (first, second):
        assert [x.to_dict() for x in games] == records and all(x.is_over for x in games)
    assert [x.view(s) for x in first for s in range(4)] == [x.view(s) for x in second for s in range(4)]
    assert all(a is not b for a, b in zip(first, second, strict=True))
