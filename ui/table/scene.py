"""The table: one human against one to three computer opponents, a whole match, animated.

The scene only wires parts that each have one job (see docs/architecture.md):
``TableModel`` what is shown · ``TableSprites`` what moves · ``Choreographer`` events → model + tweens ·
``Controls`` buttons and status, worked out when something happens · ``PlayerActions`` the human's moves ·
``TableInput`` intents → actions · ``EventDriver`` the events shown at their pace · ``draw_table`` the painter.
Here: whose turn it is (the opponents' thinking, the player's moment, the results) and the scene's lifecycle.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.engine.events import Event
from game.engine.refusals import IllegalMove
from game.table.bot_worker import shared_worker
from game.table.bots import BotRunner
from game.table.session import Session
from ui import i18n, theme
from ui.i18n import t
from ui.intents import Action, Intent
from ui.persist.names import clean_name
from ui.scene import Host, Scene
from ui.table import painter
from ui.table.actions import PlayerActions
from ui.table.autopass import AutoPass
from ui.table.choreo import Choreographer, Stage
from ui.table.controls import Controls, TurnState
from ui.table.draw import Picture, draw_table
from ui.table.driver import EventDriver
from ui.table.effects import FloatText
from ui.table.flights import ChipFlight, PinnedText
from ui.table.input import TableInput
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.overlays import draw_overlays
from ui.table.pace import think_seconds
from ui.table.plates import Plate, SeatLabel, cards_left, plate
from ui.table.sprites import Arts, TableSprites
from ui.table.words import amount
from ui.tween import Timers, Tweener


class TableScene(Scene):
    """Shows the match and drives it: the human through intents, the opponents through bots."""

    def __init__(self, app: Host, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.on_game_over: Callable[[TableScene], None] | None = None  # the results screen hooks in here
        self.on_leave: Callable[[], None] | None = None  # Esc with nothing to drop: offer to leave
        layout = Layout(app.size, session.players, session.human or 0)
        self.arts = self._arts(layout)
        self.sprites = TableSprites()
        self.stage = Stage(TableModel.from_game(session.game, session.human), self.sprites, Tweener(), Timers(),
                           layout, lambda name, volume: app.sound.play(name, volume), self.seat_name, session.rules)
        self.choreo = Choreographer(self.stage)
        self.driver = EventDriver(self.choreo, self.changed)
        self.controls = Controls()
        self.controls.layout(layout)
        self.actions = PlayerActions(session, self.stage, self.choreo.relayout_hand, self.controls, self.human_turn,
                                     self.submit, self.changed)
        self.input = TableInput(self.actions, self.controls, self.sprites, lambda: self.arts, self._can_act,
                                self.learned_drag)
        self.autopass = AutoPass()
        self.auto_pass_allowed = True  # the setting applies (a lesson, which judges every move, turns it off)
        self.runner = BotRunner()
        self.thinking: int | None = None
        self._asked: tuple[int, int] | None = None  # (seat, position) whose choice the runner is making
        self.think_left = 0.0
        self._pace = random.Random()  # how long each opponent seems to think (``ui.table.pace``)
        self.results_shown = False
        self.round_log = True  # a lesson or practice panel over the log's corner turns it off
        self.keys_help = "table.keys"  # the keys column's text
        self.header: Callable[[], tuple[str, str]] | None = None  # a lesson's header lines, for the variant's
        self._turn_shown: tuple[int, int] | None = None
        self.hovered_plate: int | None = None  # the seat whose name plate the pointer rests on
        if session.bots and (worker := shared_worker()) is not None:
            worker.start()  # the worker process warms up while the cards are dealt
        self.start_game()

    # -- the parts, by name ----------------------------------------------------------------------------
    @property
    def model(self) -> TableModel:
        return self.stage.model

    @property
    def layout(self) -> Layout:
        return self.stage.layout

    @property
    def tweener(self) -> Tweener:
        return self.stage.tweener

    def _arts(self, layout: Layout) -> Arts:
        painter.felt(layout.size)  # drawn now, so the first animated frames do not stall
        return Arts.for_layout(layout, self.app.settings.four_colour, self.app.settings.card_back)

    # -- a game ----------------------------------------------------------------------------------------
    def start_game(self) -> None:
        """Show the session's current game: dealt card by card when it is new, as it stands when resumed."""
        game, human = self.session.game, self.session.human
        self.runner.cancel()
        self.actions.forget_hint()
        self._asked = None
        self.thinking, self.results_shown, self._turn_shown = None, False, None
        demo = human is None
        if game.actions:  # a resumed game: its round's pile, passes and places exactly as they were left
            self.driver.settle(TableModel.from_game(game, human, all_face_up=demo))
        else:
            self.driver.deal(TableModel.deal(game.hands, human, all_face_up=demo), game.opening_events)
        for card in self.model.hand.cards:
            self.arts.hand.face(card)
        self.changed()

    def changed(self) -> None:
        """Something happened: work out the controls again and ask for a frame."""
        self.controls.refresh(self.turn_state(), self.seat_name)
        self.app.dirty = True

    def turn_state(self) -> TurnState:
        s = self.app.settings
        auto_pass = s.auto_pass and self.auto_pass_allowed
        return TurnState(self.session.game, self.model, self.dealing, self.busy, auto_pass, s.drag_learned)

    def learned_drag(self) -> None:
        """The player drag-selected: the hint under the hand has done its job and is not shown again."""
        if not self.app.settings.drag_learned:
            self.app.settings.drag_learned = True
            self.app.save_settings()
            self.changed()

    def settings_changed(self) -> None:
        self.arts = self._arts(self.layout)
        self.tweener.pace = self.app.settings.animation_speed
        self.changed()  # the language may have changed

    def resize(self, size: tuple[int, int]) -> None:
        if tuple(size) == self.layout.size:
            return  # being pushed onto the stack (or a same-size event) must not land the deal in flight
        self.tweener.finish_all()  # land everything in flight, then reflow at the new size
        self.stage.layout = Layout(size, self.session.players, self.session.human or 0)
        self.arts = self._arts(self.layout)
        for kind in (FloatText, PinnedText, ChipFlight):  # placed for the old size
            self.sprites.drop_effects(kind)
        self.sprites.settle(self.model, self.layout)
        self.controls.layout(self.layout)
        self.changed()

    # -- names and labels ------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        name = clean_name(self.session.names[seat])  # cleaned and capped: a name may come from a file
        return t("table.you") if seat == self.session.human or not name else name

    def seat_label(self, seat: int) -> SeatLabel:
        # chặt payments count as soon as they are shown; the match adds the whole game once it is recorded
        paid = self.model.chop_net[seat] if self.session.match.current is self.session.game else 0.0
        value = self.session.totals[seat] + paid
        colour = theme.GREEN_OK if value > 0 else theme.WARN if value < 0 else theme.MUTED
        chips = self.session.chips(seat)
        shown = None if chips is None else amount(chips + paid * self.session.choice.table_bet)
        total = amount(value, True)
        return SeatLabel(self.seat_name(seat), total, colour, shown, t("table.total_label"),
                         t("table.total_tip", total=total))

    # -- whose turn ------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a move is being shown; input that would change the game waits."""
        return self.driver.busy

    @property
    def dealing(self) -> bool:
        """True while the cards are still flying out (the driver's deal)."""
        return self.driver.dealing

    def human_turn(self) -> bool:
        return self.turn_state().mine

    def _can_act(self) -> bool:
        return self.session.human is not None and not self.session.game.is_over

    def submit(self, events: list[Event]) -> None:
        """A move was made: its events are shown one after another."""
        self.driver.submit(events)
        self.model.hand.reset_hints()
        self.changed()

    def update(self, dt: float) -> None:
        if arrived := self.session.poll():  # moves made elsewhere (a network table's other seats)
            self.submit(arrived)
        pace = self.app.settings.animation_speed
        self.input.tick(dt)
        self.actions.update()  # the hint, once thought out
        idle = self.driver.update(dt, pace)
        self._ask_bot_early()
        if not idle:
            return
        game = self.session.game
        if game.is_over:
            if not self.results_shown:
                self.results_shown = True
                self.session.finish()
                self.changed()
                if self.on_game_over:
                    self.on_game_over(self)
            return
        seat = game.current_player
        if self.session.is_bot(seat):
            self._drive_bot(seat, dt)
            return
        if self.session.seat_kind(seat) == "remote":
            return  # a person elsewhere: their move arrives through poll
        if self._turn_shown != (seat, len(game.log)):
            self._turn_shown = (seat, len(game.log))
            self.app.sound.play("turn", 0.6)
            self.changed()  # the player's turn is shown now, not at the next mouse move
        if self.autopass.due(self.turn_state(), dt * pace):
            self.actions.try_pass()

    def _ask_bot_early(self) -> None:
        """Start a bot's choice as soon as its turn comes, so it thinks while the last play still animates."""
        game = self.session.game
        seat = game.current_player
        if not game.is_over and self.session.is_bot(seat) and self._asked != (seat, len(game.log)):
            self._asked = (seat, len(game.log))
            self.runner.start(self.session.bots[seat], game.view(seat))

    def _drive_bot(self, seat: int, dt: float) -> None:
        game = self.session.game
        if self.thinking != seat:
            self.thinking = seat
            self.think_left = think_seconds(game.view(seat), self.app.settings.opponent_speed, self._pace)
            self._ask_bot_early()
            return
        self.think_left -= dt
        if self.think_left > 0 or not self.runner.done:
            return
        move = self.runner.result
        self.thinking = None
        self.runner.done = False
        if move:
            try:  # the engine judges the bot's move as it judges the player's (check_play once, in play)
                self.submit(self.session.play(move, seat))
                return
            except IllegalMove:
                pass
        if game.table is not None:
            self.submit(self.session.pass_turn(seat))
        else:  # a bot that will not lead: play the lowest move rather than stall
            self.submit(self.session.play(game.legal_moves(seat)[0], seat))

    def animating(self) -> bool:
        game = self.session.game
        bot_turn = not game.is_over and self.session.is_bot(game.current_player)
        over = game.is_over and not self.results_shown
        return self.driver.moving or bot_turn or over or self.actions.hint_thinking  # the hint: looked for each frame

    def leave(self) -> None:
        self.runner.cancel()
        self.actions.forget_hint()

    def next_due(self) -> float | None:
        """The pass made for the player when nothing can answer, after its visible moment."""
        if not self.autopass.pending or self.driver.moving:
            return None
        return max(0.0, self.autopass.left) / max(0.05, self.app.settings.animation_speed)

    # -- input and drawing -----------------------------------------------------------------------------
    def _plate(self, seat: int) -> Plate:
        """The seat's name plate as the painter draws it (for the pointer: its number's tip)."""
        return plate(self.layout.seats[seat], self.layout, self.seat_label(seat), cards_left(self.model, seat))

    def handle(self, intent: Intent) -> bool:
        if intent.action == Action.HOVER:  # the plate's tip says what its number is
            seats = range(self.model.players)
            self.hovered_plate = next((s for s in seats if self._plate(s).rect.collidepoint(intent.pos)), None)
        if self.input.handle(intent):  # Esc first drops a selection
            return True
        if intent.action == Action.BACK and self.on_leave is not None:
            self.on_leave()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        game, rules = self.session.game, self.session.rules
        shown_over = self.model.is_over
        title, subtitle = self.header() if self.header else (rules.name.get(i18n.language()) or rules.id, None)
        picture = Picture(
            layout=self.layout, arts=self.arts, model=self.model, sprites=self.sprites, controls=self.controls,
            seats=[self.seat_label(s) for s in range(self.model.players)], title=title, subtitle=subtitle,
            game_no=len(self.session.match.results) + 1 - (1 if self.results_shown else 0),
            active=None if self.dealing or shown_over or game.is_over else game.current_player,
            thinking=self.thinking, show_focus=self.model.hand.focus_shown,
            round_log=self.round_log and not self.results_shown,  # the results panel would cover half of it
            keys=self.keys_help)  # fmt: skip
        draw_table(surface, picture, pygame.time.get_ticks() / 1000.0)
        hand = [sp.rect(self.arts.hand) for sp in self.sprites.hand.values() if not sp.flying]
        plate_tip = None
        if (seat := self.hovered_plate) is not None and seat < self.model.players:  # beside the plate and avatar
            avoid = hand + ([b.rect for b in self.controls.buttons] if self.controls.visible else [])
            plate_tip = (self._plate(seat).seat, picture.seats[seat].total_tip, avoid)
        draw_overlays(surface, self.layout, self.controls, min((r.left for r in hand), default=0), plate_tip)
