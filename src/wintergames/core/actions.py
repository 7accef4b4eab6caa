"""The base of every game's actions.

An action is a small immutable value: hashable, comparable, printable in a short
notation (``str(action)``) that the game's spec parses back, and convertible to a
JSON object (``action.to_json()``) that ``spec.action_from_json`` reads back.
Games define one frozen dataclass per kind of decision.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Action:
    """Base class of all actions; subclasses are ``@dataclass(frozen=True, slots=True)``."""

    __slots__ = ()
    kind: ClassVar[str] = "action"

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict with a ``kind`` key; the game's spec reads it back."""
        raise NotImplementedError
