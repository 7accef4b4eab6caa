"""Public home of the exceptions: ``from wintergames.errors import IllegalActionError``."""

from wintergames.core.errors import (
    ActionFormatError,
    GameOverError,
    IllegalActionError,
    InvalidOptionError,
    InvalidSeatError,
    InvalidStateError,
    NotYourTurnError,
    ReplayError,
    UnknownGameError,
    WintergamesError,
)

__all__ = [
    "ActionFormatError",
    "GameOverError",
    "IllegalActionError",
    "InvalidOptionError",
    "InvalidSeatError",
    "InvalidStateError",
    "NotYourTurnError",
    "ReplayError",
    "UnknownGameError",
    "WintergamesError",
]
