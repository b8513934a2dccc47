"""Resume: a table left mid-round comes back exactly as it was: the round's pile, who played each part of
it, the seats that passed, everyone's cards and the player's hand."""

from __future__ import annotations

import pygame

from game.table.choice import MatchChoice
from tests.ui.menus.helpers import item
from ui.persist.profile import Profile
from ui.table import painter
from ui.table.keeper import open_table
from ui.table.scene import TableScene


def _table(app) -> TableScene:
    return next(s for s in reversed(app.stack) if isinstance(s, TableScene))


def _shown(table: TableScene) -> tuple:
    m = table.model
    return (m.hands, m.pile, m.passed, m.places, m.round_log, m.hand.cards,
            [[sp.card for sp in group] for group in table.sprites.pile])


def test_a_resumed_table_shows_the_pile_and_the_pass_tags(make_app, paths, monkeypatch):
    app, profile = make_app()
    app.settings.animation_speed, app.settings.opponent_speed = 4.0, 8.0
    choice = MatchChoice("mien-nam", ("easy", "easy", "easy"), 1)
    table = open_table(app, profile, choice, profile.new_match(choice, seed=21))
    game = table.session.game
    for _ in range(6000):  # play on (always the smallest play) until the player faces a pile and a pass
        if table.human_turn():
            if game.table is not None and game.passed and len(game.round_plays) >= 2:
                break
            moves = game.legal_moves(0)
            lead = moves and game.table is None
            table.submit(table.session.play(moves[0], 0) if lead else table.session.pass_turn(0))
        app.step(0.05)
    else:
        raise AssertionError("no round with a pass and two plays reached")
    left = _shown(table)
    assert left[1] and left[2]
    app.step(0.01)
    assert profile.flush(10)
    app.close()

    again = Profile.load(paths)
    app2, profile2 = make_app()
    item(app2.top, "continue").activate()
    resumed = _table(app2)
    assert _shown(resumed) == left
    assert not resumed.dealing and not resumed.sprites.flying  # no deal replayed over the round in progress
    labels: list[str] = []
    real = painter.pill
    monkeypatch.setattr(painter, "pill", lambda surf, at, label, lay, **kw: (labels.append(label),
                                                                            real(surf, at, label, lay, **kw)))
    app2.step(0.01)
    labels.clear()
    app2.draw()
    assert labels.count("Bỏ lượt") == len(left[2])
    screen = pygame.Surface(app2.screen.get_size())
    resumed.draw(screen)
    centre = pygame.Rect(0, 0, 200, 120)
    centre.center = resumed.layout.centre
    felt = painter.felt(resumed.layout.size).subsurface(centre)
    assert pygame.image.tobytes(screen.subsurface(centre), "RGB") != pygame.image.tobytes(felt, "RGB")
    assert again.can_continue
