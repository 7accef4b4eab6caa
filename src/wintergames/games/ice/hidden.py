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
from wintergames.games.ice.geometry import BOARD

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


def _class(tile: int) -> tuple[int, str, int]:
    t = IC.tiles[tile]
    return (t.level, t.back, t.type)


def resample(s: IceState, viewer: int, rng: random.Random) -> None:
    # Where each unseen tile lies: (list, index) pairs grouped by public class.
    spots: dict[tuple[int, str, int], list[tuple[list[int], int]]] = {}

    def note(where: list[int], i: int) -> None:
        spots.setdefault(_class(where[i]), []).append((where, i))

    for place in range(BOARD.n):
        if s.tiles[place] >= 0 and not s.seen[s.tiles[place]]:
            note(s.tiles, place)
    for i, tile in enumerate(s.tile_discard):
        if not s.seen[tile]:
            note(s.tile_discard, i)
    for p in range(s.num_players):
        if p == viewer:
            continue
        for i, tile in enumerate(s.hand[p]):
            if not s.seen[tile]:
                note(s.hand[p], i)
        for slot in s.art[p]:
            for i, tile in enumerate(slot):
                if not s.seen[tile]:
                    note(slot, i)
    for key in sorted(spots):
        places = spots[key]
        pool = sorted(where[i] for where, i in places)
        rng.shuffle(pool)
        for (where, i), tile in zip(places, pool, strict=True):
            where[i] = tile
    _requests(s, viewer, rng)
    rng.shuffle(s.logbook_deck)


def _requests(s: IceState, viewer: int, rng: random.Random) -> None:
    others = [p for p in range(s.num_players) if p != viewer]
    hidden_discards = [c for c in s.request_discard if not s.request_seen[c]]
    pool = sorted([*s.request_deck, *hidden_discards,
                   *(c for p in others for c in s.requests[p])])
    rng.shuffle(pool)
    it = iter(pool)
    for p in others:
        s.requests[p] = [next(it) for _ in s.requests[p]]
    s.request_discard = [c if s.request_seen[c] else next(it) for c in s.request_discard]
    s.request_deck = list(it)
