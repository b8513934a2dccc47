"""The link between the table and the player's files: the match is saved after every move, each finished
game is counted in the statistics and kept in the history (for replays), and Esc at the table offers to
leave — naming the quit charge first.

``MatchKeeper`` is an invisible scene that sits just above the table. It draws nothing and lets every intent
through to the table, except an Esc the table did not use; after each frame it saves the match if a move
was made (written off the UI thread, so a slow disk never stalls a frame). It leaves the stack with the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.base import Bot
from game.match import Match
from ui.i18n import t
from ui.intents import Action, Intent
from ui.menus.dialogs import Dialog, quit_dialog
from ui.persist.choices import MatchChoice
from ui.persist.history import GameEntry, new_entry
from ui.persist.saves import match_house_rules
from ui.scene import Scene

if TYPE_CHECKING:
    from ui.app import App
    from ui.persist.profile import Profile
    from ui.table.scene import TableScene
    from ui.table.session import Session


class MatchKeeper(Scene):
    opaque = False
    modal = False

    def __init__(self, app: App, profile: Profile, choice: MatchChoice, table: TableScene) -> None:
        super().__init__(app)
        self.profile, self.choice, self.table = profile, choice, table
        self.session = table.session
        self._seen = self.signature()
        # The game counted last (one already over when resumed was counted before). Kept by identity: the
        # next deal may be over at once (an instant win) and must still be counted.
        self._counted = self.session.game if self.session.game.is_over else None

    @property
    def match(self) -> Match:
        return self.session.match

    def signature(self) -> tuple[int, int, int]:
        game = self.session.game
        return len(self.match.results), id(game), len(game.log)

    # -- after every frame: count a finished game, save a changed match --------------------------------
    def update(self, dt: float) -> None:
        game = self.session.game
        if game.is_over and game is not self._counted and game.result is not None:
            self._counted = game
            self.profile.record_game(self.choice, game.result, game.log, seat=0)
            self.profile.record_history(kept_game(self.session, self.choice), self.match.seed)
        now = self.signature()
        if now != self._seen:
            self._seen = now
            # the snapshot is taken now; the file is written by the profile's background writer
            self.profile.save_match(self.choice, self.match, wait=False)

    def enter(self) -> None:
        if self.table not in self.app.stack:  # the table has gone: so do we
            self.app.pop()

    # -- Esc: leave the table ---------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if intent.action != Action.BACK:
            return False
        if self.table.handle(intent):  # Esc first drops a selection
            return True
        self.app.push(self.leave_dialog())
        return True

    def leave_dialog(self) -> Dialog:
        game = self.session.game
        rules = self.match.rules
        if game.is_over:
            return Dialog(self.app, lambda: t("confirm.quit_title"), lambda: t("confirm.between_games"),
                          [(lambda: t("confirm.to_menu"), self.to_menu, True),
                           (lambda: t("confirm.quit_no"), self.app.pop, False)])  # fmt: skip
        dialog = quit_dialog(self.app, rules, self.choice.table_bet, self.match.players, True, self.resign)
        # A third way out: keep the match for later, as closing the window does.
        dialog.choices.insert(1, (lambda: t("confirm.to_menu"), self.to_menu, False))
        dialog.focus = 2
        return dialog

    def to_menu(self) -> None:
        """Leave the table; the match stays saved, so the main menu offers Continue."""
        self.profile.save_match(self.choice, self.match)
        self._close()

    def resign(self) -> None:
        """Quit the game: the quit charge is paid and counted, and the match is over."""
        game = self.session.game
        if not game.is_over:
            game.resign(0)
        self.update(0.0)  # count the game (the quit is in its result)
        self.session.finish()
        self.profile.forget_match()
        self._close()

    def _close(self) -> None:
        while self.app.stack and self.app.stack[-1] is not self.table:
            self.app.pop()
        if self.app.stack and self.app.stack[-1] is self.table:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing of its own: the table shows through."""


def kept_game(session: Session, choice: MatchChoice) -> GameEntry:
    """The history entry for the session's finished game: the deal, the actions, and who sat where."""
    game, match = session.game, session.match
    number = len(match.results) + (1 if match.current is game else 0)
    bots = [(str(b.level), int(b.seed)) if isinstance(b := session.bots.get(s), Bot) else None
            for s in range(session.players)]  # fmt: skip
    return new_entry(game, number=number, seat=session.human, names=session.names, bots=bots,
                     table_bet=choice.table_bet, house_rules=match_house_rules(choice))


def open_table(app: App, profile: Profile, choice: MatchChoice, match: Match) -> TableScene:
    """Sit the player at ``match`` (new or resumed), with saving, statistics and the results screen wired."""
    from ui.results import ResultsScene
    from ui.table.scene import TableScene
    from ui.table.session import MatchConfig, Session

    config = MatchConfig(variant=choice.variant, opponents=len(choice.opponents), seed=match.seed,
                         levels=tuple(choice.opponents), table_bet=choice.table_bet,
                         starting_chips=choice.starting_chips)  # fmt: skip
    session = Session(config, rules=match.rules, match=match)
    table = TableScene(app, session)
    table.on_game_over = lambda scene: app.push(ResultsScene(app, scene))
    app.push(table)
    keeper = MatchKeeper(app, profile, choice, table)
    app.push(keeper)
    profile.save_match(choice, match)  # the deal of a new game is saved before the first move
    return table

