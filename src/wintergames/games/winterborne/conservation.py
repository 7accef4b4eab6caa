"""Component conservation: every card, tile, building and favor token is somewhere once.

Run by the tests after every action (``GameSpec.check_invariants``).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from wintergames.core.events import seat_name
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.specials import Room
from wintergames.games.winterborne.turn import Cap, Cleanup

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState


# The house and mercenary cards: every seat has its own copies of them.
_HOUSE = frozenset(c for c, card in enumerate(WB.cards) if card.type in ("house", "mercenary"))
# What the check compares with, made once: it runs after every action of every test game.
_ALL_SPOILS = list(range(len(WB.spoils)))
_ALL_ALLIES = list(range(len(WB.allies)))


@cache
def _house_cards(mercenary: bool) -> list[int]:
    """A seat's own copies of the house cards, sorted (the caller never edits it)."""
    return sorted(WB.house + ((WB.mercenary,) if mercenary else ()))


def check(s: WinterborneState) -> None:
    n = s.num_players
    # House cards: every seat's own copies, each exactly once.
    expected = _house_cards(bool(s.options["mercenary"]))
    exploration = []
    for p in range(n):
        cards = _seat_cards(s, p)
        mine = sorted(c for c in cards if c in _HOUSE)
        assert mine == expected, f"{seat_name(p)}'s house cards: {mine}"
        # Exploration cards: each card of the box at most once, in exactly one place.
        exploration += [c for c in cards if c not in _HOUSE]
    exploration += [c for c in s.explore_slot if c >= 0]
    exploration += [c for deck in s.season_decks for c in deck]
    exploration += s.box_wylds + s.balaur_pile
    exploration += [c for c in s.sacked_cards]
    exploration += [f.card for f in s.pending if isinstance(f, Room)]
    # No card twice is no duplicate in the list; counted only to say which on a failure.
    assert len(set(exploration)) == len(exploration), (
        f"doubled cards: {Counter(exploration).most_common(3)}")
    assert len(exploration) == _deck_size(s.num_players, bool(s.options["promo_wylds"])), (
        f"{len(exploration)} exploration cards")
    # Balaur's house cards.
    if n == 1:
        balaur = sorted(s.balaur_deck + [c for c in s.balaur_board if c >= 0])
        assert balaur == sorted(WB.house), f"the Balaur's cards: {balaur}"
    # Spoils: 21 tiles.
    tiles = [t for prov in s.prov_spoils for t in prov]
    tiles += [t for p in range(n) for t in s.spoils[p]]
    tiles += s.sacked_spoils + s.boxed_spoils + s.spent_spoils
    tiles += [t for t in s.balaur_spoils if t >= 0]
    assert sorted(tiles) == _ALL_SPOILS, f"spoils: {sorted(tiles)}"
    # Allies: 24.
    allies = [a for deck in s.ally_decks for a in deck]
    allies += [a for p in range(n) for a in s.allies[p]] + s.removed_allies
    assert sorted(allies) == _ALL_ALLIES, "an ally is missing or doubled"
    # Favor: 30 tokens (as printed; ``params``).
    favor = s.favor_supply + sum(s.favor) + sum(s.favor_card)
    assert favor == s.params.favor_supply, f"{favor} favor tokens"
    # Conquer tiles per colour.
    per = s.params.solo_conquer_tiles if n == 1 else s.params.conquer_tiles
    used = [0] * 6
    for p in range(n):
        for colour in s.sections[p][6:]:
            if colour >= 0:
                used[colour] += 1
    total = sum(used) + sum(s.conquer_left) + s.solo_conquered
    assert total == 6 * per, f"{total} conquer tiles"
    assert all(x >= 0 for x in s.conquer_left)
    # Buildings: settlements and churches match the house boards.
    for p in range(n):
        settlements = sum(1 for b in s.buildings[p] if b == 1)
        churches = sum(1 for b in s.buildings[p] if b == 2)
        assert settlements == sum(min(r, 2) for r in s.rows[p]), f"{seat_name(p)}'s settlements"
        assert churches == sum(1 for r in s.rows[p] if r == 3), f"{seat_name(p)}'s churches"
        assert all(s.sections[p][sec] >= 0 for sec in range(12) if s.buildings[p][sec])
        assert all(x >= 0 for x in s.res[p]), f"{seat_name(p)}'s resources {s.res[p]}"
        assert len(s.reserve[p]) <= s.params.reserve_size, f"{seat_name(p)}'s reserve"
    # The cards picked up from the reserve in the turn's play stay in hand until the
    # clean-up, and leave the list when they leave the hand (frames.leave_hand).
    if not any(isinstance(f, Cleanup | Cap) for f in s.pending):
        assert all(c in s.hand[s.current] for c in s.moved), (
            f"picked up from the reserve, not in hand: {s.moved}")


def _seat_cards(s: WinterborneState, p: int) -> list[int]:
    return fr.owned_cards(s, p)


@cache
def _deck_size(num_players: int, promo_wylds: bool) -> int:
    """Core + the chosen banner sets + every Wylds card in play or in the box."""
    chart = WB.seasons[num_players]
    wylds = sum(1 for c in WB.wylds if promo_wylds or not WB.cards[c].promo)
    return len(WB.core) + 3 * chart.banner_sets + wylds
