"""Playing a lesson: its game, the step it is at, the player's attempts, and progress to resume from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.cards import Card, parse_cards
from game.engine.combos import classify
from game.engine.events import Chopped, Event
from game.engine.game import Game
from game.lessons.practice import replay_prefix
from game.lessons.steps import (
    PLAY,
    SHOW,
    Ask,
    Goal,
    Lesson,
    Opponent,
    Say,
    Step,
    Verdict,
    changes_game,
    judge_pass,
    judge_play,
    judge_show,
)  # fmt: skip
from game.rules import Rules

PLAYER = 0


def kind_of(cards: Sequence[Card]) -> str | None:
    combo = classify(cards)
    return combo.kind if combo else None


def short(value: object) -> str:
    """A stored value as a reader sees it, cut short (a broken file may hold anything)."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to write out
        return f"a {type(value).__name__} too long to show"
    return text if len(text) <= 40 else text[:39] + "…"


class LessonRun:
    """One lesson being played. ``step`` is what happens next; ``advance`` moves past a ``Say`` or plays an
    ``Opponent`` step; ``play``, ``pass_turn`` and ``show`` answer an ``Ask`` step."""

    def __init__(self, lesson: Lesson, rules: Rules) -> None:
        self.lesson = lesson
        self.rules = rules
        self.game: Game = lesson.deal(rules)
        self.index = 0
        self.mistakes = 0

    # -- where the lesson is -------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        """The step to do next; ``None`` when the lesson is finished."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def goal(self) -> Goal | None:
        step = self.step
        return step.goal if isinstance(step, Ask) else None

    def facts(self) -> dict[str, Any]:
        """Numbers the lesson's words may name: the last chặt paid and what the player won so far."""
        chops = [e for e in self.game.log if isinstance(e, Chopped)]
        result = self.game.result
        return {
            "chop": chops[-1].amount if chops else 0.0,
            "won": result.payments[PLAYER] if result else 0.0,
        }

    def hint(self) -> tuple[Card, ...]:
        """The cards the step asks for: its own, else the lowest play of the kind it names (none for a pass, or
        an instant win's pattern, which the player picks)."""
        goal = self.goal
        if goal is None or goal.cards:
            return goal.card_list if goal else ()
        if goal.action != PLAY or self.game.is_over or self.game.current_player != PLAYER:
            return ()
        fits = (m for m in self.game.legal_moves(PLAYER) if goal.kind is None or kind_of(m) == goal.kind)
        return next(fits, ())

    # -- acting --------------------------------------------------------------------------------------
    def advance(self) -> list[Event]:
        """Move past a ``Say`` step, or play an ``Opponent`` step (returning the engine's events)."""
        step = self.step
        if isinstance(step, Say):
            self.index += 1
            return []
        if isinstance(step, Opponent):
            events = (self.game.play(parse_cards(step.cards), step.seat) if step.cards is not None
                      else self.game.pass_turn(step.seat))
            self.index += 1
            return events
        raise ValueError("this step waits for the player" if step is not None else "the lesson is finished")

    def play(self, cards: Sequence[Card]) -> Verdict:
        verdict = judge_play(self.game, PLAYER, self._ask().goal, cards)
        return self._after(verdict)

    def pass_turn(self) -> Verdict:
        verdict = judge_pass(self.game, PLAYER, self._ask().goal)
        return self._after(verdict)

    def show(self, cards: Sequence[Card]) -> Verdict:
        """Show cards for an instant-win step (any other step wants a play or a pass instead)."""
        goal = self._ask().goal
        if goal.action != SHOW:
            return self.play(cards)
        return self._after(judge_show(self.game.initial_hands[PLAYER], goal, cards))

    def _ask(self) -> Ask:
        step = self.step
        if not isinstance(step, Ask):
            raise ValueError("this step does not wait for the player")
        return step

    def _after(self, verdict: Verdict) -> Verdict:
        if verdict.ok:
            self.index += 1
        else:
            self.mistakes += 1
        return verdict

    # -- resuming ------------------------------------------------------------------------------------
    def progress(self) -> dict[str, Any]:
        """What to store to come back to this point: the step and the game's actions."""
        return {"step": self.index, "actions": [list(a) for a in self.game.actions]}

    @classmethod
    def resume(cls, lesson: Lesson, rules: Rules, progress: dict[str, Any]) -> LessonRun:
        """The lesson at a stored point, reached again by following the lesson's own steps with the stored actions
        as its moves: each scripted one must be exactly the script's, each of the player's one the lesson accepts.
        Raise ``ValueError`` when the point is not exactly one the lesson reaches."""
        step = progress.get("step")
        actions = progress.get("actions")
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(lesson.steps):
            raise ValueError(f"no step {short(step)} in lesson {lesson.id}")
        if not isinstance(actions, list):
            raise ValueError("the stored actions are not a list")
        expected = sum(1 for s in lesson.steps[:step] if changes_game(s))
        if len(actions) != expected:
            raise ValueError(f"step {step} of lesson {lesson.id} follows {expected} actions, not {len(actions)}")
        run = cls(lesson, rules)
        stored = iter(actions)
        while run.index < step:
            current = run.step
            if isinstance(current, Ask) and current.goal.action == SHOW:
                run.index += 1  # shown, not played: the game is as it was
                continue
            if isinstance(current, Say):
                run.advance()
                continue
            action = next(stored)
            if isinstance(current, Opponent):
                run.advance()
            else:
                run._replay_answer(action)
            if run.game.actions[-1] != action:
                raise ValueError(f"step {run.index - 1} of lesson {lesson.id}: stored {short(action)}, "
                                 f"the lesson made {run.game.actions[-1]}")  # fmt: skip
        run.mistakes = 0
        return run

    def _replay_answer(self, action: object) -> None:
        """Make a stored move of the player's as the answer to the current step; raise ``ValueError`` when the
        lesson would not accept it."""
        if isinstance(action, list) and action[:2] == ["pass", PLAYER] and len(action) == 2:
            verdict = self.pass_turn()
        elif isinstance(action, list) and action[:2] == ["play", PLAYER] and len(action) == 3 and isinstance(
                action[2], str) and len(action[2]) <= 60:  # fmt: skip
            verdict = self.play(parse_cards(action[2]))
        else:
            raise ValueError(f"step {self.index} of lesson {self.lesson.id}: {short(action)} is not a move of yours")
        if not verdict.ok:
            raise ValueError(f"step {self.index} of lesson {self.lesson.id} does not accept {short(action)}")

    def restart(self) -> None:
        """Back to the first step with the deal as dealt."""
        self.game = replay_prefix(self.game, 0)
        self.index = 0
