"""Turning the engine's events into animation: each handler starts tweens and effects and says how long to wait."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from game.combos import classify
from game.events import (
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
from ui import theme
from ui.i18n import t
from ui.table.effects import Banner, CardSprite, Confetti, FloatText, Shockwave
from ui.table.words import amount, combo_name, place_name
from ui.tween import in_cubic, in_out_cubic, linear, out_back, out_cubic

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class Choreographer:
    """Plays the events of one game on a table scene, one at a time."""

    def __init__(self, scene: TableScene) -> None:
        self.s = scene
        self.rng = random.Random(1)

    # -- the deal ------------------------------------------------------------------------------------
    def deal(self) -> float:
        """Cards fly from the deck to every seat in turn; returns the seconds it takes."""
        s = self.s
        lay, g = s.layout, s.session.game
        per = 0.045
        order = []
        for i in range(max(len(h) for h in g.hands)):
            for seat in range(g.players):
                if i < len(g.hands[seat]):
                    order.append((seat, i))
        s.dealt = [0] * g.players
        human = s.session.human
        slots = s.hand_targets()
        for k, (seat, i) in enumerate(order):
            delay = k * per
            if seat == human:
                card = s.hand.cards[i]
                sp = s.hand_sprites[card]
                sp.pos, sp.flip, sp.flying = lay.deck_pos, 0.0, True
                s.tweener.to(sp, "pos", slots[card], 0.32, out_cubic, delay, on_done=self._landed(sp, seat))
                s.tweener.to(sp, "flip", 1.0, 0.2, linear, delay + 0.22)
            else:
                sp = CardSprite(None, lay.deck_pos, flip=0.0, scale=lay.small_w / lay.card_w, flying=True)
                s.flying.append(sp)
                s.tweener.to(sp, "pos", s.layout.seats[seat].fan, 0.3, out_cubic, delay,
                             on_done=self._landed(sp, seat, remove=True))
            if k % 4 == 0:
                s.later(delay, lambda: s.app.sound.play("deal", 0.6))
        return len(order) * per + 0.45

    def _landed(self, sp: CardSprite, seat: int, remove: bool = False):  # noqa: ANN202 - a callback
        def done() -> None:
            sp.flying = False
            self.s.dealt[seat] += 1
            if remove and sp in self.s.flying:
                self.s.flying.remove(sp)
        return done

    # -- events --------------------------------------------------------------------------------------
    def play(self, event: Event) -> float:
        handler = getattr(self, "_" + type(event).__name__, None)
        return handler(event) if handler else 0.0

    def _CardsPlayed(self, e: CardsPlayed) -> float:  # noqa: N802 - named after the event
        s = self.s
        lay = s.layout
        index = len(s.pile)
        targets = lay.play_slots(len(e.combo.cards), index)
        group: list[CardSprite] = []
        for card, target in zip(e.combo.cards, targets, strict=False):
            sp = s.hand_sprites.pop(card, None)
            if sp is None:
                origin = lay.seats[s.seat_slot(e.seat)].play_from
                sp = CardSprite(card, origin, flip=0.0, scale=lay.small_w / lay.centre_w)
                s.tweener.to(sp, "flip", 1.0, 0.28, linear)
            else:
                s.tweener.cancel([sp])
                sp.scale = lay.card_w / lay.centre_w
                sp.pos = (sp.pos[0], sp.pos[1] - sp.lift)
                sp.lift, sp.flip = 0.0, 1.0
            sp.flying = True
            sp.angle = self.rng.uniform(-7, 7)
            s.tweener.to(sp, "pos", target, 0.34, out_cubic, on_done=self._settle(sp))
            s.tweener.to(sp, "scale", 1.0, 0.34, out_cubic)
            group.append(sp)
        s.pile.append(group)
        s.last_play_seat = e.seat
        s.app.sound.play("play")
        if e.seat == s.session.human:
            s.hand.set_cards(s.session.game.hands[e.seat])
            s.relayout_hand(animate=True)
        if e.chop:
            s.later(0.3, lambda: self._bomb_hit(e))
            return 1.15
        return 0.5

    def _settle(self, sp: CardSprite):  # noqa: ANN202 - a callback
        def done() -> None:
            sp.flying = False
        return done

    def _bomb_hit(self, e: CardsPlayed) -> None:
        s = self.s
        s.app.sound.play("bomb")
        s.shake = 0.45
        s.effects.append(Shockwave(life=0.7, at=s.layout.centre))
        s.effects.append(Banner(life=1.0, title=t("table.chop"), sub=combo_name(e.combo),
                                colour=(255, 120, 60), centre=s.banner_pos()))

    def _Passed(self, e: Passed) -> float:  # noqa: N802
        s = self.s
        s.app.sound.play("pass", 0.8)
        at = s.layout.seats[s.seat_slot(e.seat)].bubble
        s.effects.append(FloatText(life=0.9, value=t("table.passed"), at=at, colour=theme.MUTED, size=24, rise=30))
        return 0.35

    def _RoundWon(self, e: RoundWon) -> float:  # noqa: N802
        s = self.s
        lay = s.layout
        dest = lay.seats[s.seat_slot(e.seat)].fan
        for group in s.pile:
            for sp in group:
                s.sweeping.append(sp)
                s.tweener.to(sp, "pos", dest, 0.45, in_cubic, 0.55)
                s.tweener.to(sp, "alpha", 0.0, 0.45, in_cubic, 0.55, on_done=self._drop(sp))
                s.tweener.to(sp, "scale", 0.5, 0.45, in_out_cubic, 0.55)
        s.pile = []
        s.later(0.55, lambda: s.app.sound.play("sweep", 0.7))
        return 1.05

    def _drop(self, sp: CardSprite):  # noqa: ANN202 - a callback
        def done() -> None:
            if sp in self.s.sweeping:
                self.s.sweeping.remove(sp)
        return done

    def _Chopped(self, e: Chopped) -> float:  # noqa: N802
        s = self.s
        payer, payee = s.seat_name(e.payer), s.seat_name(e.payee)
        s.float_at_seat(e.payer, amount(-e.amount, True), theme.WARN)
        s.float_at_seat(e.payee, amount(e.amount, True), theme.GREEN_OK)
        s.effects.append(Banner(life=1.4, title=t("table.chop"),
                                sub=t("table.chop_pays", payer=payer, payee=payee, amount=amount(e.amount)),
                                colour=(255, 120, 60), centre=s.banner_pos()))
        return 1.3

    def _PlayerOut(self, e: PlayerOut) -> float:  # noqa: N802
        s = self.s
        if e.place == 1:
            return 0.3  # the win itself is celebrated at GameOver
        s.effects.append(Banner(life=1.2, title=place_name(e.place),
                                sub=t("table.player_out", name=s.seat_name(e.seat), place=e.place),
                                colour=theme.GOLD, centre=s.banner_pos()))
        return 1.0

    def _Cong(self, e: Cong) -> float:  # noqa: N802
        s = self.s
        names = ", ".join(s.seat_name(x) for x in e.seats)
        s.effects.append(Banner(life=1.8, title=t("table.cong"), sub=names, colour=(120, 200, 255),
                                centre=s.banner_pos()))
        return 1.6

    def _InstantWin(self, e: InstantWin) -> float:  # noqa: N802
        s = self.s
        s.revealed = True
        s.effects.append(Banner(life=2.6, title=t("table.instant_win"),
                                sub=f"{s.seat_name(e.seat)} — {t('pattern.' + e.pattern)}",
                                colour=theme.GOLD, centre=s.banner_pos()))
        s.app.sound.play("win" if e.seat == s.session.human or s.session.human is None else "lose")
        return 2.4

    def _Resigned(self, e: Resigned) -> float:  # noqa: N802
        s = self.s
        s.effects.append(Banner(life=1.4, title=t("table.resigned", name=s.seat_name(e.seat)),
                                colour=theme.WARN, centre=s.banner_pos()))
        return 1.2

    def _GameOver(self, e: GameOver) -> float:  # noqa: N802
        s = self.s
        result = e.result
        s.revealed = True
        winner = result.winner
        human = s.session.human
        title = t("table.you_win") if winner == human else t("table.wins", name=s.seat_name(winner))
        s.effects.append(Banner(life=2.2, title=title, colour=theme.GOLD, centre=s.banner_pos()))
        if human is None or winner == human:
            s.effects.append(Confetti(life=2.6, area=s.layout.size))
            s.app.sound.play("win")
        else:
            s.app.sound.play("lose")
        hands = s.session.game.hands
        for tr in result.transfers:
            if tr.reason != "thoi":
                continue
            heavy = [c for c in hands[tr.payer] if c.is_two]
            combo = classify(hands[tr.payer])
            what = " ".join(str(c) for c in heavy) if heavy else (combo_name(combo) if combo else "")
            label = t("table.thoi", what=what) if what else amount(-tr.amount, True)
            s.float_at_seat(tr.payer, f"{label}  {amount(-tr.amount, True)}" if what else label, theme.WARN)
        return 2.3

    def pop_in(self, sp: CardSprite) -> None:
        sp.scale = 0.6
        self.s.tweener.to(sp, "scale", 1.0, 0.3, out_back)
