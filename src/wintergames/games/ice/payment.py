"""Paying Request cards (RB "Request Validation", "Study", "Prismatic Artifacts", "Request
Cards"; the six kinds are RECONSTRUCTION C5 in components/ice.md).

A payment is a multiset of ``Item``s: Artifacts from the Guild board and unflipped Study
tokens (a Study token is "a shapeless Anima 1 Artifact" of its Type). Prismatic Artifacts
are wild: they stand for any Type, except where a card asks for Shapes. Overpaying is
allowed (RB FAQ: "You can validate Request cards with more Anima than you need") but a
payment must be *minimal*: no item can be left out with the rest still paying for the same
RP. Nobody hands over a useless extra item, and this keeps the choice lists short.

>>> har = Request("R", "mono", (0,), 6, 0, "", need=3)
>>> deep = Item("artifact", 70, 0, 1, 2)           # a Deep Harmony artifact, Anima 2
>>> pays(har, [deep, study(0)]), pays(har, [deep])
(True, False)
>>> [sum(i.anima for i in p) for p in payments(har, [deep, study(0), study(1)])]
[3]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, permutations

from wintergames.games.ice.components import IC
from wintergames.games.ice.model import PRISMATIC, REQUEST_KINDS, Request

# A Request's ``need`` (its kind's cost in the game played: ``params.Params.requests``):
# the Anima a mono/either/trio/prism card needs, the items a duo card needs, the fewest
# Shapes a shapes card needs. A shapes card takes at most one Artifact per Shape there is.
SHAPE_COUNT = max(t.shape for t in IC.tiles)


@dataclass(frozen=True, slots=True)
class Item:
    """Something that can pay a Request or score a Decree.

    ``kind`` is ``"artifact"`` (``ref`` its tile id) or ``"study"`` (``ref`` its type);
    ``type`` 0..4 or ``PRISMATIC``; ``shape`` 1..3, 0 for Prismatics and Study tokens;
    ``anima`` 1 (Surface, Study) or 2 (Deep).
    """

    kind: str
    ref: int
    type: int
    shape: int
    anima: int

    @property
    def wild(self) -> bool:
        """A Prismatic Artifact: it stands for any Type (RB "Prismatic Artifacts")."""
        return self.kind == "artifact" and self.type == PRISMATIC

    @property
    def sort_key(self) -> tuple[int, int, int, int, int]:
        """Identical items (same kind, type, shape and anima) differ only in ``ref``."""
        return (self.kind != "artifact", self.type, self.shape, self.anima, self.ref)


def study(t: int) -> Item:
    """The Study token of Type ``t`` as an item: shapeless, Anima 1 (RB "Study")."""
    return Item("study", t, t, 0, 1)


def _max_items(request: Request) -> int:
    """The most items a minimal payment can hold: an Anima need N takes at most N items
    (of N + 1 items of Anima >= 1, any one can be left out)."""
    if request.kind not in REQUEST_KINDS:
        raise ValueError(f"unknown Request kind {request.kind!r} ({request.id})")
    return SHAPE_COUNT if request.kind == "shapes" else request.need


def _stands_for(item: Item, t: int) -> bool:
    return item.type == t or item.wild


def _anima_ok(need: int, items: Sequence[Item]) -> bool:
    """At least ``need`` Anima, and leaving out the weakest item would fall short."""
    total = sum(i.anima for i in items)
    return total >= need and total - min(i.anima for i in items) < need


def _different_types(types: tuple[int, ...], items: Sequence[Item]) -> bool:
    """Whether the items stand for different Types among ``types``: a Prismatic takes
    whichever Type the others leave."""
    return any(all(_stands_for(i, t) for i, t in zip(items, pick, strict=True))
               for pick in permutations(types, len(items)))


def pays(request: Request, items: Sequence[Item]) -> bool:
    """Whether ``items`` is a valid, minimal payment of ``request`` (C5).

    Pass only unflipped Study tokens: a flipped one "can no longer be used to ... validate
    further Requests" (RB "Study"), and this function cannot tell them apart. The same
    item twice (same kind and ref) never pays.

    >>> duo = Request("D", "duo", (1, 3, 4), 4, 0, "", need=2)
    >>> prism = Item("artifact", 100, 5, 0, 1)
    >>> pays(duo, [study(1), prism]), pays(duo, [study(1), Item("artifact", 9, 1, 2, 1)])
    (True, False)
    """
    kind, types = request.kind, request.types
    if (not items or len(items) > _max_items(request)
            or len({(i.kind, i.ref) for i in items}) < len(items)):
        return False
    need = request.need
    if kind == "mono":
        return all(_stands_for(i, types[0]) for i in items) and _anima_ok(need, items)
    if kind == "either":
        return (any(all(_stands_for(i, t) for i in items) for t in types)
                and _anima_ok(need, items))
    if kind == "trio":
        return all(i.wild or i.type in types for i in items) and _anima_ok(need, items)
    if kind == "prism":
        return all(i.wild for i in items) and _anima_ok(need, items)
    if kind == "duo":
        return len(items) == need and _different_types(types, items)
    return (len(items) >= need    # shapes
            and all(i.kind == "artifact" and i.type == types[0] for i in items)
            and len({i.shape for i in items}) == len(items))


def rp_of(request: Request, payment: Sequence[Item]) -> int:
    """The RP a validated Request is worth: SHAPES gives ``rp3`` for 3 different Shapes and
    ``rp`` for 2 (RB "2 different Shapes gains 5 RP; 3 different Shapes gains 9 RP").

    >>> shapes = Request("S", "shapes", (2,), 5, 9, "", need=2)
    >>> rp_of(shapes, [Item("artifact", s, 2, s, 1) for s in (1, 2, 3)])
    9
    """
    if not pays(request, payment):
        raise ValueError(f"{request.id} is not paid by {list(payment)}")
    if request.kind == "shapes" and len(payment) == SHAPE_COUNT:
        return request.rp3
    return request.rp


def _useful(request: Request, item: Item) -> bool:
    """Whether ``item`` can be part of any payment of ``request``."""
    kind, types = request.kind, request.types
    if kind == "shapes":
        return item.kind == "artifact" and item.type == types[0]
    if kind == "prism":
        return item.wild
    return item.wild or item.type in types


def payments(request: Request, items: Iterable[Item]) -> list[tuple[Item, ...]]:
    """Every distinct minimal payment of ``request`` from the ``items`` a player holds,
    fewest Anima first (then fewest items, then by the items' kind/type/shape).

    Identical items (same kind, type, shape and anima) are interchangeable: each distinct
    multiset is listed once, made of the lowest refs. As with ``pays``, pass only
    unflipped Study tokens. A minimal payment holds at most 3 items as printed (4 at the
    bounds of a what-if overlay, ``params.py``), so with ~20 items held this tries at most
    a few thousand candidates (some ten thousand with 4), usually far fewer.

    >>> trio = Request("T", "trio", (0, 3, 4), 5, 0, "", need=3)
    >>> held = [Item("artifact", 40, 0, 1, 2), study(3), study(4), Item("artifact", 5, 1, 1, 1)]
    >>> [[(i.kind, i.ref) for i in p] for p in payments(trio, held)]
    [[('artifact', 40), ('study', 3)], [('artifact', 40), ('study', 4)]]
    """
    classes: dict[tuple[int, int, int, int], list[Item]] = {}
    for item in sorted((i for i in items if _useful(request, i)), key=lambda i: i.sort_key):
        classes.setdefault(item.sort_key[:4], []).append(item)
    groups = list(classes.values())
    found: list[tuple[Item, ...]] = []
    for size in range(1, _max_items(request) + 1):
        for pick in combinations_with_replacement(range(len(groups)), size):
            taken: list[Item] = []
            for g in sorted(set(pick)):
                n = pick.count(g)
                if n > len(groups[g]):
                    break
                taken.extend(groups[g][:n])
            else:
                if pays(request, taken):
                    found.append(tuple(taken))
    found.sort(key=lambda p: (sum(i.anima for i in p), len(p), [i.sort_key for i in p]))
    return found
