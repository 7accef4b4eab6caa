"""End-of-game scoring (RB "End of Game: Scoring", "Decree Cards"; the five Decree kinds
are RECONSTRUCTION C6 in components/ice.md).

Decrees count every Artifact a player has (Guild board and Ship's Hold alike: "Players
bring any remaining Artifacts ... to their Ship's Hold") and every Study token, flipped or
not ("flip up any Study tokens that might have been flipped over"), each Study token as
a shapeless 1-Anima item of its Type. Prismatic Artifacts never score Decrees. What
each pattern scores is the game's (``params.Params``: the printed values, or a what-if
overlay's).

>>> from wintergames.games.ice.params import DEFAULT
>>> from wintergames.games.ice.payment import study
>>> sets = Decree("D8", "sets", -1, "")
>>> decree_points(sets, [study(t) for t in range(5)] + [study(0)], 0, DEFAULT)
4
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from wintergames.games.ice.model import PRISMATIC, TYPES, Decree, Request
from wintergames.games.ice.params import SET_SIZES, Params
from wintergames.games.ice.payment import Item

# Params.sets_rp: RP by set size (SET_SIZES), a set of all the Types (5) and at most one
# smaller size (4); the search in ``sets_points`` is exact for that shape of table only.
_FULL = len(TYPES)
_SMALL = SET_SIZES[1:]
if SET_SIZES[0] != _FULL or len(_SMALL) > 1:
    raise ValueError(f"setup.toml [decree] sets_rp sizes {SET_SIZES}: scoring knows a set of "
                     f"all {_FULL} types plus at most one smaller size")


def _groups(counts: Sequence[int], size: int) -> int:
    """The most groups of ``size`` different Types that ``counts`` (items per Type) form.

    b groups fit exactly when sum(min(c, b)) >= size * b: a Type gives at most one item
    to each group, and when the inequality holds, dealing min(c, b) items of each Type,
    Type by Type, round-robin over the b groups never puts two of one Type in a group.
    """
    b = 0
    while sum(min(c, b + 1) for c in counts) >= size * (b + 1):
        b += 1
    return b


def sets_points(counts: Sequence[int], rp: Sequence[int]) -> int:
    """The best SETS score for ``counts`` (items per basic Type, 5 numbers) with ``rp`` per
    group (``Params.sets_rp``: of 5 different Types, then of 4; printed 4 and 2 RP), each
    item in at most one group.

    Every number of 5-groups is tried, each with the most 4-groups from what is left.

    >>> [sets_points(c, (4, 2)) for c in ([2, 2, 2, 2, 1], [3, 3, 3, 3, 0], [1, 1, 1, 0, 0])]
    [6, 6, 0]
    """
    best = 0
    for fives in range(min(counts) + 1):
        rest = [c - fives for c in counts]
        points = rp[0] * fives
        if _SMALL:
            points += rp[1] * _groups(rest, _SMALL[0])
        best = max(best, points)
    return best


def shapes_points(items: Iterable[Item], rp: Sequence[int]) -> int:
    """SHAPES: per basic Type, ``rp`` by its number of different Shapes (``Params.
    shapes_rp``: printed 2 RP for 2, 4 RP for 3), scored once per Type; Study tokens and
    Prismatics have no Shape."""
    shapes: dict[int, set[int]] = {}
    for i in items:
        if i.kind == "artifact" and i.type != PRISMATIC:
            shapes.setdefault(i.type, set()).add(i.shape)
    return sum(rp[len(s)] for s in shapes.values())


def decree_points(decree: Decree, items: Iterable[Item], rp_tokens: int,
                  params: Params) -> int:
    """RP a player earns from one Decree (C6) in a game of ``params``.

    ``items``: all the player's Artifacts (board and Ship's Hold) and ALL their Study
    tokens, flipped or not; ``rp_tokens``: RP tokens held.

    >>> from wintergames.games.ice.params import DEFAULT
    >>> from wintergames.games.ice.payment import study
    >>> held = [Item("artifact", 3, 0, 1, 2), Item("artifact", 4, 5, 0, 2), study(0)]
    >>> decree_points(Decree("D3", "type", 0, ""), held, 5, DEFAULT)
    3
    """
    basic = [i for i in items if i.type != PRISMATIC]
    kind = decree.kind
    if kind == "tokens":
        return params.tokens_rp * rp_tokens
    if kind == "study":
        return params.study_rp * sum(1 for i in basic if i.kind == "study")
    if kind == "type":
        return params.type_rp * sum(i.anima for i in basic if i.type == decree.type)
    if kind == "sets":
        return sets_points([sum(1 for i in basic if i.type == t) for t in range(len(TYPES))],
                           params.sets_rp)
    if kind == "shapes":
        return shapes_points(basic, params.shapes_rp)
    raise ValueError(f"unknown Decree kind {kind!r} ({decree.id})")


@dataclass(frozen=True, slots=True)
class Breakdown:
    """A final score and where it comes from (RB "Scoring" steps 1-3); ``total`` is the
    sum of the parts. ``bonuses`` is in RP (2 per second Request of Days 2 and 3)."""

    decrees: tuple[int, ...]    # per revealed Decree, in the order given
    requests: tuple[int, ...]   # per validated Request, in the order given
    bonuses: int
    tokens: int
    planning: int

    @property
    def total(self) -> int:
        return (sum(self.decrees) + sum(self.requests) + self.bonuses + self.tokens
                + self.planning)

    @property
    def parts(self) -> dict[str, int]:
        """The score by category, for the log and statistics."""
        return {"decrees": sum(self.decrees), "requests": sum(self.requests),
                "bonuses": self.bonuses, "tokens": self.tokens, "planning": self.planning}


def final_score(decrees: Sequence[Decree], items: Iterable[Item],
                validated: Sequence[tuple[Request, int]], bonuses: int, rp_tokens: int,
                planning: bool, params: Params) -> Breakdown:
    """A player's final score in a game of ``params``.

    ``items`` as for ``decree_points``; ``validated``: each validated Request with the RP
    it gained (``payment.rp_of`` at validation); ``bonuses``: how many second-Request
    bonuses the player earned (0..2 as printed); ``planning``: whether they still hold a
    Planning token.

    >>> from wintergames.games.ice.params import DEFAULT
    >>> final_score([Decree("D1", "tokens", -1, "")], [], [], 1, 3, True, DEFAULT).total
    9
    """
    held = list(items)
    return Breakdown(
        decrees=tuple(decree_points(d, held, rp_tokens, params) for d in decrees),
        requests=tuple(rp for _, rp in validated),
        bonuses=params.second_validation_rp * bonuses,
        tokens=rp_tokens,
        planning=params.plan_rp if planning else 0,
    )
