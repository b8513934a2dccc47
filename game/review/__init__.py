"""The coach: ``review(record, seat)`` grades a seat's decisions in a recorded game against the strongest bot's
judgement, from what that seat could see, names the costliest and plays the deal again with the strongest
bot in that seat. ``python3 -m game.review FILE`` does it headless (see docs/file-formats.md)."""

from game.review.coach import Decision, Finding, Review, review
from game.review.duplicate import Duplicate
from game.review.grade import Cancelled, Grade, Option
from game.review.judge import strongest_level

__all__ = ["Cancelled", "Decision", "Duplicate", "Finding", "Grade", "Option", "Review", "review",
           "strongest_level"]
