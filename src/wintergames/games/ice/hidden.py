"""Resampling what a seat cannot see (``IceState.determinize``).

A tile is known to a seat when everyone has seen its face (``seen``) or when that seat
has (``known``, a bit per seat: its Snow tiles in hand, even after they were discarded;
its own Artifacts placed face down). Every tile the viewer does not know — on the board,
in the discard pile, face down on another guild board, in another seat's hand, or held by
an open decision (a collapsing tile to collect, a Prismatic waiting for its slot) — is
swapped only with tiles of the same public class: a Snow tile's back; an Artifact's layer
and type. Face-down flags stay with the places, not with the tile ids.

Request cards likewise: a card is known when it was public (the Sunset row, validated)
or when the viewer held it (``request_known``); the unknown ones in the deck, the discard
pile and the other hands are dealt back at random, each pile keeping its size, and the
deck's order is shuffled. The Logbook deck is shuffled.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

# Each tile's public class as one small int: Snow tiles by back, Artifacts by layer and
# type (what shows through the ice).
_BACKS = sorted({t.back for t in IC.tiles})
_CLASS = tuple(t.level * 100 + _BACKS.index(t.back) * 10 + t.type + 1 for t in IC.tiles)
# Frames that hold a tile (in their field ``tile``).
_HELD = (fr.Collect, fr.PrismSlot)


def resample(s: IceState, viewer: int, rng: random.Random) -> None:
    _tiles(s, viewer, rng)
    _requests(s, viewer, rng)
    shuffle(s.logbook_deck, rng)


def _tiles(s: IceState, viewer: int, rng: random.Random) -> None:
    seen, known, cls, bit = s.seen, s.known, _CLASS, 1 << viewer
    places: list[list[int]] = [s.tiles, s.tile_discard]
    for p in range(s.num_players):
        if p != viewer:
            places.append(s.hand[p])
            places.extend(s.art[p])
    # Written out (no helper per position): a determinization looks at about 165 places.
    spots: dict[int, list[tuple[list[int], int]]] = {}
    for where in places:
        for i, tile in enumerate(where):
            if tile >= 0 and not seen[tile] and not known[tile] & bit:
                group = spots.get(cls[tile])
                if group is None:
                    spots[cls[tile]] = [(where, i)]
                else:
                    group.append((where, i))
    # The tile of each frame holding one, in a box of its own to shuffle like a place.
    held = {i: [f.tile] for i, f in enumerate(s.pending) if isinstance(f, _HELD)}
    for box in held.values():
        tile = box[0]
        if tile >= 0 and not seen[tile] and not known[tile] & bit:
            spots.setdefault(cls[tile], []).append((box, 0))
    down = s.down
    for key in sorted(spots):
        group = spots[key]
        if len(group) < 2:
            continue
        flags = [down[where[i]] for where, i in group]
        pool = sorted([where[i] for where, i in group])
        shuffle(pool, rng)
        for (where, i), tile, flag in zip(group, pool, flags, strict=True):
            where[i] = tile
            down[tile] = flag
    if held:
        s.pending = tuple(_with_tile(f, held.get(i)) for i, f in enumerate(s.pending))


def _with_tile(frame: fr.IceFrame, box: list[int] | None) -> fr.IceFrame:
    """``frame`` holding the tile its box holds now."""
    if box is None or not isinstance(frame, _HELD):
        return frame
    return replace(frame, tile=box[0])


def shuffle(pool: list[int], rng: random.Random) -> None:
    """Fisher-Yates with ``rng.random``: several times faster than ``Random.shuffle``
    (a determinization shuffles about a hundred tiles, a thousand times a decision)."""
    draw = rng.random
    for i in range(len(pool) - 1, 0, -1):
        j = int(draw() * (i + 1))
        pool[i], pool[j] = pool[j], pool[i]


def _requests(s: IceState, viewer: int, rng: random.Random) -> None:
    bit = 1 << viewer
    piles = [s.request_deck, s.request_discard,
             *(s.requests[p] for p in range(s.num_players) if p != viewer)]
    spots = [(pile, i) for pile in piles for i, c in enumerate(pile)
             if not s.request_seen[c] and not s.request_known[c] & bit]
    pool = sorted(pile[i] for pile, i in spots)
    shuffle(pool, rng)
    for (pile, i), card in zip(spots, pool, strict=True):
        pile[i] = card
    shuffle(s.request_deck, rng)  # nobody knows the deck's order
