"""The base of every game's actions.

An action is a small immutable value: hashable, comparable, printable in a short
notation (``str(action)``) that the game's spec parses back, and convertible to a
JSON object (``action.to_json()``) that ``spec.action_from_json`` reads back.
Games define one frozen dataclass per kind of decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from wintergames.core.errors import ActionFormatError


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
        except KeyError:
            raise ActionFormatError(self.unindexed(action)) from None

    def decode(self, index: int, num_players: int, options: Mapping[str, Any]) -> Action:
        if isinstance(index, bool) or not isinstance(index, int) \
                or not 0 <= index < len(self.actions):
            raise ActionFormatError(
                f"action index must be in 0..{len(self.actions) - 1}, not {index!r}")
        return self.actions[index]

    def unindexed(self, action: Action) -> str:
        return f"{action!r} is not a {self.title} action"
