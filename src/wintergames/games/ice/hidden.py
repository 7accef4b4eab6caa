"""Resampling what a seat cannot see (``IceState.determinize``).

A tile whose face nobody has seen (on the board, in the discard pile, placed face down
on a guild board) or that another seat holds secretly is swapped only with tiles of the
same public class: a Snow tile's back; an Artifact's layer and type. The observer's own
hand and their own face-down Artifacts stay. Request cards the observer cannot see
(others' hands, the deck, the face-down discards) are dealt back at random, each hand
keeping its size; the Logbook deck is shuffled.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from wintergames.games.ice.components import IC

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


# Each tile's public class as one small int: Snow tiles by back, Artifacts by layer and
# type (what shows through the ice).
_BACKS = sorted({t.back for t in IC.tiles})
_CLASS = tuple(t.level * 100 + _BACKS.index(t.back) * 10 + t.type + 1 for t in IC.tiles)


def resample(s: IceState, viewer: int, rng: random.Random) -> None:
    seen = s.seen
    cls = _CLASS
    # Where each unseen tile lies, (list, index) pairs grouped by public class.
    spots: dict[int, list[tuple[list[int], int]]] = {}
    places: list[list[int]] = [s.tiles, s.tile_discard]
    for p in range(s.num_players):
        if p != viewer:
            places.append(s.hand[p])
            places.extend(s.art[p])
    for where in places:
        for i, tile in enumerate(where):
            if tile >= 0 and not seen[tile]:
                key = cls[tile]
                group = spots.get(key)
                if group is None:
                    spots[key] = [(where, i)]
                else:
                    group.append((where, i))
    for key in sorted(spots):
        group = spots[key]
        if len(group) < 2:
            continue
        pool = sorted(where[i] for where, i in group)
        shuffle(pool, rng)
        for (where, i), tile in zip(group, pool, strict=True):
            where[i] = tile
    _requests(s, viewer, rng)
    shuffle(s.logbook_deck, rng)


def shuffle(pool: list[int], rng: random.Random) -> None:
    """Fisher-Yates with ``rng.random``: several times faster than ``Random.shuffle``
    (a determinization shuffles about a hundred tiles, a thousand times a decision)."""
    draw = rng.random
    for i in range(len(pool) - 1, 0, -1):
        j = int(draw() * (i + 1))
        pool[i], pool[j] = pool[j], pool[i]


def _requests(s: IceState, viewer: int, rng: random.Random) -> None:
    others = [p for p in range(s.num_players) if p != viewer]
    hidden_discards = [c for c in s.request_discard if not s.request_seen[c]]
    pool = sorted([*s.request_deck, *hidden_discards,
                   *(c for p in others for c in s.requests[p])])
    shuffle(pool, rng)
    it = iter(pool)
    for p in others:
        s.requests[p] = [next(it) for _ in s.requests[p]]
    s.request_discard = [c if s.request_seen[c] else next(it) for c in s.request_discard]
    s.request_deck = list(it)
