"""The companion's own errors: one base, so the command line catches once.

Like gpiozero's ``exc.py``: every error the companion raises on purpose derives
from :class:`CompanionError` and also from the builtin it resembles, so code
that expects a ``ValueError`` or an ``OSError`` still catches it. Each message
is written for the person at the table: what is wrong, where, and what to do.

This module imports nothing, so the pure rules core can use it.

>>> issubclass(IllegalMove, ValueError) and issubclass(IllegalMove, CompanionError)
True
"""

from __future__ import annotations


class CompanionError(Exception):
    """Base of every error the companion raises for a person to read."""


class IllegalMove(CompanionError, ValueError):
    """An event that the rules do not allow in the current state (the message is for the screen)."""


class UnknownGame(CompanionError, LookupError):
    """A game name that no registered game has."""


class OutputError(CompanionError, OSError):
    """A folder the companion was asked to write into that cannot be one."""

