"""Observations as numbers: named slices over one flat float32 vector.

A game describes its encoding of ``observation(player)`` as a list of ``Field``\\ s (a name,
a shape, what the numbers mean and their range) and a ``fill`` function that writes one
observation dict into them. RL environments, benchmarks and ``docs/rl.md`` read the same
description, so the documented slices are the ones the vector has.

``fill`` receives the observation dict, never the state: what a seat may see is decided
once, by the game's allow-listed ``observation``, and an encoding cannot see more.

>>> layout = Layout((Field("phase", (3,), "one-hot: setup, play, end"),
...                  Field("seats", (2, 2), "per seat from mine: score / 50, cards / 10")))
>>> layout.size, layout.slice("seats")
(7, slice(3, 7, None))
>>> vector = layout.zeros()
>>> view = layout.writer(vector)
>>> view["phase"][1] = 1.0
>>> view["seats"][0] = (0.5, 0.2)
>>> vector.tolist()
[0.0, 1.0, 0.0, 0.5, 0.20000000298023224, 0.0, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Field:
    """One named block of the vector: its shape, meaning and the range of its numbers."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    low: float = 0.0
    high: float = 1.0

    def __post_init__(self) -> None:
        if not self.shape or any(n < 1 for n in self.shape):
            raise ValueError(f"field {self.name!r} needs a shape of positive sizes, "
                             f"not {self.shape}")
        if not self.low < self.high:
            raise ValueError(f"field {self.name!r}: low {self.low} must be below high "
                             f"{self.high}")

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class Layout:
    """Fields laid end to end in one flat vector, in the order given."""

    def __init__(self, fields: Iterable[Field]) -> None:
        self.fields: tuple[Field, ...] = tuple(fields)
        self._spans: dict[str, tuple[int, int, tuple[int, ...]]] = {}
        start = 0
        for f in self.fields:
            if f.name in self._spans:
                raise ValueError(f"two fields are named {f.name!r}")
            self._spans[f.name] = (start, start + f.size, f.shape)
            start += f.size
        self.size = start
        self.low: Vector = np.zeros(self.size, np.float32)
        self.high: Vector = np.zeros(self.size, np.float32)
        for f in self.fields:
            self.low[self.slice(f.name)] = f.low
            self.high[self.slice(f.name)] = f.high

    def slice(self, name: str) -> slice:
        """Where field ``name`` lies in the vector."""
        start, stop, _ = self._spans[name]
        return slice(start, stop)

    def zeros(self) -> Vector:
        return np.zeros(self.size, np.float32)

    def writer(self, vector: Vector) -> Writer:
        return Writer(self, vector)

    def split(self, vector: npt.NDArray[Any]) -> dict[str, npt.NDArray[Any]]:
        """The vector read back as one array per field, in its shape; views into it.

        A batch of vectors (any leading axes, the last one the vector's) gives each field
        with the same leading axes.
        """
        if vector.ndim < 1 or vector.shape[-1] != self.size:
            raise ValueError(f"an observation vector of this encoding has {self.size} numbers "
                             f"(its last axis); this array has shape {vector.shape}")
        lead = vector.shape[:-1]
        return {name: vector[..., a:b].reshape(lead + shape)
                for name, (a, b, shape) in self._spans.items()}

    def out_of_range(self, vector: Vector) -> list[str]:
        """The fields holding a number outside their range, or one that is not finite."""
        # The whole vector against the fields' bounds laid end to end first: the same
        # float32 comparisons as field by field (a Python float bound is compared as a
        # float32, as ``low`` and ``high`` hold it), in three numpy calls instead of three
        # per field. Only a vector out of range is gone through field by field, to name them.
        if (vector.shape == self.low.shape and np.isfinite(vector).all()
                and (vector >= self.low).all() and (vector <= self.high).all()):
            return []
        bad = []
        for f in self.fields:
            block = vector[self.slice(f.name)]
            if not (np.isfinite(block).all() and (block >= f.low).all()
                    and (block <= f.high).all()):
                bad.append(f"{f.name} (range {f.low}..{f.high}, "
                           f"holds {block.min():g}..{block.max():g})")
        return bad


