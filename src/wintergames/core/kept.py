"""Values a game works out from its state again and again, kept by what they read.

A search meets the same seat in the same shape thousands of times; a pure function of a
few fields (a score, an estimate) need not be worked out each time. The key is
everything the value reads, made by the caller; the game's rule numbers (``params``, one
object per what-if overlay) are part of it by identity, and an entry is served only for
the very object it was made with, so a value made under other rules is never used.
Values must be immutable (numbers, frozen dataclasses): they are shared by every caller.

>>> kept: Kept[int] = Kept(most=2)
>>> rules = object()
>>> kept.get(("seat", 0), rules) is None
True
>>> kept.put(("seat", 0), rules, 7)
7
>>> kept.get(("seat", 0), rules), kept.get(("seat", 0), object())
(7, None)
>>> _ = kept.put(("seat", 1), rules, 8), kept.put(("seat", 2), rules, 9)
>>> len(kept), kept.get(("seat", 0), rules), kept.get(("seat", 2), rules)
(1, None, 9)
"""

from __future__ import annotations

from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """At most ``most`` values, forgotten all at once when full (a search's working set
    is found again within a few hundred iterations)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._values: dict[tuple[object, ...], tuple[object, V]] = {}

    def get(self, key: tuple[object, ...], params: object) -> V | None:
        kept = self._values.get((id(params), *key))
        return kept[1] if kept is not None and kept[0] is params else None

    def put(self, key: tuple[object, ...], params: object, value: V) -> V:
        if len(self._values) >= self.most:
            self._values.clear()
        self._values[(id(params), *key)] = (params, value)
        return value

    def clear(self) -> None:
        self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
