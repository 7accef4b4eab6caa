"""Open decisions of ICE reached by play from hand-built positions, for the tests of the
decision's context (``observe._context``) and its encoding: a Move's followers, Whistle
of Storms' count, a collapsing tile a Philosophical Artifact may collect, a Prismatic
waiting for its slot then a Leader to place during an excavation, and a Request paid
item by item, and a Merchant Caravan's visit (a Logbook event)."""

from __future__ import annotations

from tests.games.ice.effect_positions import add, drop, hold, position, uncover
from tests.games.ice.helpers import (
    act,
    fresh,
    give,
    hand_request,
    place,
    request,
    spend_the_day,
    swap_into,
)
from wintergames.games.ice import frames as fr
from wintergames.games.ice import logbook, pieces
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import covers
from wintergames.games.ice.state import IceState
from wintergames.games.ice.words import COLLAPSED


def follow() -> IceState:
    """Seat 0 moves from T27 (4 Archaeologists there) to T28: how many follow (up to 3)."""
    s = fresh(3, seed=1)
    s.leaders[0] = place("T27")
    add(s, "T27", 4)
    act(s, "move T28")
    assert isinstance(s.pending[-1], fr.Follow)
    return s


def whistle_count() -> IceState:
    """Whistle of Storms from T27 to the Camp on T28: how many Archaeologists go."""
    s = position()
    hold(s, 0, "SN13")
    s.camps[1] = place("T28")
    s.camps[3] = place("T20")
    add(s, "T27", 3)
    add(s, "T44", 1)
    act(s, "play SN13")
    act(s, "put T27")
    act(s, "put T28")
    assert isinstance(s.pending[-1], fr.WhistleCount) and s.pending[-1].seat == 0
    return s


def collect() -> IceState:
    """Seat 0 excavates S19 with a Philosophical Artifact ready: the one tile still
    covering it (SN01, a clear Snow tile nobody has seen) collapses; collect it or not."""
    s = fresh(3, seed=5, first_game=True)
    give(s, 0, "D-PHI-1a")  # 2 Anima: a Philosophical effect ready
    slot = place("S19")
    for cover in covers(s.tiles, slot)[:2]:
        s.tile_discard.append(pieces.remove_tile(s, cover, COLLAPSED))
    s.leaders[0] = slot
    s.ep[0] = 6
    s.overwork = 1
    act(s, "excavate")
    assert isinstance(s.pending[-1], fr.Collect)
    return s


def prism_slot() -> IceState:
    """Seat 0 excavates S-PRI-1 on S20 (its Leader and 2 Archaeologists there): the
    Prismatic's slot is asked before the Explorers go below."""
    s = position()
    uncover(s, "S20")
    swap_into(s, place("S20"), "S-PRI-1")
    s.leaders[0] = place("S20")
    add(s, "S20", 2)
    s.ep[0] = 6
    act(s, "excavate")
    assert isinstance(s.pending[-1], fr.PrismSlot)
    return s


def leader_to() -> IceState:
    """After ``prism_slot``: the Prismatic goes to the Exalted slot; D17, D16 and D11
    below each receive one Explorer, and seat 0 places its Leader on one of them."""
    s = prism_slot()
    act(s, "slot exalted")
    assert isinstance(s.pending[-1], fr.LeaderTo)
    return s


def validation() -> IceState:
    """Day 2, seat 0's Sunset, after the Sunset row: validate a Request or done. It holds
    MONO-HAR (3 Harmony Anima), D-HAR-1a, S-HAR-2a (face down, known only to seat 0) and
    a Harmony Study token."""
    s = fresh(3, seed=9, first_game=True)
    s.day = 2
    card = request("MONO-HAR")
    hand_request(s, 0, card)
    s.request_known[card] |= 1 << 0  # as if dealt to seat 0: only it has seen the card
    deep = give(s, 0, "D-HAR-1a")
    surface = give(s, 0, "S-HAR-2a")
    s.down[surface], s.seen[surface], s.known[surface] = 1, 0, 1 << 0
    s.study[0][0] = 1
    spend_the_day(s)
    act(s, "none")
    assert isinstance(s.pending[-1], fr.Validate) and deep in s.art[0][0]
    return s


def pay() -> IceState:
    """After ``validation``: seat 0 validates MONO-HAR and has paid with S-HAR-2a;
    D-HAR-1a is next."""
    s = validation()
    act(s, "validate MONO-HAR")
    act(s, "pay S-HAR-2a")
    assert isinstance(s.pending[-1], fr.Pay)
    return s


def caravan() -> IceState:
    """The Merchant Caravan shows 5 of the 6 Snow tiles just discarded from the rim; seat
    0 (first in the order) may sell S-HAR-1a, and has no RP token to buy with."""
    s = fresh(3, seed=4)
    for name in ("T1", "T2", "T3", "T4", "T8", "T9"):
        assert not s.archs[place(name)]
        drop(s, name)
    give(s, 0, "S-HAR-1a")
    s.rp = [0, 0, 3]
    s.logbook_deck.append(IC.logbook_by_id["MERCHANT-CARAVAN"])
    logbook.reveal(s)
    assert isinstance(s.pending[-1], fr.Caravan) and s.pending[-1].seat == 0
    return s
