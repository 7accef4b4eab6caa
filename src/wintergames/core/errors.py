"""The exceptions of wintergames.

Every error names what was wrong and what is allowed instead. The errors about a
decision (illegal, out of turn, after the end) are also ``ValueError`` so callers
that only know the standard library can still catch them.

>>> from wintergames.core.errors import IllegalActionError
>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator


class WintergamesError(Exception):
    """Base class of every error raised by wintergames."""


class RefusedByRuleError(WintergamesError, ValueError):
    """A decision refused by a rule: ``rule`` is the id of the game's rule passage that
    refuses it (``None`` where a game has not named one)."""

    def __init__(self, message: str = "", rule: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule

    def __reduce__(self) -> tuple[type, tuple[str, str | None]]:
        return type(self), (str(self), self.rule)


class IllegalActionError(RefusedByRuleError):
    """The action breaks a rule; the message says what is allowed.

    >>> err = IllegalActionError("stand 3 is out of your reach", rule="turn.reach")
    >>> str(err), err.rule
    ('stand 3 is out of your reach', 'turn.reach')
    >>> import pickle; pickle.loads(pickle.dumps(err)).rule
    'turn.reach'
    """


class NotYourTurnError(RefusedByRuleError):
    """The player does not owe a decision now; ``rule`` names the passage that says
    whose turn it is."""


class InvalidSeatError(WintergamesError, ValueError):
    """A seat that is no seat of the game: not a whole number (a bool, a float and a
    text are refused alike) or outside ``0 .. num_players - 1``."""


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


class InvalidStateError(ReplayError):
    """A state snapshot is damaged: a part is missing, of the wrong kind, out of range,
    or breaks one of the game's invariants (a component lost or counted twice)."""


class ActionFormatError(WintergamesError, ValueError):
    """A text notation or JSON object does not describe any action of the game."""


# -- quoting input in messages ------------------------------------------------------------

EXCERPT_LIMIT = 60
_MAX_DEPTH = 12  # nesting shown before '…' (each level costs a character anyway)
_MAX_INT_BITS = 190  # about 57 digits: longer integers are described, never printed


def excerpt(value: object, limit: int = EXCERPT_LIMIT) -> str:
    """A short, safe rendering of ``value`` for an error message: at most ``limit``
    characters, then ``…``.

    Messages quote what a client sent, and a client may send anything: a 1 MB string,
    an integer too long for ``repr`` (Python refuses over 4,300 digits), lists nested
    10,000 deep. Strings, numbers, ``None`` and short containers print as ``repr``
    would; only what fits in ``limit`` is ever rendered.

    >>> excerpt("Q-wind"), excerpt(3), excerpt(float("nan")), excerpt(True), excerpt(None)
    ("'Q-wind'", '3', 'nan', 'True', 'None')
    >>> excerpt({"kind": "flick", "angle": 1e308})
    "{'kind': 'flick', 'angle': 1e+308}"
    >>> excerpt("x" * 10_000, limit=10)
    "'xxxxxxxxx…"
    >>> excerpt(10 ** 5000)
    '<integer of ~5001 digits>'
    >>> deep: list[object] = []
    >>> for _ in range(10_000):
    ...     deep = [deep]
    >>> excerpt(deep)
    '[[[[[[[[[[[[…]]]]]]]]]]]]'
    """
    out: list[str] = []
    size = 0
    for token in _tokens(value, limit, 0):
        out.append(token)
        size += len(token)
        if size > limit:
            return "".join(out)[:limit] + "…"
    return "".join(out)


def _tokens(value: object, limit: int, depth: int) -> Iterator[str]:
    """The pieces of ``value``'s rendering, lazily, so only what is shown is rendered."""
    if value is None or isinstance(value, bool | float):
        yield repr(value)
    elif isinstance(value, int):
        yield _int_text(value)
    elif isinstance(value, str):
        yield repr(value[: limit + 2])  # the caller cuts it (and adds '…') if longer
    elif isinstance(value, list | tuple | dict | set | frozenset):
        if depth >= _MAX_DEPTH:
            yield "…"
            return
        brackets = "[]" if isinstance(value, list) else "()" if isinstance(value, tuple) else "{}"
        yield brackets[0]
        if isinstance(value, dict):
            for i, (key, item) in enumerate(value.items()):
                yield ", " if i else ""
                yield from _tokens(key, limit, depth + 1)
                yield ": "
                yield from _tokens(item, limit, depth + 1)
        else:
            for i, item in enumerate(value):
                yield ", " if i else ""
                yield from _tokens(item, limit, depth + 1)
            if isinstance(value, tuple) and len(value) == 1:
                yield ","
        yield brackets[1]
    else:
        try:
            text = repr(value)
        except Exception:  # noqa: BLE001 - a broken repr must not hide the real error
            text = f"<{type(value).__name__}>"
        yield text[: limit + 2]


def _int_text(value: int) -> str:
    if value.bit_length() <= _MAX_INT_BITS:
        return int.__repr__(value)
    # The digit count from the bit length (give or take one): counting them exactly
    # would mean printing the number.
    digits = math.floor(value.bit_length() * math.log10(2)) + 1
    return f"<{'negative ' if value < 0 else ''}integer of ~{digits} digits>"
