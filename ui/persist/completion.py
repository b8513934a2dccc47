"""At start-up, the finished games of the saved match that the statistics or the history lack are added to them.

The order of a game's end is: the match save (with the game over in it), then the statistics, then the history
(``Profile.keep_finished``); each of the last two records the last game of the match it took in, in the same
atomic write (``game.records.counted``). A process killed between two of those writes leaves a save that holds
a game one of the others lacks; this completes them, once, whatever moment the kill came. A file that could not
be read this session (left alone) is completed at a later start, when it reads again.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.engine.game import Game
from game.records.counted import Counted, missing
from game.records.history import GameEntry, new_entry
from game.records.match_save import SavedMatch, match_house_rules
from game.table.choice import MatchChoice
from game.table.session import OPPONENT_NAMES

if TYPE_CHECKING:
    from ui.persist.profile import Profile

log = logging.getLogger("tienlen.profile")


def finished_count(saved: SavedMatch) -> int:
    """How many games of the saved match are over: those finished and a game in progress that has ended."""
    current = saved.match.current
    return len(saved.match.results) + (1 if current is not None and current.is_over else 0)


def game_record(match_body: Mapping[str, Any], number: int) -> Mapping[str, Any]:
    """Game ``number`` (1 = the first) of a saved match's record: a finished one, or the ended game in progress."""
    games = match_body["games"]
    record: Mapping[str, Any] = games[number - 1] if number <= len(games) else match_body["current"]
    return record


def complete(profile: Profile, saved: SavedMatch, match_body: Mapping[str, Any]) -> None:
    """Count in the statistics, now, and keep in the history, on the writer thread, each game of ``saved`` that
    they lack. ``match_body`` is the match's record (``Match.to_dict()``) taken on this thread. A save made
    before matches had ids is taken as counted and kept: both files are marked as holding its games."""
    match_id, finished = profile.match_id, finished_count(saved)
    legacy, rules, seed = not saved.match_id, saved.match.rules, saved.match.seed
    if legacy:
        profile.stats.counted = Counted(match_id, finished)  # written by the start-up's save of the statistics
    for number in () if legacy else missing(profile.stats.counted, match_id, finished):
        game = Game.from_dict(dict(game_record(match_body, number)), rules)
        log.info("game %d of the saved match was not in the statistics (the game stopped): counted now", number)
        profile.record_game(saved.choice, game.result, game.log, seat=0, number=number)

    def keep() -> None:
        history = profile.history
        history.entries()  # read on first use; what the read found waits for the player in take_notices
        if legacy:
            history.mark(Counted(match_id, finished))
            return
        for number in missing(history.counted, match_id, finished):
            game = Game.from_dict(dict(game_record(match_body, number)), rules)
            log.info("game %d of the saved match was not in the history (the game stopped): kept now", number)
            profile.keep_now(entry_of(game, saved.choice, seed, number), seed, Counted(match_id, number))

    if finished or legacy:
        profile.keep_in_history(("history-complete", match_id), keep)


def entry_of(game: Game, choice: MatchChoice, seed: int, number: int) -> GameEntry:
    """The history entry the table would have kept for game ``number`` of a match played at this window (the
    player in seat 0, the opponents as chosen, seated as the table seats them)."""
    players = len(game.hands)
    bots = [None] + [(choice.opponents[s - 1], seed * 7 + s) for s in range(1, players)]
    return new_entry(game, number=number, seat=0, names=["", *OPPONENT_NAMES][:players], bots=bots,
                     table_bet=choice.table_bet, house_rules=match_house_rules(choice))  # fmt: skip
