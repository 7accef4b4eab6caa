"""The ranges of Winterborne's counters, checked with its invariants (tests after every
step, and every snapshot read): a counter out of range is named where it is, not where
a rule later trips over it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.invariants import check_in_range
from wintergames.games.winterborne.decks import WINTER

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState


def check_ranges(s: WinterborneState) -> None:
    """Every counter of the game from its lowest to its highest reachable value."""
    last = s.num_players - 1
    check_in_range("first", s.first, 0, last, "the seat of the first player")
    check_in_range("current", s.current, 0, last, "the seat to play")
    check_in_range("season", s.season, 0, WINTER, "a season, spring 0 to winter 3")
    check_in_range("winter_round", s.winter_round, 0, s.params.winter_rounds,
                   "the winter round (0 before winter)")
    check_in_range("favor_supply", s.favor_supply, 0, s.params.favor_supply,
                   "the favor tokens in the supply")
    check_in_range("discount", s.discount, 0, 1, "whether this turn's discount is on")
    check_in_range("solo_conquered", s.solo_conquered, 0, 6 * s.params.solo_conquer_tiles,
                   "the conquer tiles the Balaur took")
    assert s.season == WINTER or not s.winter_round, "a winter round outside winter"
