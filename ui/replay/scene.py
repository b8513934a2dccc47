"""The replay viewer: a finished game on the table with every hand face up, stepped through action by action.

It drives the table's own parts from the recorded game (``game.review.replay.Replay``): stepping forward shows the
step's events through the table's own driver and choreographer, at the table's pace, so cards fly, chops shake
and payments float as they did;
stepping back plays the step's animation in reverse (``ui.replay.rewind``); jumping rebuilds the table model
from the game at that step and sets every card at rest at once. Keys: ←/→ a step, Home/End the
start/end, Space plays on by itself, Esc closes; the timeline can be clicked or dragged.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.events import CardsPlayed, Chopped, GameOver
from game.review.replay import Replay
from ui import i18n, theme
from ui.i18n import t
from ui.intents import Action, Intent
from ui.replay.bar import ReplayBar
from ui.replay.rewind import take_back
from ui.replay.shown import ShownGame
from ui.scene import Host, Scene
from ui.table import painter
from ui.table.choreo import Choreographer, Stage
from ui.table.controls import Controls
from ui.table.draw import Picture, draw_table
from ui.table.driver import EventDriver
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.plates import SeatLabel
from ui.table.sprites import Arts, TableSprites
from ui.table.words import amount, combo_name
from ui.tween import Timers, Tweener

AUTO_PAUSE = 0.6  # seconds between steps when playing on by itself, after the step's animation


class ReplayScene(Scene):
    def __init__(self, app: Host, shown: ShownGame, start: int | None = None,
                 findings: Sequence[int] = ()) -> None:  # fmt: skip
        """``start``: open just before that step (0-based; None deals the game from the start)."""
        super().__init__(app)
        self.shown = shown
        self.replay = Replay(shown.record, shown.rules)
        self.human = shown.seat
        layout = Layout(app.size, self.replay.players, shown.seat or 0)
        self.arts = self._arts(layout)
        self.sprites = TableSprites()
        model = TableModel.deal(self.replay.final.initial_hands, self.human, all_face_up=not shown.own_view)
        self.stage = Stage(model, self.sprites, Tweener(), Timers(), layout,
                           lambda name, volume: app.sound.play(name, volume), shown.name, shown.rules)  # fmt: skip
        self.choreo = Choreographer(self.stage)
        self.driver = EventDriver(self.choreo)
        self.controls = Controls()  # the table's own buttons stay hidden; the status line tells the step
        self.bar = ReplayBar()
        self.bar.layout(layout)
        self.bar.mark(self.replay, findings)
        self.playing = False
        self.held = 0.0
        self.dragging = False
        if start is None:
            self.replay.seek(0)
            self.driver.deal(model, self.replay.opening)
        else:
            self.jump(start)
        self.describe()

    def _arts(self, layout: Layout) -> Arts:
        painter.felt(layout.size)
        return Arts.for_layout(layout, self.app.settings.four_colour, self.app.settings.card_back)

    @property
    def layout(self) -> Layout:
        return self.stage.layout

    # -- moving through the game ---------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self.driver.busy

    def forward(self) -> None:
        """Show the next step with its animations (a step still being shown is landed first)."""
        if self.busy:
            self.land()
        self.driver.submit(self.replay.forward())
        self.describe()

    def land(self) -> None:
        """Finish whatever is being shown at once: the table as it stands after the steps taken."""
        self.jump(self.replay.position)

    def back(self) -> None:
        """Take the last step back with its animation reversed (a step still being shown is taken back too)."""
        if self.replay.at_start:
            self.jump(0)
            return
        step = self.replay.steps[self.replay.position - 1]
        game = self.replay.seek(self.replay.position - 1)
        self.driver.hold(take_back(self.stage, step, game, self.human))
        self.describe()

    def jump(self, position: int) -> None:
        """Show the table just after ``position`` steps, at rest (back, Home, End, the timeline)."""
        game = self.replay.seek(position)
        self.driver.settle(TableModel.from_game(game, self.human, all_face_up=not self.shown.own_view))
        self.describe()

    def toggle_play(self) -> None:
        self.playing = not self.playing and not self.replay.at_end
        self.held = 0.0
        self.app.dirty = True

    def describe(self) -> None:
        """The status line: what the last step was, or whose turn comes."""
        r = self.replay
        if r.position == 0:
            text = t("replay.deal")
        else:
            step = r.steps[r.position - 1]
            name = self.shown.name(step.seat)
            if step.kind == "play":
                combo = next(e.combo for e in step.events if isinstance(e, CardsPlayed))
                text = t("replay.played", name=name, combo=combo_name(combo), cards=str(combo))
            elif step.kind == "pass":
                text = t("replay.passed", name=name)
            else:
                text = t("replay.resigned", name=name)
        if not r.at_end and r.steps[r.position].seat == self.human:
            text += " · " + t("replay.your_turn", n=r.position + 1)
        self.controls.status = (text, theme.CREAM)
        self.app.dirty = True

    def paid_so_far(self, seat: int) -> float:
        """The seat's money from the steps shown so far: chops as their rounds closed, then the result."""
        total = 0.0
        for step in self.replay.steps[: self.replay.position]:
            for e in step.events:
                if isinstance(e, GameOver):
                    return float(e.result.payments[seat])
                if isinstance(e, Chopped):
                    total += e.amount if e.payee == seat else -e.amount if e.payer == seat else 0.0
        if self.replay.position == len(self.replay) and self.replay.final.result is not None:
            return float(self.replay.final.result.payments[seat])  # an instant win: paid on the deal
        return total

    # -- the scene -----------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        a = intent.action
        if a == Action.RIGHT:
            self.playing = False
            self.forward()
        elif a == Action.LEFT:
            self.playing = False
            self.back()
        elif a == Action.HOME:
            self.playing = False
            self.jump(0)
        elif a == Action.END:
            self.playing = False
            self.jump(len(self.replay))
        elif a in (Action.TOGGLE_FOCUS, Action.PLAY, Action.CONFIRM):
            self.toggle_play()
        elif a == Action.BACK:
            self.app.pop()
        elif a in (Action.POINTER_DOWN, Action.POINTER_MOVE, Action.POINTER_UP, Action.HOVER):
            return self.pointer(intent)
        else:
            return a not in (Action.QUIT, Action.FULLSCREEN, Action.MUTE, Action.RESIZE)
        self.app.dirty = True
        return True

    def pointer(self, intent: Intent) -> bool:
        a, pos = intent.action, intent.pos
        if a == Action.HOVER:
            for b in self.bar.buttons:
                b.hover = b.contains(pos)
            self.app.dirty = True
            return True
        step = self.bar.step_at(pos, len(self.replay))
        if a == Action.POINTER_DOWN:
            self.dragging = step is not None
            for b in self.bar.buttons:
                b.pressed = b.contains(pos)
        if self.dragging and step is not None and step != self.replay.position:
            self.playing = False
            self.jump(step)
        if a == Action.POINTER_UP:
            self.dragging = False
            hit = next((b for b in self.bar.buttons if b.pressed and b.contains(pos)), None)
            for b in self.bar.buttons:
                b.pressed = False
            if hit is not None:
                return self.handle(Intent(hit.action))
        self.app.dirty = True
        return True

    def update(self, dt: float) -> None:
        pace = self.app.settings.animation_speed
        if not self.driver.update(dt, pace):
            return
        if self.playing:
            self.held += dt * pace
            if self.replay.at_end:
                self.playing = False
                self.app.dirty = True  # the bar's button shows play again
            elif self.held >= AUTO_PAUSE:
                self.held = 0.0
                self.forward()

    def animating(self) -> bool:
        return self.driver.moving

    def next_due(self) -> float | None:
        """Playing on by itself: the next step, once the last one has been shown and its pause is over."""
        if not self.playing or self.driver.moving:
            return None
        return max(0.0, AUTO_PAUSE - self.held) / max(0.05, self.app.settings.animation_speed)

    def resize(self, size: tuple[int, int]) -> None:
        if tuple(size) == self.layout.size:
            return
        self.stage.layout = Layout(size, self.replay.players, self.shown.seat or 0)
        self.arts = self._arts(self.layout)
        self.bar.layout(self.layout)
        self.land()

    def settings_changed(self) -> None:
        self.arts = self._arts(self.layout)
        self.describe()

    def draw(self, surface: pygame.Surface) -> None:
        rules = self.shown.rules
        seats = []
        for s in range(self.replay.players):
            value = self.paid_so_far(s)
            colour = theme.GREEN_OK if value > 0 else theme.WARN if value < 0 else theme.MUTED
            total = amount(value, True)
            seats.append(SeatLabel(self.shown.name(s), total, colour, None, t("replay.total_label"),
                                   t("replay.total_tip", total=total)))
        game = self.replay.game
        active = None if self.busy or game.is_over else game.current_player
        picture = Picture(layout=self.layout, arts=self.arts, model=self.stage.model, sprites=self.sprites,
                          controls=self.controls, seats=seats,
                          title=f"{t('replay.title')} · {rules.name.get(i18n.language()) or rules.id}",
                          game_no=self.shown.number, active=active, thinking=None,
                          show_focus=False)  # fmt: skip
        draw_table(surface, picture, pygame.time.get_ticks() / 1000.0)
        self.bar.draw(surface, self.layout, self.replay.position, len(self.replay), self.playing)
