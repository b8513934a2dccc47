"""The table: one human against one to three computer opponents, a whole match, animated."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

import pygame

from game.cards import Card
from game.events import Event
from ui import theme
from ui.app import App
from ui.card_art import CardArt, art_for
from ui.i18n import t
from ui.scene import Scene
from ui.table import painter
from ui.table.bot_worker import shared_worker
from ui.table.bots import BotRunner
from ui.table.choreo import Choreographer
from ui.table.effects import CardSprite, Effect, FloatText
from ui.table.hand import HandModel, unplayable
from ui.table.input import TableInput
from ui.table.layout import Layout
from ui.table.session import Session
from ui.table.words import amount, combo_name, reason_text
from ui.tween import Tweener, out_cubic

THINK_SECONDS = 0.75  # an opponent's visible pause at normal speed


class TableScene(TableInput, Scene):
    """Draws the match and drives it: the human through intents, the opponents through bots."""

    def __init__(self, app: App, session: Session) -> None:
        Scene.__init__(self, app)
        self.session = session
        self.tweener = Tweener()
        self.choreo = Choreographer(self)
        self.runner = BotRunner()
        self.layout = Layout(app.size, session.players)
        self.effects: list[Effect] = []
        self.timers: list[list] = []
        self.on_game_over: Callable[[TableScene], None] | None = None  # the results screen hooks in here
        TableInput.__init__(self)
        if session.bots and (worker := shared_worker()) is not None:
            worker.start()  # the worker process warms up while the cards are dealt
        self._make_art()
        self.start_game()

    # -- setting up ----------------------------------------------------------------------------------
    def _make_art(self) -> None:
        st = self.app.settings
        lay = self.layout
        self.art: CardArt = art_for(lay.card_w, st.four_colour, st.card_back)
        self.centre_art: CardArt = art_for(lay.centre_w, st.four_colour, st.card_back)
        self.small_art: CardArt = art_for(lay.small_w, st.four_colour, st.card_back)
        self.warm_up()

    def warm_up(self) -> None:
        """Draw the felt and the human's faces now, so the first animated frames do not stall."""
        painter.felt(self.layout.size)
        self.art.back()
        self.small_art.back()
        for card in self.hand.cards if hasattr(self, "hand") else []:
            self.art.face(card)

    def start_game(self) -> None:
        """Show the session's current game from its deal."""
        g = self.session.game
        self.queue: deque[Event] = deque()
        self.wait = 0.0
        self.pile: list[list[CardSprite]] = []
        self.sweeping: list[CardSprite] = []
        self.flying: list[CardSprite] = []
        self.effects.clear()
        self.timers.clear()
        self.tweener.tweens.clear()
        self.runner.cancel()
        self.thinking: int | None = None
        self.think_left = 0.0
        self.revealed = False
        self.shake = 0.0
        self.last_play_seat: int | None = None
        self.results_shown = False
        human = self.session.human
        self.hand = HandModel(g.hands[human] if human is not None else [])
        self.hand_sprites: dict[Card, CardSprite] = {c: CardSprite(c, (0, 0)) for c in self.hand.cards}
        self.warm_up()
        self.dealt = [0] * g.players
        self.phase = "deal"
        self.wait = self.choreo.deal()
        self.queue.extend(g.opening_events)
        self._status_key: tuple | None = None
        self._turn_announced: tuple[int, int] | None = None
        self._dim_key: tuple[int, int] | None = None
        self._dimmed: frozenset[Card] = frozenset()

    def settings_changed(self) -> None:
        self._make_art()
        self.tweener.pace = self.app.settings.animation_speed

    # -- geometry ------------------------------------------------------------------------------------
    def seat_slot(self, seat: int) -> int:
        return seat  # seat i sits at layout place i (human bottom, then counter-clockwise)

    def seat_name(self, seat: int) -> str:
        name = self.session.names[seat]
        return t("table.you") if seat == self.session.human or not name else name

    def banner_pos(self) -> tuple[int, int]:
        return self.layout.centre

    def hand_targets(self) -> dict[Card, tuple[float, float]]:
        lay = self.layout
        gaps = [self.hand.gap_before(i) for i in range(len(self.hand.cards))]
        slots = lay.hand_slots(len(self.hand.cards), gaps)
        return {c: (x + lay.card_w / 2, y + lay.card_h / 2) for c, (x, y) in zip(self.hand.cards, slots, strict=False)}

    def relayout_hand(self, animate: bool = True) -> None:
        for card, target in self.hand_targets().items():
            sp = self.hand_sprites.get(card)
            if sp is None:
                continue
            lift = self.layout.lift if card in self.hand.selected else 0.0
            if animate:
                self.tweener.to(sp, "pos", target, 0.25, out_cubic)
                self.tweener.to(sp, "lift", lift, 0.12, out_cubic)
            else:
                sp.pos, sp.lift = target, lift

    def resize(self, size: tuple[int, int]) -> None:
        if tuple(size) == self.layout.size:
            return  # being pushed onto the stack (or a same-size event) must not land the deal in flight
        self.tweener.finish_all()  # land everything in flight, then reflow at the new size
        self.layout = Layout(size, self.session.players)
        self._make_art()
        self.effects = [e for e in self.effects if not isinstance(e, FloatText)]
        for i, group in enumerate(self.pile):
            for sp, target in zip(group, self.layout.play_slots(len(group), i), strict=False):
                sp.pos, sp.flying = target, False
        self.sweeping.clear()
        self.flying.clear()
        self.relayout_hand(animate=False)
        self.layout_buttons()

    def float_at_seat(self, seat: int, value: str, colour: tuple[int, int, int]) -> None:
        at = self.layout.seats[self.seat_slot(seat)].badge
        self.effects.append(FloatText(life=1.8, value=value, at=at, colour=colour, size=30, rise=70))

    def later(self, seconds: float, fn: Callable[[], None]) -> None:
        self.timers.append([seconds, fn])

    # -- the turn driver -----------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a move is being shown; input that would change the game waits."""
        return self.wait > 0 or bool(self.queue) or self.phase == "deal"

    def human_turn(self) -> bool:
        g = self.session.game
        return (not g.is_over and not self.busy and self.session.human is not None
                and g.current_player == self.session.human)

    def apply(self, events: list[Event]) -> None:
        self.queue.extend(events)
        self.hand.reset_hints()

    def update(self, dt: float) -> None:
        pace = self.app.settings.animation_speed
        self.tweener.pace = pace
        self.tweener.update(dt)
        for timer in list(self.timers):
            timer[0] -= dt * pace
            if timer[0] <= 0:
                self.timers.remove(timer)
                timer[1]()
        for effect in self.effects:
            effect.update(dt * pace)
        self.effects = [e for e in self.effects if not e.done]
        self.shake = max(0.0, self.shake - dt)
        if self.wait > 0:
            self.wait -= dt * pace
            return
        if self.phase == "deal":
            self.phase = "play"
            self.relayout_hand(animate=True)
        if self.queue:
            self.wait = self.choreo.play(self.queue.popleft())
            return
        g = self.session.game
        if g.is_over:
            if not self.results_shown:
                self.results_shown = True
                self.session.finish()
                if self.on_game_over:
                    self.on_game_over(self)
            return
        seat = g.current_player
        if self.session.is_bot(seat):
            self._drive_bot(seat, dt)
        elif self._turn_announced != (seat, len(g.log)):
            self._turn_announced = (seat, len(g.log))
            self.app.sound.play("turn", 0.6)
            self.app.dirty = True  # the player's turn is shown now, not at the next mouse move

    def _drive_bot(self, seat: int, dt: float) -> None:
        g = self.session.game
        if self.thinking != seat:
            self.thinking = seat
            self.think_left = THINK_SECONDS / max(0.1, self.app.settings.opponent_speed)
            self.runner.start(self.session.bots[seat], g.view(seat))
            return
        self.think_left -= dt
        if self.think_left > 0 or not self.runner.done:
            return
        move = self.runner.result
        self.thinking = None
        self.runner.done = False
        if move and g.check_play(move, seat) is None:
            self.apply(g.play(move, seat))
        elif g.table is not None:
            self.apply(g.pass_turn(seat))
        else:  # a bot that will not lead: play the lowest move rather than stall
            self.apply(g.play(g.legal_moves(seat)[0], seat))

    def animating(self) -> bool:
        g = self.session.game
        bot_turn = not g.is_over and self.session.is_bot(g.current_player)
        return (self.busy or self.tweener.busy or bool(self.effects) or bool(self.timers) or bot_turn
                or (g.is_over and not self.results_shown))

    def dimmed_cards(self) -> frozenset[Card]:
        """On the human's turn with a play to beat: the cards of the hand that are in no legal move."""
        g = self.session.game
        human = self.session.human
        if human is None or self.phase == "deal" or g.is_over or g.current_player != human or g.table is None:
            return frozenset()
        key = (id(g), len(g.log))
        if key != self._dim_key:  # legal_moves is the engine's answer; asked once per move, not per frame
            self._dim_key = key
            self._dimmed = unplayable(g.hands[human], g.legal_moves(human))
        return self._dimmed

    # -- the status line -----------------------------------------------------------------------------
    def status(self) -> tuple[str, tuple[int, int, int]]:
        g = self.session.game
        if self.phase == "deal":
            return t("table.dealing"), theme.MUTED
        if g.is_over:
            return "", theme.WHITE
        if self.session.human is None:
            return t("table.demo"), theme.MUTED
        if g.current_player != self.session.human:
            return t("table.waiting", name=self.seat_name(g.current_player)), theme.MUTED
        if self.busy:
            return "", theme.WHITE
        key = (frozenset(self.hand.selected), len(g.log))
        if key != self._status_key:
            self._status_key = key
            self._status = self._compute_status()
        return self._status

    def _compute_status(self) -> tuple[str, tuple[int, int, int]]:
        from game.combos import classify

        g = self.session.game
        sel = self.hand.selection
        if sel:
            reason = g.check_play(sel, self.session.human)
            combo = classify(sel)
            if reason is None:
                return t("table.ready", combo=combo_name(combo)), theme.GREEN_OK
            return reason_text(reason, combo, g.table), theme.WARN
        if g.table is None:
            if g.must_contain is not None:
                return t("table.must_contain", card=str(g.must_contain)), theme.GOLD
            return t("table.you_lead"), theme.GOLD
        if not g.legal_moves(self.session.human):
            return t("table.no_answer"), theme.GOLD
        return t("table.beat_or_pass", combo=f"{combo_name(g.table)} {g.table}"), theme.GOLD

    # -- drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        from ui.table.draw import draw_table

        draw_table(self, surface)

    def total_text(self, seat: int) -> tuple[str, tuple[int, int, int]]:
        value = self.session.totals[seat]
        colour = theme.GREEN_OK if value > 0 else theme.WARN if value < 0 else theme.MUTED
        return amount(value, True), colour
