"""The ranges of ICE's counters, checked with its invariants (tests after every step,
and every snapshot read): a counter out of range is named where it is, not where a rule
later trips over it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.invariants import check_in_range
from wintergames.games.ice.actions import PLACES
from wintergames.games.ice.components import IC

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


def check_ranges(s: IceState) -> None:
    """Every counter of the game from its lowest to its highest reachable value."""
    last = s.num_players - 1
    params = s.params  # the game's rule numbers (a what-if overlay's, if any)
    check_in_range("first", s.first, 0, last, "the seat of the first player")
    check_in_range("current", s.current, 0, last, "the seat to play")
    check_in_range("day", s.day, 0, params.days, "the Day (0 before the first)")
    check_in_range("arch_supply", s.arch_supply, 0, params.archaeologists,
                   "the Archaeologists in the reserve")
    # Every paid action checks the turn's limit, with Overwork or without.
    check_in_range("spent", s.spent, 0, max(params.turn_ep, params.overwork_ep),
                   "the EP spent this turn")
    check_in_range("overwork", s.overwork, 0, 1, "whether this turn was overworked")
    check_in_range("row_laid", s.row_laid, 0, 1, "whether today's Snow row is laid")
    # A view reads an axis as its place's tile's (``observe._board``): one lies only under
    # a Rift tile, and taking a tile off clears its axis to -1. (Lists of the wrong length
    # are the component check's to name, so a short one is read only as far as it goes.)
    for slot, (tile, axis) in enumerate(zip(s.tiles, s.rift, strict=False)):
        if axis != -1:
            check_in_range(f"rift[{slot}]", axis, 0, 2, "a Rift tile's blocked axis")
            assert 0 <= tile < len(IC.tiles) and IC.tiles[tile].back == "rift", \
                f"rift[{slot}] is {axis}, but no Rift tile lies on {PLACES[slot]}"
