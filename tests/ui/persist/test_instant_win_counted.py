"""An instant win dealt right after a finished game is counted in the statistics like any other game."""

from __future__ import annotations

import os

from game.table.choice import MatchChoice
from tests.ui.menus.helpers import press
from ui.intents import Action
from ui.persist.stats import load_stats
from ui.results import ResultsScene
from ui.table.keeper import open_table

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")
SEED = 43  # with one opponent, the second deal of this match is an instant win (tới trắng)


def test_an_instant_win_right_after_a_finished_game_is_counted(paths):
    from ui.app import App
    from ui.menus import start_scene
    from ui.persist.profile import Profile

    profile = Profile.load(paths)
    app = App(profile.settings, size=(1280, 720))
    app.push(start_scene(app, profile))
    app.settings.animation_speed, app.settings.opponent_speed = 4.0, 8.0
    choice = MatchChoice("mien-nam", ("easy",))
    table = open_table(app, profile, choice, profile.new_match(choice, seed=SEED))
    for _ in range(4000):
        if table.session.game.is_over:
            break
        if table.human_turn():
            game = table.session.game
            legal = game.legal_moves(0)
            table.submit(table.session.play(legal[0], 0) if legal else table.session.pass_turn(0))
        app.step(0.1)
    for _ in range(200):
        app.step(0.1)
        if isinstance(app.top, ResultsScene):
            break
    press(app, Action.CONFIRM, frames=5)
    second = table.session.game
    assert len(table.session.match.results) == 1 and second.is_over and second.result.instant_win is not None
    for _ in range(5):
        app.step(0.1)
    profile.flush(10)
    assert load_stats(paths)[0].for_variant("mien-nam").games == 2
    assert load_stats(paths)[0].for_variant("mien-nam").instant_wins == (second.result.instant_win == 0)
    app.close()