class Writer:
    """``writer[name]`` is the field's block of the vector, as an array of its shape.

    Writes go straight into the vector; an index past the field's shape raises
    ``IndexError`` instead of spilling into the next field.
    """

    def __init__(self, layout: Layout, vector: Vector) -> None:
        if vector.shape != (layout.size,):
            raise ValueError(f"the vector has shape {vector.shape}, the layout {layout.size}")
        self._views = {name: vector[a:b].reshape(shape)
                       for name, (a, b, shape) in layout._spans.items()}

    def __getitem__(self, name: str) -> Vector:
        return self._views[name]


def scaled(value: float, most: float) -> float:
    """``value / most``, capped at 1: a count whose rules give no hard bound."""
    return min(float(value) / most, 1.0)


def seats_from(me: int, num_players: int) -> list[int]:
    """Seats in the order an encoding lists them: the observer first, then clockwise.

    >>> seats_from(2, 4)
    [2, 3, 0, 1]
    """
    return [(me + k) % num_players for k in range(num_players)]


@dataclass(frozen=True)
class ObservationEncoding:
    """A game's encoding of ``observation(player)`` at one player count and options."""

    layout: Layout
    fill: Callable[[Mapping[str, Any], int, Writer], None] = field(repr=False)
    # Fields that may legitimately keep one value through a whole game at this player count
    # and options (a variant's track when the variant is off), with the reason.
    constant: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # One buffer and its field views, built once: making the views is a third of an
        # encode's cost. Each encode returns a copy, so callers never share the buffer.
        scratch = self.layout.zeros()
        object.__setattr__(self, "_scratch", scratch)
        object.__setattr__(self, "_writer", self.layout.writer(scratch))

    def fields(self, vector: npt.ArrayLike) -> dict[str, npt.NDArray[Any]]:
        """An observation vector (from ``encode`` or an environment) split into its named
        fields, in the encoding's order, each in its declared shape (``docs/rl.md`` lists
        them). Each is a view into ``vector`` when it is a numpy array: writing into one
        writes into the vector. A batch (leading axes before the vector's) keeps them:

        >>> import wintergames as wg
        >>> spec = wg.get_spec("winter-queen")
        >>> encoding = spec.observation_encoding(2, spec.validate(2, {}))
        >>> vector = encoding.encode(wg.make("winter-queen", 2, seed=1).observation(0), 0)
        >>> fields = encoding.fields(vector)
        >>> list(fields) == [f.name for f in encoding.layout.fields]
        True
        >>> batch = encoding.fields(np.stack([vector, vector]))
        >>> name = encoding.layout.fields[0].name
        >>> batch[name].shape == (2, *encoding.layout.fields[0].shape)
        True
        """
        return self.layout.split(np.asarray(vector))

    def encode(self, observation: Mapping[str, Any], player: int,
               out: Vector | None = None) -> Vector:
        """The vector of one seat's observation dict (written into ``out`` if given)."""
        if out is not None:
            out.fill(0.0)
            self.fill(observation, player, self.layout.writer(out))
            return out
        scratch: Vector = self._scratch  # type: ignore[attr-defined]
        scratch.fill(0.0)
        self.fill(observation, player, self._writer)  # type: ignore[attr-defined]
        return scratch.copy()


def describe(layout: Layout) -> list[tuple[str, str, str, str, str]]:
    """Rows for a table of the layout: name, slice, shape, range, meaning."""
    rows = []
    for f in layout.fields:
        s = layout.slice(f.name)
        shape = " × ".join(str(n) for n in f.shape)
        rows.append((f.name, f"{s.start}:{s.stop}", shape, f"{f.low:g}..{f.high:g}", f.meaning))
    return rows


def values_seen(layout: Layout, vectors: Sequence[Vector]) -> dict[str, int]:
    """For each field, how many distinct contents it had over ``vectors``."""
    return {f.name: len({v[layout.slice(f.name)].tobytes() for v in vectors})
            for f in layout.fields}
