"""A replay's step taken back, shown the way the table showed it going forward, in reverse: a play's cards
fly from the pile back to the seat that played them (into the hand, for the player's seat), a pass tag
fades away, and a round that the step had closed comes back to the centre from the seat that won it.

``take_back`` sets every sprite at rest on the table just after the step (its round not yet swept, when
the step closed one), then moves the step's cards to where the table before the step has them.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.events import CardsPlayed, RoundWon
from game.engine.game import Game
from game.review.replay import Step
from ui import theme
from ui.i18n import t
from ui.table.choreo import Stage
from ui.table.effects import CardSprite, FloatText
from ui.table.model import TableModel
from ui.table.sprites import hand_targets
from ui.tween import in_out_cubic, out_cubic

SECONDS = 0.32  # a play flying back; the table's own play takes 0.34 going forward


def take_back(stage: Stage, step: Step, game: Game, human: int | None) -> float:
    """Show ``step`` undone, ending on the table of ``game`` (the game before the step, every hand face up);
    returns the seconds it takes."""
    st, lay, sprites = stage, stage.layout, stage.sprites
    face_up = st.model.all_face_up  # a game played with friends keeps the others' hands face down
    st.tweener.tweens.clear()
    st.timers.clear()
    sprites.clear()
    played = next((e for e in step.events if isinstance(e, CardsPlayed)), None)
    won = next((e for e in step.events if isinstance(e, RoundWon)), None)
    shown = TableModel.from_game(game, human, all_face_up=face_up)
    if played is not None:
        shown.apply(played)  # the table just after the play, its round (if it closed one) not yet swept
    sprites.settle(shown, lay)
    st.model = TableModel.from_game(game, human, all_face_up=face_up)
    seconds = 0.0
    if played is not None and sprites.pile:
        seconds = _fly_back(st, played.seat, sprites.pile.pop())
    if won is not None:
        seconds = max(seconds, _unsweep(st, won.seat))
    if step.kind == "pass":
        bubble = lay.seats[step.seat].bubble
        sprites.effects.append(FloatText(life=0.45, value=t("table.passed"), at=bubble, colour=theme.MUTED,
                                         size=24, rise=-14))  # fmt: skip
        seconds = max(seconds, 0.2)
    _relayout_hand(st)
    return seconds


def _fly_back(st: Stage, seat: int, group: list[CardSprite]) -> float:
    """The play's cards from the pile to ``seat``: into the player's hand, or into an opponent's fan."""
    lay, sprites = st.layout, st.sprites
    st.sound("play", 0.5)
    if seat == st.model.human:
        targets = hand_targets(st.model.hand, lay)
        for sp in group:
            assert sp.card is not None
            sp.scale *= lay.centre_w / lay.card_w  # the same size on screen, now drawn with the hand's art
            sp.flying = True
            sprites.hand[sp.card] = sp
            st.tweener.to(sp, "pos", targets[sp.card], SECONDS, out_cubic, on_done=_landed(sp))
            st.tweener.to(sp, "scale", 1.0, SECONDS, out_cubic)
            st.tweener.to(sp, "angle", 0.0, SECONDS, out_cubic)
        return SECONDS
    dest = lay.seats[seat].play_from
    for sp in group:
        sp.flying = True
        sprites.sweeping.append(sp)
        st.tweener.to(sp, "pos", dest, SECONDS, in_out_cubic, on_done=_dropped(st, sp))
        st.tweener.to(sp, "scale", lay.small_w / lay.centre_w, SECONDS, in_out_cubic)
        st.tweener.to(sp, "alpha", 0.0, SECONDS * 0.5, in_out_cubic, SECONDS * 0.5)
    return SECONDS


def _unsweep(st: Stage, winner: int) -> float:
    """The round the step closed comes back from the winner's seat to the centre (its sweep, reversed)."""
    lay = st.layout
    start = lay.seats[winner].fan
    for group in st.sprites.pile:
        for sp in group:
            target, sp.pos, sp.alpha, sp.scale, sp.flying = sp.pos, start, 0.0, 0.5, True
            st.tweener.to(sp, "pos", target, SECONDS, out_cubic, on_done=_landed(sp))
            st.tweener.to(sp, "alpha", 255.0, SECONDS * 0.6, out_cubic)
            st.tweener.to(sp, "scale", 1.0, SECONDS, out_cubic)
    return SECONDS


def _relayout_hand(st: Stage) -> None:
    """The player's other cards slide apart to make room for the cards coming back."""
    for card, target in hand_targets(st.model.hand, st.layout).items():
        sp = st.sprites.hand.get(card)
        if sp is not None and not sp.flying and sp.pos != target:
            st.tweener.to(sp, "pos", target, SECONDS, out_cubic)


def _landed(sp: CardSprite) -> Callable[[], None]:
    def done() -> None:
        sp.flying = False
    return done


def _dropped(st: Stage, sp: CardSprite) -> Callable[[], None]:
    def done() -> None:
        if sp in st.sprites.sweeping:
            st.sprites.sweeping.remove(sp)
    return done
