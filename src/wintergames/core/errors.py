"""The exceptions of wintergames.

Every error names what was wrong and what is allowed instead. The errors about a
decision (illegal, out of turn, after the end) are also ``ValueError`` so callers
that only know the standard library can still catch them.

>>> from wintergames.core.errors import IllegalActionError
>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations


class WintergamesError(Exception):
    """Base class of every error raised by wintergames."""


class IllegalActionError(WintergamesError, ValueError):
    """The action breaks a rule; the message names the rule and what is allowed."""


class NotYourTurnError(WintergamesError, ValueError):
    """The player does not owe a decision now."""


class GameOverError(WintergamesError, ValueError):
    """The game has ended; no more actions are accepted."""


class InvalidOptionError(WintergamesError, ValueError):
    """A game option, player count or setting is unknown or out of range."""


class UnknownGameError(WintergamesError, KeyError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class ReplayError(WintergamesError, ValueError):
    """A replay record or state snapshot is malformed or does not replay."""


class ActionFormatError(WintergamesError, ValueError):
    """A text notation or JSON object does not describe any action of the game."""
