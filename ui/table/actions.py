"""What the player can do at the table: pick cards, play, pass, ask for a hint, sort. Each action asks the
engine (the one judge of what is legal), and hands the engine's events to the scene to be shown.

Every play and pass of the player's — the Play and Pass buttons, Enter, P, a double-click, Shift+H, auto-pass —
goes through one method, ``move``. Without a gate it goes straight to the session: the engine checks it there
(``Game.play`` runs ``check_play`` and refuses an illegal play with the reason), so a move is judged once and
the refusal shown is the engine's. With a ``gate`` (set by a lesson, which scripts its own game) the gate
judges the move and makes it, or refuses it and says why; the table then never plays on the session itself.

The hint (H, Shift+H) is the coach's best move for the position (``ui.table.hint_job``: the one judge the coach
grades with, thought out in the worker process): asked, it says "thinking" on the status line, and shows or
plays itself when it comes, if the position is still the one it was asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.cards import Card
from game.engine.combos import classify
from game.engine.events import Event
from game.engine.game import Game, IllegalMove
from game.review.advice import Advice
from game.table.session import Session
from ui import theme
from ui.i18n import t
from ui.table.choreo import Stage
from ui.table.controls import Controls
from ui.table.effects import FloatText
from ui.table.hand import HandModel, Move, move_order
from ui.table.hint_job import HintJob
from ui.table.words import reason_text

#: A gate over the player's moves: given the cards of a play (``None`` for a pass), it judges the move and
#: makes it, returning the move's events to be shown, or refuses it (``None``), having said why itself.
Gate = Callable[[Sequence[Card] | None], Sequence[Event] | None]


class PlayerActions:
    """The human's moves on ``stage`` (its model's hand, its sprites for a refusal, its sound).
    ``relayout_hand()`` moves the hand's cards to where the selection puts them; ``mine()`` says whether the
    player may act now; ``submit(events)`` hands a move's events on to be shown; ``changed()`` is called after
    anything the controls must reflect."""

    def __init__(self, session: Session, stage: Stage, relayout_hand: Callable[[], None], controls: Controls,
                 mine: Callable[[], bool], submit: Callable[[list[Event]], None],
                 changed: Callable[[], None], hints: HintJob | None = None) -> None:  # fmt: skip
        self.session, self.stage, self.relayout_hand, self.controls = session, stage, relayout_hand, controls
        self.mine, self.submit, self.changed = mine, submit, changed
        self.refusal: FloatText | None = None
        self.gate: Gate | None = None  # a lesson judges and makes every move of the player's itself
        self.hints = hints or HintJob()
        self._advice: tuple[Game, int, Advice] | None = None  # the hint, and the game and action count it answers
        self._wanted = ""  # what to do with the hint being thought out when it comes: "show" or "play"

    @property
    def hand(self) -> HandModel:
        return self.stage.model.hand

    def selection_changed(self) -> None:
        self.controls.notice = ""
        self._drop_refusal()
        self.relayout_hand()
        self.stage.sound("select", 0.5)
        self.changed()

    def toggle_card(self, card: Card) -> None:
        self.hand.toggle(card)
        self.selection_changed()

    def click_card(self, card: Card | None) -> None:
        """A click: with a play on the table, an empty selection picks the smallest play holding the card."""
        if card is None or card not in self.hand.cards:
            return
        game = self.session.game
        legal = game.legal_moves(self.session.human) if self.mine() else []
        if self.hand.smart_pick(card, legal, game.table is not None):
            self.selection_changed()
        else:
            self.toggle_card(card)

    def double_click(self, card: Card | None) -> None:
        """The second click of a double-click: it never undoes the first click's pick. The card is picked again
        if the first click dropped it; then the selection is played if the engine allows it, else kept."""
        if card is None or card not in self.hand.cards:
            return
        if card not in self.hand.selected:
            self.click_card(card)
        self._play(quiet=True)

    def clear_selection(self) -> bool:
        had = self.hand.clear()
        if had:
            self.selection_changed()
        return had

    def move_focus(self, step: int) -> None:
        self.hand.move_focus(step)
        self.relayout_hand()  # the cursor's card rises, the one it left settles
        self.changed()

    def show_focus(self, shown: bool) -> None:
        """Show or hide the keyboard cursor (its card rises while it shows)."""
        if self.hand.focus_shown != shown:
            self.hand.focus_shown = shown
            self.relayout_hand()
            self.changed()

    def lift_focused(self, up: bool) -> None:
        """Select (``up``) or drop the card under the keyboard cursor."""
        if not self.hand.cards:
            return
        card = self.hand.cards[self.hand.focus]
        if (card in self.hand.selected) != up:
            self.toggle_card(card)

    def toggle_focused(self) -> None:
        if self.hand.cards:
            self.toggle_card(self.hand.cards[self.hand.focus])

    def try_play(self) -> bool:
        """Play the selection if the engine allows it; otherwise show the engine's reason."""
        return self._play(quiet=False)

    def _play(self, quiet: bool) -> bool:
        """Play the selection; a refusal is said unless ``quiet`` (a double-click keeps it)."""
        return self.move(tuple(self.hand.selection), quiet)

    def move(self, cards: Sequence[Card] | None, quiet: bool = False) -> bool:
        """The one way a play of ``cards`` (``None``: a pass) reaches the game, whichever input asked for it:
        through the gate when there is one, else to the session, which the engine judges."""
        game, human = self.session.game, self.session.human
        if not self.mine() or human is None:
            return False
        if self.gate is not None:
            made = self.gate(cards)
            if made is None:
                return False
            events = list(made)
        else:
            try:
                events = self.session.play(cards, human) if cards is not None else self.session.pass_turn(human)
            except IllegalMove as exc:  # the game is unchanged
                if not quiet:
                    combo = classify(list(cards)) if cards else None
                    self.refuse(reason_text(exc.reason, combo, game.table))
                return False
        self.hand.clear()
        self.moved()
        if cards is None:
            self.relayout_hand()  # a play's cards fly from where they were raised; on a pass they settle
        self.submit(events)
        return True

    def moved(self) -> None:
        """A move was made: an earlier refusal no longer applies (it must not float over what comes next), and a
        hint still being thought out is for a position gone (the worker stops it)."""
        self.controls.notice = ""
        self._drop_refusal()
        self.forget_hint()

    def try_pass(self) -> bool:
        return self.move(None)

    # -- the hint --------------------------------------------------------------------------------------------
    def advice(self) -> Advice | None:
        """The hint for the position on the table, once it has been thought out; ``None`` before."""
        game = self.session.game
        if self._advice is not None and self._advice[0] is game and self._advice[1] == len(game.actions):
            return self._advice[2]
        return None

    @property
    def hint_thinking(self) -> bool:
        return self.hints.thinking

    def _ask(self, wanted: str) -> None:
        """Start thinking out the hint for this position (once); ``wanted``: show or play it when it comes."""
        game, human = self.session.game, self.session.human
        assert human is not None
        self._wanted = wanted
        if not self.hints.answers(game):
            self.hints.cancel()
            self.hints.ask(game, human, self.session.levels())
        self.controls.hint_note = (len(game.log), t("controls.hint_thinking"))
        self.changed()

    def forget_hint(self) -> None:
        """Drop a hint still being thought out (the position it was asked for is gone)."""
        if self.hints.thinking:
            self.hints.cancel()
            self.controls.hint_note = None
        self._wanted = ""

    def update(self) -> None:
        """Every frame: take the hint once it has been thought out, and show or play it as asked."""
        if not self.hints.thinking:
            return
        game = self.session.game
        advice = self.hints.answer(game)
        if advice is None:
            if not self.hints.thinking:  # it answered another position: dropped
                self.forget_hint()
                self.changed()
            return
        self._advice = (game, len(game.actions), advice)
        self.controls.hint_note = None
        wanted, self._wanted = self._wanted, ""
        if wanted == "play":
            self.play_hint()
        else:
            self.hint()
        self.changed()

    def hint(self) -> None:
        """Select the suggested move; pressed again, the next legal move, cycling. When the advice is to pass,
        the status line says so first. Asked before the hint is thought out, it is shown when it comes."""
        game, human = self.session.game, self.session.human
        if not self.mine() or human is None:
            return
        legal = game.legal_moves(human)
        if not legal and game.table is not None:  # nothing beats it: no need to think
            self.controls.hint_note = (len(game.log), t("controls.hint_pass"))
            self.changed()
            return
        if not self.hand.hints:
            advice = self.advice()
            if advice is None:
                self._ask("show")
                return
            suggested = advice.move
            ordered = sorted(legal, key=move_order)
            if suggested is not None:
                ordered = [suggested, *(m for m in ordered if set(m) != set(suggested))]
            self.hand.hints = ordered
            if suggested is None and game.table is not None:
                self.controls.hint_note = (len(game.log), t("controls.hint_pass"))
                self.hand.clear()
                self.selection_changed()
                return
        if self.hand.next_hint(legal):
            self.selection_changed()

    def play_hint(self) -> bool:
        """Play the hint on show (after H), else the hint's move (asked for first, and played when it comes);
        pass when the hint is to pass."""
        game, human = self.session.game, self.session.human
        if not self.mine() or human is None:
            return False
        hand = self.hand
        shown: Move | None = hand.hints[hand.hint_index] if 0 <= hand.hint_index < len(hand.hints) else None
        if not game.legal_moves(human):
            return self.try_pass() if game.table is not None else False
        if shown is None or set(shown) != hand.selected:
            advice = self.advice()
            if advice is None:
                self._ask("play")
                return False
            shown = advice.move
        if shown is None:
            return self.try_pass() if game.table is not None else False
        hand.select_only(shown)
        return self.try_play()

    def sort(self) -> None:
        self.hand.toggle_sort()
        self.relayout_hand()
        self.changed()

    def refuse(self, text: str) -> None:
        """Say why a move was refused: floating up from the status line, unless that line says it already
        (a second copy of the same words over it reads as a smudge)."""
        already = text == self.controls.status[0]
        self.controls.notice = text
        self._drop_refusal()
        if already:
            self.stage.sound("select", 0.3)
            self.changed()
            return
        lay = self.stage.layout
        self.refusal = FloatText(life=1.2, value=text, at=(lay.size[0] // 2, lay.message_y), colour=theme.WARN,
                                 size=20, rise=10)
        self.stage.sprites.effects.append(self.refusal)
        self.changed()

    def _drop_refusal(self) -> None:
        effects = self.stage.sprites.effects
        if self.refusal in effects:
            effects.remove(self.refusal)
        self.refusal = None
