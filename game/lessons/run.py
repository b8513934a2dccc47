"""Playing a lesson: its game, the step it is at, the player's attempts, and progress to resume from."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.cards import Card, parse_cards
from game.engine.events import Chopped, Event
from game.engine.game import Game
from game.lessons.practice import replay_prefix
from game.lessons.steps import (
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
        """The lesson at a stored point; raise ``ValueError`` when the point does not fit the lesson."""
        run = cls(lesson, rules)
        step = progress.get("step")
        actions = progress.get("actions")
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(lesson.steps):
            raise ValueError(f"no step {step!r} in lesson {lesson.id}")
        if not isinstance(actions, list):
            raise ValueError("the stored actions are not a list")
        expected = sum(1 for s in lesson.steps[:step] if changes_game(s))
        if len(actions) != expected:
            raise ValueError(f"step {step} of lesson {lesson.id} follows {expected} actions, not {len(actions)}")
        data = run.game.to_dict()
        data["actions"] = actions
        run.game = Game.from_dict(data, rules)
        run.index = step
        return run

    def restart(self) -> None:
        """Back to the first step with the deal as dealt."""
        self.game = replay_prefix(self.game, 0)
        self.index = 0
