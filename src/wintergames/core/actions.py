"""The base of every game's actions.

An action is a small immutable value: hashable, comparable, printable in a short
notation (``str(action)``) that the game's spec parses back, and convertible to a
JSON object (``action.to_json()``) that ``spec.action_from_json`` reads back.
Games define one frozen dataclass per kind of decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
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
        # The listed actions by identity: games hand out these very objects, and an id
        # is found without hashing the dataclass (a mask looks up hundreds). The codec
        # holds them, so no other object can have one of these ids.
        self._by_id = {id(a): i for i, a in enumerate(actions)}
        self.title = title

    def num_distinct(self, num_players: int, options: Mapping[str, Any]) -> int:
        return len(self.actions)

    def encode(self, action: Action, num_players: int, options: Mapping[str, Any]) -> int:
        found = self._by_id.get(id(action))
        if found is not None:
            return found
        try:
            return self.index[action]
        except (KeyError, TypeError):  # TypeError: not even hashable
            raise ActionFormatError(self.unindexed(action)) from None

    def indices(self, actions: Sequence[Action]) -> list[int]:
        """``encode`` of each action at once (an environment's action mask).

        >>> from wintergames.games.winter_queen.actions import CODEC
        >>> CODEC.indices(CODEC.actions[3:5])
        [3, 4]
        """
        by_id = self._by_id.get
        found = [by_id(id(a)) for a in actions]
        if None not in found:
            return found  # type: ignore[return-value]
        index = self.index
        try:  # an equal action made elsewhere (parsed, decoded from JSON)
            return [index[a] for a in actions]
        except (KeyError, TypeError):
            bad = next(a for a in actions if not _numbered(index, a))
            raise ActionFormatError(self.unindexed(bad)) from None

    def decode(self, index: int, num_players: int, options: Mapping[str, Any]) -> Action:
        check_index("action", index, len(self.actions))
        return self.actions[index]

    def unindexed(self, action: Action) -> str:
        return f"{excerpt(action)} is not a {self.title} action"


def _numbered(index: Mapping[Action, int], action: object) -> bool:
    try:
        return action in index
    except TypeError:  # not even hashable
        return False


@dataclass(frozen=True, slots=True)
class NamedAction(Action):
    """A decision naming one thing of a game's list ``table``, by its index ``value``;
    its notation is ``kind NAME`` and its JSON ``{"kind": kind, field: NAME}``.

    A game subclasses it once per kind, setting ``kind``, ``table`` and ``field``
    (and, for its refusals, ``noun`` and ``allowed``: see ``name_index``).

    >>> from typing import ClassVar
    >>> @dataclass(frozen=True, slots=True)
    ... class Pick(NamedAction):
    ...     kind: ClassVar[str] = "pick"
    ...     table: ClassVar[tuple[str, ...]] = ("red", "blue")
    ...     field: ClassVar[str] = "colour"
    >>> str(Pick(1)), Pick(1).to_json()
    ('pick blue', {'kind': 'pick', 'colour': 'blue'})
    >>> Pick(2)
    Traceback (most recent call last):
    ...
    wintergames.core.errors.ActionFormatError: colour index must be in 0..1, not 2
    """

    value: int
    table: ClassVar[tuple[str, ...]] = ()
    field: ClassVar[str] = ""
    # How a refusal names the thing and says what may be said instead (``name_index``):
    # by default the field and the table's names ("there is no type 'x'; types: ...").
    noun: ClassVar[str] = ""
    allowed: ClassVar[str] = ""

    def __post_init__(self) -> None:
        check_index(self.field, self.value, len(self.table))

    def __str__(self) -> str:
        return f"{self.kind} {self.table[self.value]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, self.field: self.table[self.value]}

    @classmethod
    def named(cls, name: object) -> int:
        """The index of ``name`` in this kind's table, or a refusal saying what is allowed."""
        return name_index(cls.table, name, cls.noun or cls.field, cls.allowed)


# -- reading untrusted input: every failure is an ActionFormatError with a short message --


def check_index(what: str, value: object, size: int) -> None:
    """Refuse ``value`` unless it is an ``int`` (not a ``bool``) in ``0..size - 1``.

    >>> check_index("card", 3, 4)
    >>> check_index("card", True, 4)
    Traceback (most recent call last):
    ...
    wintergames.core.errors.ActionFormatError: card index must be in 0..3, not True
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < size:
        raise ActionFormatError(f"{what} index must be in 0..{size - 1}, not {excerpt(value)}")


def numbered(value: object, things: str, last: int) -> int:
    """The index of a thing people number 1..``last`` (a seat, a stand): ``value - 1``.

    >>> numbered(2, "players", 4)
    1
    >>> numbered(0, "players", 4)
    Traceback (most recent call last):
    ...
    wintergames.core.errors.ActionFormatError: players are numbered 1 to 4, not 0
    """
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= last:
        raise ActionFormatError(f"{things} are numbered 1 to {last}, not {excerpt(value)}")
    return value - 1


def name_index(table: Sequence[str], value: object, what: str, allowed: str = "") -> int:
    """The index of ``value`` in ``table``, case and surrounding space ignored, or a
    refusal: "there is no WHAT 'value'", then ``allowed`` (what may be said instead) or
    the table's names (its first and last when it is long).

    >>> name_index(("Red", "Blue"), " blue", "colour")
    1
    >>> name_index(("Red", "Blue"), "green", "colour")
    Traceback (most recent call last):
    ...
    wintergames.core.errors.ActionFormatError: there is no colour 'green'; colours: Red, Blue
    """
    if isinstance(value, str) and len(value) < 40:
        key = value.strip().lower()
        for i, name in enumerate(table):
            if name.lower() == key:
                return i
    shown = ", ".join(table) if len(table) <= 14 else f"{table[0]}..{table[-1]}"
    raise ActionFormatError(f"there is no {what} {excerpt(value)}; "
                            f"{allowed or f'{what}s: {shown}'}")


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

