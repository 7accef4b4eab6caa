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


def _places(s: IceState, viewer: int) -> list[list[int]]:
    """Every list of tiles that may hide one from ``viewer``, in a fixed order."""
    places: list[list[int]] = [s.tiles, s.tile_discard]
    for p in range(s.num_players):
        if p != viewer:
            places.append(s.hand[p])
            places.extend(s.art[p])
    return places


def _hidden_tiles(s: IceState, viewer: int, places: list[list[int]]
                  ) -> dict[int, list[tuple[int, int]]]:
    """(place, index) of every tile ``viewer`` does not know, by public class."""
    seen, known, cls, bit = s.seen, s.known, _CLASS, 1 << viewer
    # Written out (no helper per position): a determinization looks at about 165 places.
    spots: dict[int, list[tuple[int, int]]] = {}
    for w, where in enumerate(places):
        for i, tile in enumerate(where):
            if tile >= 0 and not seen[tile] and not known[tile] & bit:
                group = spots.get(cls[tile])
                if group is None:
                    spots[cls[tile]] = [(w, i)]
                else:
                    group.append((w, i))
    return spots


def _tiles(s: IceState, viewer: int, rng: random.Random) -> None:
    places = _places(s, viewer)
    spots = _hidden_tiles(s, viewer, places)
    # The tile of each frame holding one, in a box of its own to shuffle like a place.
    held = {i: [f.tile] for i, f in enumerate(s.pending) if isinstance(f, _HELD)}
    seen, known, bit = s.seen, s.known, 1 << viewer
    for box in held.values():
        tile = box[0]
        if tile >= 0 and not seen[tile] and not known[tile] & bit:
            spots.setdefault(_CLASS[tile], []).append((len(places), 0))
            places.append(box)
    down = s.down
    for key in sorted(spots):
        group = spots[key]
        if len(group) < 2:
            continue
        flags = [down[places[w][i]] for w, i in group]
        _deal(places, down, group, sorted([places[w][i] for w, i in group]), flags, rng)
    if held:
        s.pending = tuple(_with_tile(f, held.get(i)) for i, f in enumerate(s.pending))


def _deal(places: list[list[int]], down: list[int], group: list[tuple[int, int]],
          pool: list[int], flags: list[int], rng: random.Random) -> None:
    """Shuffle ``pool`` (a group's tiles, sorted) and lay it back on the group's places;
    each place keeps its face-down flag."""
    shuffle(pool, rng)
    for (w, i), tile, flag in zip(group, pool, flags, strict=True):
        places[w][i] = tile
        down[tile] = flag


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


def _request_piles(s: IceState, viewer: int) -> list[list[int]]:
    return [s.request_deck, s.request_discard,
            *(s.requests[p] for p in range(s.num_players) if p != viewer)]


def _hidden_requests(s: IceState, viewer: int, piles: list[list[int]]
                     ) -> list[tuple[int, int]]:
    bit = 1 << viewer
    return [(w, i) for w, pile in enumerate(piles) for i, c in enumerate(pile)
            if not s.request_seen[c] and not s.request_known[c] & bit]


def _requests(s: IceState, viewer: int, rng: random.Random) -> None:
    piles = _request_piles(s, viewer)
    spots = _hidden_requests(s, viewer, piles)
    _deal_requests(s, piles, spots, sorted(piles[w][i] for w, i in spots), rng)


def _deal_requests(s: IceState, piles: list[list[int]], spots: list[tuple[int, int]],
                   pool: list[int], rng: random.Random) -> None:
    """Deal the hidden Request cards (``pool``, sorted) back to their spots at random,
    then shuffle the deck: nobody knows its order."""
    shuffle(pool, rng)
    for (w, i), card in zip(spots, pool, strict=True):
        piles[w][i] = card
    shuffle(s.request_deck, rng)


class Resampler:
    """``resample(copy, viewer, rng)`` for many copies of one state, as a search draws a
    thousand worlds from one position: which places hide which tiles and cards, and the
    pools they are dealt from, are worked out once. Each call draws the same world as
    ``resample`` with the same ``rng`` (the same pools, shuffled by the same calls).

    Valid only for copies of the state it was made from, as it was then.
    """

    def __init__(self, s: IceState, viewer: int) -> None:
        self.viewer = viewer
        # A frame holding a tile is rare (a collapse, a Prismatic to slot): those go the
        # general way, which boxes the tile and rebuilds the frame.
        self.general = any(isinstance(f, _HELD) for f in s.pending)
        places = _places(s, viewer)
        spots = _hidden_tiles(s, viewer, places)
        self.tile_groups: list[tuple[list[tuple[int, int]], list[int], list[int]]] = []
        for key in sorted(spots):
            group = spots[key]
            if len(group) >= 2:
                self.tile_groups.append((group, sorted(places[w][i] for w, i in group),
                                         [s.down[places[w][i]] for w, i in group]))
        piles = _request_piles(s, viewer)
        self.request_spots = _hidden_requests(s, viewer, piles)
        self.request_pool = sorted(piles[w][i] for w, i in self.request_spots)

    def __call__(self, s: IceState, rng: random.Random) -> None:
        """Resample ``s``, a fresh copy of the state this was made from."""
        if self.general:
            resample(s, self.viewer, rng)
            return
        places, down = _places(s, self.viewer), s.down
        for group, pool, flags in self.tile_groups:
            _deal(places, down, group, pool.copy(), flags, rng)
        _deal_requests(s, _request_piles(s, self.viewer), self.request_spots,
                       self.request_pool.copy(), rng)
        shuffle(s.logbook_deck, rng)
