"""A decision in progress as a short stack of small frozen frames.

A move that takes several choices (a hex, then the circle to play, then the special
action) opens one frame per choice on ``state.pending`` (innermost last); an empty stack
means the seat to move makes the turn's free choice. Each frame kind is a frozen
dataclass subclass of ``Frame`` that holds, in one place, its fields and its public
view; a game's own base class adds the legal options, the resolution and the prompt.

A saved state keeps each frame as ints: the kind's ``CODE`` then its fields, a tuple
field (which must come last) spread out. ``FrameKinds`` reads them back, so games saved
before frames were classes load unchanged.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Pay(Frame):
...     CODE = 6
...     NAME = "PAY"
...     purpose: int
...     left: tuple[int, ...] = ()
>>> Pay(1, (2, 3)).encode()
(6, 1, 2, 3)
>>> FrameKinds([Pay]).decode([6, 1, 2, 3]) == Pay(1, (2, 3))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from wintergames.core.errors import InvalidStateError


class Frame:
    """One open decision: a kind (``CODE``, ``NAME``) and the arguments it was opened with.

    Subclasses are ``@dataclass(frozen=True, slots=True)``: a frame is a value, shared
    by a state and its clones, replaced rather than changed.
    """

    __slots__ = ()
    CODE: ClassVar[int]  # the kind in a saved state: never reused for another kind
    NAME: ClassVar[str]  # the kind in the observation's decision context
    # Kinds that share a code (the questions of one kind of frame) are told apart by
    # ``SUB``, saved among the arguments at ``SUB_AT``.
    SUB: ClassVar[int | None] = None
    SUB_AT: ClassVar[int] = 0

    def encode(self) -> tuple[int, ...]:
        """The frame as ints: ``CODE``, then each field, a trailing tuple spread out (and
        ``SUB`` at its place)."""
        out: list[int] = []
        for field in fields(self):  # type: ignore[arg-type]  # every subclass is a dataclass
            value = getattr(self, field.name)
            if isinstance(value, tuple):
                out += value
            else:
                out.append(int(value))
        if self.SUB is not None:
            out.insert(self.SUB_AT, self.SUB)
        return (self.CODE, *out)

    @classmethod
    def decode(cls, args: Sequence[int]) -> Self:
        """The frame whose fields ``encode`` wrote after the code."""
        names = fields(cls)  # type: ignore[arg-type]
        spread = bool(names) and _is_tuple(names[-1].type)
        if any(_is_tuple(field.type) for field in names[:-1]):
            raise TypeError(f"{cls.__name__}: a tuple field comes last")
        fixed = len(names) - spread
        if len(args) < fixed or (len(args) > fixed and not spread):
            raise InvalidStateError(f"a {cls.NAME} frame has {fixed} arguments"
                                    f"{' or more' if spread else ''}, not {len(args)}: "
                                    f"{list(args)}")
        values: list[Any] = list(args[:fixed])
        if spread:
            values.append(tuple(args[fixed:]))
        return cls(*values)

    def context(self) -> dict[str, Any]:
        """The frame's public arguments, allow-listed by each kind (none by default)."""
        return {}


def _is_tuple(annotation: object) -> bool:
    # Annotations are strings under ``from __future__ import annotations``.
    return str(annotation).startswith(("tuple", "Tuple"))


F = TypeVar("F", bound=Frame)


class FrameKinds(Generic[F]):
    """A game's frame kinds by code, to read saved states back."""

    def __init__(self, kinds: Iterable[type[F]]) -> None:
        self._kinds: dict[tuple[int, int | None], type[F]] = {}
        self._sub_at: dict[int, int | None] = {}  # per code: where its SUB is saved
        for kind in kinds:
            key = (kind.CODE, kind.SUB)
            if key in self._kinds:
                raise ValueError(f"{kind.__name__} and {self._kinds[key].__name__} "
                                 f"share the code {kind.CODE}")
            sub_at = None if kind.SUB is None else kind.SUB_AT
            if self._sub_at.setdefault(kind.CODE, sub_at) != sub_at:
                raise ValueError(f"the kinds of code {kind.CODE} do not say alike where "
                                 "their SUB is saved")
            self._kinds[key] = kind

    def __iter__(self) -> Iterator[type[F]]:
        """The kinds in the order of their codes (and SUB codes)."""
        return iter(self._kinds[key] for key in sorted(self._kinds, key=_order))

    def __len__(self) -> int:
        return len(self._kinds)

    def decode(self, data: Sequence[int]) -> F:
        """The frame a saved state wrote as ``[CODE, *arguments]``."""
        code = data[0] if data else None
        if code not in self._sub_at:
            raise InvalidStateError(f"unknown decision frame {list(data)!r}; the kinds are "
                                    f"{sorted(self._sub_at)}")
        assert code is not None
        args = list(data[1:])
        sub_at = self._sub_at[code]
        sub = None
        if sub_at is not None:
            if len(args) <= sub_at:
                raise InvalidStateError(f"decision frame {list(data)!r} says no question")
            sub = args.pop(sub_at)
        if (code, sub) not in self._kinds:
            raise InvalidStateError(f"unknown decision frame {list(data)!r}")
        return self._kinds[code, sub].decode(args)


def _order(key: tuple[int, int | None]) -> tuple[int, int]:
    return key[0], -1 if key[1] is None else key[1]


class Stacked(Protocol[F]):
    """A state with a stack of open frames."""

    pending: tuple[F, ...]


def top(s: Stacked[F]) -> F | None:
    """The innermost open frame, or none."""
    return s.pending[-1] if s.pending else None


def push(s: Stacked[F], frame: F) -> None:
    s.pending = (*s.pending, frame)


def pop(s: Stacked[F]) -> F:
    frame = s.pending[-1]
    s.pending = s.pending[:-1]
    return frame


def replace_top(s: Stacked[F], frame: F) -> None:
    s.pending = (*s.pending[:-1], frame)
