"""The base of every game's actions.

An action is a small immutable value: hashable, comparable, printable in a short
notation (``str(action)``) that the game's spec parses back, and convertible to a
JSON object (``action.to_json()``) that ``spec.action_from_json`` reads back.
Games define one frozen dataclass per kind of decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from wintergames.core.errors import ActionFormatError, excerpt

# No action's notation is near this long; longer text is refused before any parsing.
MAX_NOTATION = 200


class Action:
    """Base class of all actions; subclasses are ``@dataclass(frozen=True, slots=True)``."""

    __slots__ = ()
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with a ``kind`` key; the game's spec reads it back."""
        raise NotImplementedError


class IndexedCodec:
    """The integer half of a game's codec: an action's index is its place in ``actions``.

    A game lists every action it can ever number once, as interned values, and subclasses
    this with ``parse`` (notation) and ``from_json``. ``unindexed`` may explain why an
    action has no index (an ICECOOL flick off the grid).
    """

    def __init__(self, actions: tuple[Action, ...], title: str) -> None:
        self.actions = actions
        self.index = {a: i for i, a in enumerate(actions)}
        self.title = title

    def num_distinct(self, num_players: int, options: Mapping[str, Any]) -> int:
        return len(self.actions)

    def encode(self, action: Action, num_players: int, options: Mapping[str, Any]) -> int:
        try:
            return self.index[action]
        except (KeyError, TypeError):  # TypeError: not even hashable
            raise ActionFormatError(self.unindexed(action)) from None

    def decode(self, index: int, num_players: int, options: Mapping[str, Any]) -> Action:
        if isinstance(index, bool) or not isinstance(index, int) \
                or not 0 <= index < len(self.actions):
            raise ActionFormatError(
                f"action index must be in 0..{len(self.actions) - 1}, not {excerpt(index)}")
        return self.actions[index]

    def unindexed(self, action: Action) -> str:
        return f"{excerpt(action)} is not a {self.title} action"


# -- reading untrusted input: every failure is an ActionFormatError with a short message --


def notation(text: object) -> str:
    """``text`` stripped, if it can be an action's notation at all: a string of at most
    ``MAX_NOTATION`` characters (so no parser ever sees a megabyte)."""
    if not isinstance(text, str):
        raise ActionFormatError(f"an action's notation is text, not {excerpt(text)}")
    if len(text) > MAX_NOTATION:
        raise ActionFormatError(
            f"an action's notation is at most {MAX_NOTATION} characters, not {len(text)}: "
            f"{excerpt(text)}")
    return text.strip()


def int_or_text(text: str) -> int | str:
    """The integer written in ``text`` if it is a short run of digits, else ``text`` itself,
    which the caller's range check then refuses (``int`` refuses over 4,300 digits).

    >>> int_or_text("12"), int_or_text("9" * 5000) == "9" * 5000, int_or_text("²")
    (12, True, '²')
    """
    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= 18:
        return int(digits)
    return text


def json_kind(obj: object, kinds: str) -> str:
    """The ``kind`` of an action's JSON object (``kinds`` lists the allowed ones)."""
    if not isinstance(obj, dict) or "kind" not in obj:
        raise ActionFormatError(f"an action is a JSON object with a 'kind', not {excerpt(obj)}")
    kind = obj["kind"]
    if not isinstance(kind, str):
        raise ActionFormatError(f"an action's kind is one of {kinds}, not {excerpt(kind)}")
    return kind


def json_field(obj: dict[Any, Any], kind: str, name: str) -> Any:
    """``obj[name]``, or an error naming the missing field."""
    if name not in obj:
        raise ActionFormatError(
            f"malformed {excerpt(kind)} action {excerpt(obj)}: missing {name!r}")
    return obj[name]

