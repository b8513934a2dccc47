"""The scene stack calls enter, pause, resume and leave exactly once each, in order, and refuses misuse."""

from __future__ import annotations

import pytest

from ui.scene import Scene, SceneError, SceneStack


class Recorder(Scene):
    def __init__(self, name: str, calls: list[str]) -> None:
        self.name, self.calls, self.life = name, calls, "new"

    def enter(self) -> None:
        self.calls.append(f"{self.name}.enter")

    def pause(self) -> None:
        self.calls.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.calls.append(f"{self.name}.resume")

    def leave(self) -> None:
        self.calls.append(f"{self.name}.leave")


def make(*names: str) -> tuple[SceneStack, list[str], dict[str, Recorder]]:
    calls: list[str] = []
    return SceneStack(lambda: (1280, 720)), calls, {n: Recorder(n, calls) for n in names}


def test_push_pauses_the_top_and_pop_resumes_it() -> None:
    stack, calls, s = make("menu", "table", "dialog")
    stack.push(s["menu"])
    stack.push(s["table"])
    stack.push(s["dialog"])
    assert stack.pop() is s["dialog"]
    assert calls == ["menu.enter", "menu.pause", "table.enter", "table.pause", "dialog.enter", "dialog.leave",
                     "table.resume"]
    assert stack.top is s["table"] and len(stack) == 2


def test_replace_leaves_the_top_without_waking_the_scene_beneath() -> None:
    stack, calls, s = make("menu", "new_match", "table")
    stack.push(s["menu"])
    stack.push(s["new_match"])
    calls.clear()
    stack.replace(s["table"])
    assert calls == ["new_match.leave", "table.enter"]
    assert list(stack) == [s["menu"], s["table"]]


def test_remove_closes_a_scene_and_everything_over_it_once_each() -> None:
    stack, calls, s = make("menu", "table", "results", "dialog")
    for name in ("menu", "table", "results", "dialog"):
        stack.push(s[name])
    calls.clear()
    stack.remove(s["table"])
    assert calls == ["dialog.leave", "results.leave", "table.leave", "menu.resume"]
    assert list(stack) == [s["menu"]]


def test_misuse_is_an_error() -> None:
    stack, _, s = make("menu", "table")
    with pytest.raises(SceneError):
        stack.pop()
    stack.push(s["menu"])
    with pytest.raises(SceneError):
        stack.push(s["menu"])  # already on the stack
    stack.push(s["table"])
    stack.pop()
    with pytest.raises(SceneError):
        stack.push(s["table"])  # a scene that left never comes back
    with pytest.raises(SceneError):
        stack.remove(s["table"])
    with pytest.raises(SceneError):
        stack.replace(s["menu"])  # not a new scene
