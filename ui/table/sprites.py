"""The moving things on the table: card sprites in groups, the short-lived effects, and the card art sizes.

A sprite group is a plain list the painter draws in order; the choreographer moves sprites between groups.
``TableSprites.settle`` puts every sprite where the model says it rests, with nothing in flight.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine.cards import Card
from ui.card_art import CardArt, art_for
from ui.table.effects import CardSprite, Effect
from ui.table.hand import HandModel
from ui.table.layout import Layout
from ui.table.model import TableModel


@dataclass(frozen=True)
class Arts:
    """Card pictures at the table's three sizes: the hand, the centre pile and the opponents' fans."""

    hand: CardArt
    centre: CardArt
    small: CardArt

    @classmethod
    def for_layout(cls, lay: Layout, four_colour: bool, back: str) -> Arts:
        arts = cls(art_for(lay.card_w, four_colour, back), art_for(lay.centre_w, four_colour, back),
                   art_for(lay.small_w, four_colour, back))
        arts.hand.back()
        arts.small.back()
        return arts


def rest_lift(hand: HandModel, card: Card, lay: Layout) -> float:
    """How far above its slot a card of the hand rests: selected cards the most, the keyboard cursor's a little."""
    if card in hand.selected:
        return float(lay.lift)
    return float(lay.focus_lift) if card == hand.focused else 0.0


def hand_targets(hand: HandModel, lay: Layout) -> dict[Card, tuple[float, float]]:
    """Where each card of the hand rests (its centre), groups spaced apart when sorted by combination."""
    gaps = [hand.gap_before(i) for i in range(len(hand.cards))]
    slots = lay.hand_slots(len(hand.cards), gaps)
    return {c: (x + lay.card_w / 2, y + lay.card_h / 2) for c, (x, y) in zip(hand.cards, slots, strict=True)}


@dataclass
class TableSprites:
    """Sprite groups: the hand, the pile (one group per play), cards being swept away, cards dealt to
    opponents in flight, and the effects (banners, floating texts). ``shake`` is the screen shake left."""

    hand: dict[Card, CardSprite] = field(default_factory=dict)
    pile: list[list[CardSprite]] = field(default_factory=list)
    sweeping: list[CardSprite] = field(default_factory=list)
    flying: list[CardSprite] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    shake: float = 0.0

    def settle(self, model: TableModel, lay: Layout) -> None:
        """Every card at rest where the model has it: the hand in its slots, the pile in the centre."""
        self.sweeping.clear()
        self.flying.clear()
        old = self.hand
        self.hand = {c: old.get(c) or CardSprite(c, (0, 0)) for c in model.hand.cards}
        for card, target in hand_targets(model.hand, lay).items():
            sp = self.hand[card]
            sp.pos, sp.flying, sp.flip, sp.scale, sp.angle = target, False, 1.0, 1.0, 0.0
            sp.lift = rest_lift(model.hand, card, lay)
        kept = {sp.card: sp for group in self.pile for sp in group}
        self.pile = []
        for index, turn in enumerate(model.pile):
            assert turn.combo is not None
            group = []
            for card, target in zip(turn.combo.cards, lay.play_slots(len(turn.combo.cards), index), strict=True):
                sp = kept.get(card) or CardSprite(card, target, angle=_tilt(card, index))
                sp.pos, sp.flying, sp.scale, sp.flip = target, False, 1.0, 1.0
                group.append(sp)
            self.pile.append(group)

    def clear(self) -> None:
        """Nothing on the table (a new game)."""
        self.hand, self.pile, self.sweeping, self.flying, self.effects = {}, [], [], [], []
        self.shake = 0.0

    def drop_effects(self, kind: type[Effect]) -> None:
        self.effects = [e for e in self.effects if not isinstance(e, kind)]

    def update(self, dt: float) -> None:
        for effect in self.effects:
            effect.update(dt)
        self.effects = [e for e in self.effects if not e.done]

    @property
    def moving(self) -> bool:
        return bool(self.effects) or self.shake > 0


def _tilt(card: Card, index: int) -> float:
    """A settled pile card's small, repeatable tilt (a played card gets a random one as it lands)."""
    return float(((card.index * 7 + index * 3) % 15) - 7)
