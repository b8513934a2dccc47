"""Showing the engine's events: each one updates the table model and starts the tweens and effects that
show it, and says how long to wait before the next. The dispatch is a table, ``{EventType: handler}``;
an event without a handler is an error, never skipped.

The choreographer knows nothing of the game in progress, only of the model and the sprites, so a replay
can drive it from a recorded game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.events import (
    CardsPlayed,
    Chopped,
    Cong,
    Event,
    GameOver,
    InstantWin,
    Passed,
    PlayerOut,
    Resigned,
    RoundWon,
)  # fmt: skip
from game.rules import Rules
from ui import theme
from ui.i18n import t
from ui.table.effects import Banner, CardSprite, Confetti, Shockwave
from ui.table.flights import ChipFlight, PinnedText, pinned_surface
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.seat_texts import place_texts
from ui.table.sprites import TableSprites, hand_targets, rest_lift
from ui.table.words import amount, combo_name, pays_text, place_name, player_out_text, stuck_with
from ui.tween import Timers, Tweener, in_cubic, in_out_cubic, linear, out_cubic

CHOP_COLOUR = (255, 120, 60)


@dataclass
class Stage:
    """What the choreographer works on: the model, the sprites, the clocks, the geometry, two services
    (``sound(name, volume)`` and ``name(seat)``) and the rules (to name what a loser was stuck with)."""

    model: TableModel
    sprites: TableSprites
    tweener: Tweener
    timers: Timers
    layout: Layout
    sound: Callable[[str, float], None]
    name: Callable[[int], str]
    rules: Rules


class Choreographer:
    """Shows one event at a time on a ``Stage``."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.rng = random.Random(1)
        self.handlers: dict[type[Event], Callable[[Any], float]] = {
            CardsPlayed: self.on_played,
            Passed: self.on_passed,
            RoundWon: self.on_round_won,
            Chopped: self.on_chopped,
            PlayerOut: self.on_player_out,
            Cong: self.on_cong,
            InstantWin: self.on_instant_win,
            Resigned: self.on_resigned,
            GameOver: self.on_game_over,
        }

    def show(self, event: Event) -> float:
        """Apply ``event`` to the model and animate it; returns the seconds to wait before the next one."""
        handler = self.handlers.get(type(event))
        if handler is None:
            raise LookupError(f"no choreography for {type(event).__name__}")
        self.stage.model.apply(event)
        return handler(event)

    # -- the deal ------------------------------------------------------------------------------------
    def deal(self) -> float:
        """Cards fly from the deck to every seat in turn; returns the seconds it takes."""
        st = self.stage
        lay, model, sprites = st.layout, st.model, st.sprites
        per = 0.045
        rounds = max(len(h) for h in model.hands)
        order = [(seat, i) for i in range(rounds) for seat in range(model.players) if i < len(model.hands[seat])]
        model.dealt = [0] * model.players
        sprites.hand = {c: CardSprite(c, lay.deck_pos, flip=0.0, flying=True) for c in model.hand.cards}
        slots = hand_targets(model.hand, lay)
        for k, (seat, i) in enumerate(order):
            delay = k * per
            if seat == model.human:
                card = model.hand.cards[i]
                sp = sprites.hand[card]
                st.tweener.to(sp, "pos", slots[card], 0.32, out_cubic, delay, on_done=self._landed(sp, seat))
                st.tweener.to(sp, "flip", 1.0, 0.2, linear, delay + 0.22)
            else:
                sp = CardSprite(None, lay.deck_pos, flip=0.0, scale=lay.small_w / lay.card_w, flying=True)
                sprites.flying.append(sp)
                st.tweener.to(sp, "pos", lay.seats[seat].fan, 0.3, out_cubic, delay,
                              on_done=self._landed(sp, seat, remove=True))
            if k % 4 == 0:
                st.timers.later(delay, lambda: st.sound("deal", 0.6))
        return len(order) * per + 0.45

    def _landed(self, sp: CardSprite, seat: int, remove: bool = False) -> Callable[[], None]:
        def done() -> None:
            sp.flying = False
            dealt = self.stage.model.dealt
            if dealt is not None:
                dealt[seat] += 1
            if remove and sp in self.stage.sprites.flying:
                self.stage.sprites.flying.remove(sp)
        return done

    def end_deal(self) -> None:
        """The deal is over: every seat holds its cards."""
        self.stage.model.dealt = None
        self.relayout_hand()

    # -- the hand ------------------------------------------------------------------------------------
    def relayout_hand(self, animate: bool = True) -> None:
        """Move the hand's cards to their slots, the selected ones lifted (and the keyboard cursor's a little)."""
        st = self.stage
        hand = st.model.hand
        for card, target in hand_targets(hand, st.layout).items():
            sp = st.sprites.hand.get(card)
            if sp is None:
                continue
            lift = rest_lift(hand, card, st.layout)
            if animate:
                st.tweener.to(sp, "pos", target, 0.25, out_cubic)
                st.tweener.to(sp, "lift", lift, 0.12, out_cubic)
            else:
                sp.pos, sp.lift = target, lift

    # -- events --------------------------------------------------------------------------------------
    def on_played(self, e: CardsPlayed) -> float:
        st = self.stage
        lay, sprites = st.layout, st.sprites
        index = len(sprites.pile)
        group: list[CardSprite] = []
        for card, target in zip(e.combo.cards, lay.play_slots(len(e.combo.cards), index), strict=True):
            sp = sprites.hand.pop(card, None)
            if sp is None:
                sp = CardSprite(card, lay.seats[e.seat].play_from, flip=0.0, scale=lay.small_w / lay.centre_w)
                st.tweener.to(sp, "flip", 1.0, 0.28, linear)
            else:
                st.tweener.cancel([sp])
                sp.scale = lay.card_w / lay.centre_w
                sp.pos = (sp.pos[0], sp.pos[1] - sp.lift)
                sp.lift, sp.flip = 0.0, 1.0
            sp.flying = True
            sp.angle = self.rng.uniform(-7, 7)
            st.tweener.to(sp, "pos", target, 0.34, out_cubic, on_done=_settle(sp))
            st.tweener.to(sp, "scale", 1.0, 0.34, out_cubic)
            group.append(sp)
        sprites.pile.append(group)
        st.sound("play", 1.0)
        if e.seat == st.model.human:
            self.relayout_hand()
        elif e.cards_left == 1:  # báo 1 lá: the seat's alert shows, with a warning ping
            st.timers.later(0.3, lambda: st.sound("alert", 0.8))
        if e.chop:
            st.timers.later(0.3, lambda: self._bomb_hit(e))
            return 1.15
        return 0.5

    def _bomb_hit(self, e: CardsPlayed) -> None:
        st = self.stage
        st.sound("bomb", 1.0)
        st.sprites.shake = 0.45
        st.sprites.effects.append(Shockwave(life=0.7, at=st.layout.centre))
        st.sprites.effects.append(Banner(life=1.0, title=t("table.chop"), sub=combo_name(e.combo),
                                         colour=CHOP_COLOUR, centre=st.layout.centre))

    def on_passed(self, e: Passed) -> float:
        """The seat's "Passed" tag shows (the model's pass): said once, with no rising copy over it."""
        self.stage.sound("pass", 0.8)
        return 0.35

    def on_round_won(self, e: RoundWon) -> float:
        st = self.stage
        dest = st.layout.seats[e.seat].fan
        for group in st.sprites.pile:
            for sp in group:
                st.sprites.sweeping.append(sp)
                st.tweener.to(sp, "pos", dest, 0.45, in_cubic, 0.55)
                st.tweener.to(sp, "alpha", 0.0, 0.45, in_cubic, 0.55, on_done=self._drop(sp))
                st.tweener.to(sp, "scale", 0.5, 0.45, in_out_cubic, 0.55)
        st.sprites.pile = []
        st.timers.later(0.55, lambda: st.sound("sweep", 0.7))
        return 1.05

    def _drop(self, sp: CardSprite) -> Callable[[], None]:
        def done() -> None:
            if sp in self.stage.sprites.sweeping:
                self.stage.sprites.sweeping.remove(sp)
        return done

    def on_chopped(self, e: Chopped) -> float:
        """The chặt is paid now: the seats' chips change (the model counts it) and a chip carries the amount
        from the payer to the payee."""
        st = self.stage
        sub = pays_text(e.payer, e.payee, amount(e.amount), st.model.human, st.name)
        banner = self.banner(1.4, t("table.chop_paid"), sub, CHOP_COLOUR)  # the bomb itself had "Chop!"
        self.pin_at_seats([(e.payer, amount(-e.amount, True), theme.WARN)], 1.8, [banner.rect(st.layout.unit)])
        seats = st.layout.seats
        st.sprites.effects.append(ChipFlight(life=1.3, value=amount(e.amount, True), start=seats[e.payer].badge,
                                             end=seats[e.payee].badge, delay=0.2, travel=0.8))
        st.timers.later(0.95, lambda: st.sound("select", 0.8))  # the chip lands
        return 1.3

    def on_player_out(self, e: PlayerOut) -> float:
        if e.place == 1:
            return 0.3  # the win itself is celebrated at GameOver
        st = self.stage
        n = st.model.players
        self.banner(1.2, place_name(e.place, n), player_out_text(e.seat, e.place, st.model.human, st.name, n))
        return 1.0

    def on_cong(self, e: Cong) -> float:
        self.banner(1.8, t("table.cong"), ", ".join(self.stage.name(x) for x in e.seats), (120, 200, 255))
        return 1.6

    def on_instant_win(self, e: InstantWin) -> float:
        st = self.stage
        self.banner(2.6, t("table.instant_win"), f"{st.name(e.seat)} — {t('pattern.' + e.pattern)}")
        st.sound("win" if e.seat == st.model.human or st.model.human is None else "lose", 1.0)
        return 2.4

    def on_resigned(self, e: Resigned) -> float:
        self.banner(1.4, t("table.resigned", name=self.stage.name(e.seat)), "", theme.WARN)
        return 1.2

    def on_game_over(self, e: GameOver) -> float:
        st = self.stage
        result, human = e.result, st.model.human
        winner = result.winner
        banner = self.banner(2.2, t("table.you_win") if winner == human else t("table.wins", name=st.name(winner)), "")
        if human is None or winner == human:
            st.sprites.effects.append(Confetti(life=2.6, area=st.layout.size))
            st.sound("win", 1.0)
        else:
            st.sound("lose", 1.0)
        texts = []
        for tr in result.transfers:
            if tr.reason != "thoi":
                continue
            what = stuck_with(st.rules, result.priced_hands[tr.payer])  # plain cards left are not thối
            label = t("table.thoi", what=what) if what else amount(-tr.amount, True)
            texts.append((tr.payer, f"{label}  {amount(-tr.amount, True)}" if what else label, theme.WARN))
        self.pin_at_seats(texts, 2.6, [banner.rect(st.layout.unit)])
        return 2.3

    # -- effects -------------------------------------------------------------------------------------
    def banner(self, life: float, title: str, sub: str, colour: tuple[int, int, int] = theme.GOLD) -> Banner:
        shown = Banner(life=life, title=title, sub=sub, colour=colour, centre=self.stage.layout.centre)
        self.stage.sprites.effects.append(shown)
        return shown

    def pin_at_seats(self, texts: list[tuple[int, str, tuple[int, int, int]]], life: float,
                     avoid: list[pygame.Rect]) -> None:
        """Texts about seats (seat, text, colour), each beside its seat, inside the window and clear of the
        avatars, the cards, the other texts still showing and ``avoid`` (seat_texts.place_texts)."""
        st = self.stage
        showing = [e.rect for e in st.sprites.effects if isinstance(e, PinnedText)]
        measures = [(seat, _measure(text, colour)) for seat, text, colour in texts]
        spots = place_texts(st.layout, st.model, measures, avoid + showing)
        for (_, text, colour), (rect, size) in zip(texts, spots, strict=True):
            st.sprites.effects.append(PinnedText(life=life, value=text, rect=rect, colour=colour, size=size))


def _measure(text: str, colour: tuple[int, int, int]) -> Callable[[int], tuple[int, int]]:
    return lambda size: pinned_surface(text, size, colour).get_size()


def _settle(sp: CardSprite) -> Callable[[], None]:
    def done() -> None:
        sp.flying = False
    return done
