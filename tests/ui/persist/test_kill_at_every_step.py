"""A finished game is counted in the statistics and kept in the history exactly once, whatever moment the process
dies: the process is killed (every write from that moment on never reaches the disk) before each write, in turn,
of finishing a game and dealing the next, then started again, and the game's last move played again if the
save had not got it. Every one of those kills leaves 2 games in the save, the statistics and the history."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path
from typing import Any

import pytest

from game import safe_file
from game.engine.game import Game
from game.table.choice import MatchChoice
from game.table.session import Session
from ui.persist.completion import finished_count
from ui.persist.paths import Paths
from ui.persist.profile import Profile
from ui.table.keeper import MatchKeeper

CHOICE = MatchChoice("mien-nam", ("easy", "easy"))


class Killed(BaseException):
    """The process died here: nothing after this reaches the disk."""


class Killer:
    """Counts the renames that put a written file in place (``os.replace``) and dies before the ``at``-th."""

    def __init__(self, at: int | None) -> None:
        self.at, self.count, self.dead = at, 0, False
        self._real = safe_file.os.replace
        self._lock = threading.Lock()

    def __call__(self, src: Any, dst: Any) -> None:
        with self._lock:
            if not self.dead and self.at is not None and self.count == self.at:
                self.dead = True
            self.count += 1
            if self.dead:
                raise Killed(f"killed before writing {Path(dst).name}")
        self._real(src, dst)


def _ends_the_game(game: Game, move: Any) -> bool:
    copy = Game.from_dict(game.to_dict(), game.rules)
    copy.play(move, copy.current_player) if move else copy.pass_turn(copy.current_player)
    return copy.is_over


def _next_move(game: Game) -> Any:
    legal = game.legal_moves(game.current_player)
    return legal[0] if legal else None


def _move(session: Session, move: Any) -> None:
    seat = session.game.current_player
    session.play(move, seat) if move else session.pass_turn(seat)


def _sit_down(profile: Profile) -> Session:
    saved = profile.saved
    assert saved is not None
    return Session(saved.choice, saved.match, listeners=[MatchKeeper(profile, saved.choice)])


@pytest.fixture(scope="module")
def template(tmp_path_factory) -> Path:
    """A home whose saved match has game 1 finished and game 2 one move before its end."""
    home = tmp_path_factory.mktemp("template")
    profile = Profile.load(Paths.under(home))
    match = profile.new_match(CHOICE, seed=5)
    session = Session(CHOICE, match, listeners=[MatchKeeper(profile, CHOICE)])
    while not session.game.is_over:
        _move(session, _next_move(session.game))
    session.next_game()
    while not _ends_the_game(session.game, _next_move(session.game)):
        _move(session, _next_move(session.game))
    profile.close()
    return home


def _finish(home: Path, killer: Killer) -> None:
    """Start the game, play game 2's last move, deal game 3: dying where ``killer`` says."""
    profile = Profile.load(Paths.under(home))
    session = _sit_down(profile)
    assert not session.game.is_over and len(session.match.results) == 1
    original = safe_file.os.replace
    safe_file.os.replace = killer
    try:
        _move(session, _next_move(session.game))
        session.next_game()
        profile.flush()
    except Killed:
        pass
    finally:
        profile.writer.close()  # the writer's jobs after the kill fail too: the disk stays as the kill left it
        safe_file.os.replace = original


def _counts(home: Path) -> tuple[int, int, int]:
    """Start again (completing what a kill left out), finish game 2 if the save never got its end; then the
    games over in the save, in the statistics and in the history."""
    profile = Profile.load(Paths.under(home))
    profile.flush()
    if finished_count(profile.saved) < 2:  # type: ignore[arg-type]
        session = _sit_down(profile)
        _move(session, _next_move(session.game))
        profile.flush()
    profile.close()
    again = Profile.load(Paths.under(home), write_back=False)
    kept = [(e.match, e.number) for e in again.history.entries()]
    again.close()
    assert len(set(kept)) == len(kept), kept
    return finished_count(again.saved), again.stats.for_variant("mien-nam").games, len(kept)  # type: ignore[arg-type]


def test_finishing_a_game_makes_its_writes_in_an_order_that_a_kill_cannot_break(template, tmp_path):
    home = tmp_path / "count"
    shutil.copytree(template, home)
    counter = Killer(None)
    _finish(home, counter)
    assert counter.count >= 4  # the save, the statistics, the history, the save of the next deal
    assert _counts(home) == (2, 2, 2)


def test_a_kill_before_any_write_of_finishing_a_game_loses_no_game_and_counts_none_twice(template, tmp_path):
    counter = Killer(None)
    probe = tmp_path / "probe"
    shutil.copytree(template, probe)
    _finish(probe, counter)
    for at in range(counter.count + 1):
        home = tmp_path / f"kill-{at}"
        shutil.copytree(template, home)
        _finish(home, Killer(at))
        assert _counts(home) == (2, 2, 2), f"killed before write {at} of {counter.count}"
