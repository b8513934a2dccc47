"""Sitting down at a table, and the link between the table and the player's files.

``open_table`` is the one way to open a table (a new match, a resumed one, a demo). For a match the player
plays, a ``MatchKeeper`` listens to the session: the match is saved after every move (written off the UI
thread, so a slow disk never stalls a frame), each finished game is counted in the statistics and kept in
the history (for replays), and Esc at the table offers to leave — naming the quit charge first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.base import Bot
from game.engine.game import Game
from game.engine.match import Match
from game.records.history import GameEntry, new_entry
from game.records.match_save import match_house_rules
from game.table.choice import MatchChoice
from game.table.session import Session
from ui.i18n import t
from ui.menus.dialogs import Dialog, quit_dialog

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host
    from ui.table.scene import TableScene


class MatchKeeper:
    """Listens to a session: saves the match when it changes, records each finished game."""

    def __init__(self, profile: Profile, choice: MatchChoice) -> None:
        self.profile, self.choice = profile, choice

    def match_changed(self, session: Session) -> None:
        # the snapshot is taken now; the file is written by the profile's background writer
        self.profile.save_match(self.choice, session.match, wait=False)

    def game_finished(self, session: Session, game: Game) -> None:
        if game.result is not None:  # saved with the game over, then counted and kept, each once
            number = len(session.match.results) + (1 if session.match.current is game else 0)
            self.profile.keep_finished(self.choice, session.match, game, kept_game(session, self.choice), number)

    # -- Esc: leave the table ---------------------------------------------------------------------------
    def leave_dialog(self, app: Host, table: TableScene) -> Dialog:
        session = table.session
        if session.game.is_over:
            return Dialog(app, lambda: t("confirm.quit_title"), lambda: t("confirm.between_games"),
                          [(lambda: t("confirm.to_menu"), lambda: self.to_menu(app, table), True),
                           (lambda: t("confirm.quit_no"), app.pop, False)])  # fmt: skip
        # A third way out: keep the match for later, as closing the window does.
        return quit_dialog(app, session.rules, self.choice.table_bet, session.players, True,
                           lambda: self.resign(app, table), on_keep=lambda: self.to_menu(app, table))

    def to_menu(self, app: Host, table: TableScene) -> None:
        """Leave the table; the match stays saved, so the main menu offers Continue."""
        self.profile.save_match(self.choice, table.session.match)
        app.remove(table)

    def resign(self, app: Host, table: TableScene) -> None:
        """Quit the game: the quit charge is paid and counted, and the match is over."""
        session = table.session
        if not session.game.is_over:
            session.resign(0)  # counted as it ends, like any finished game
        session.finish()
        self.profile.forget_match()
        app.remove(table)


class PracticeKeeper:
    """Listens to a practice session: its finished games are kept in the history, marked as practice (never
    saved as a match, never counted in the statistics)."""

    def __init__(self, profile: Profile, choice: MatchChoice) -> None:
        self.profile, self.choice = profile, choice

    def match_changed(self, session: Session) -> None:
        """A practice match is not saved."""

    def game_finished(self, session: Session, game: Game) -> None:
        if game.result is not None:
            self.profile.record_history(kept_game(session, self.choice, practice=True), session.match.seed)


def kept_game(session: Session, choice: MatchChoice, practice: bool = False) -> GameEntry:
    """The history entry for the session's finished game: the deal, the actions, and who sat where."""
    game, match = session.game, session.match
    number = len(match.results) + (1 if match.current is game else 0)
    bots = [(str(b.level), int(b.seed)) if isinstance(b := session.bots.get(s), Bot) else None
            for s in range(session.players)]  # fmt: skip
    return new_entry(game, number=number, seat=session.human, names=session.names, bots=bots,
                     table_bet=choice.table_bet, house_rules=match_house_rules(choice), practice=practice)


def open_table(app: Host, profile: Profile | None, choice: MatchChoice, match: Match,
               demo: bool = False) -> TableScene:  # fmt: skip
    """Sit down at ``match`` (new or resumed) with the results screen after every game. With a ``profile``
    the match is saved after every move and its games are counted (a demo passes none; the smoke test
    passes one, so the computer plays a saved match)."""
    from ui.results import ResultsScene
    from ui.table.scene import TableScene

    keeper = MatchKeeper(profile, choice) if profile is not None else None
    session = Session(choice, match, demo=demo, listeners=[keeper] if keeper else [])
    table = TableScene(app, session)
    to_menu = (lambda: keeper.to_menu(app, table)) if keeper is not None else None  # Esc on the results, too
    table.on_game_over = lambda scene: app.push(ResultsScene(app, scene, on_menu=to_menu))
    if keeper is not None:
        table.on_leave = lambda: app.push(keeper.leave_dialog(app, table))
        keeper.match_changed(session)  # the deal of a new game is saved before the first move
    app.push(table)
    return table

