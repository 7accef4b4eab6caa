"""Component conservation: every tile, Archaeologist, Camp and card is somewhere, once.

Tiles: on the board, in a hand, on a guild board, in a Ship's Hold, discarded, or
waiting in a decision about it (a collect, a Prismatic's slot).
Archaeologists: on the board, in the pool or on a Nourisher's board (45 in all, or as
many as the game's ``params`` say).
Camps: each guild Camp and White Camp on a tile slot, off the board, or (White) unused.
Requests: deck, discard pile, the row, hands, validated. Logbook cards: the deck or
revealed (10 in all). Tests run ``check`` after every action of random games.

``check_stable``: no tile the Chain Collapse Rule would collapse lies on the board at any
decision, inside an excavation too (its chain collapses come in steps A and B, before any
choice). ``SPEC.check_invariants`` runs both after every step of the generic checks;
hand-built test positions may leave a lone tile on purpose, so ``check`` alone does not
ask it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import PLACES
from wintergames.games.ice.components import IC
from wintergames.games.ice.excavate import held_archaeologists
from wintergames.games.ice.geometry import BOARD, chain_collapse

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


def tile_places(s: IceState) -> Counter[int]:
    """How many times each tile id appears anywhere."""
    where: Counter[int] = Counter(t for t in s.tiles if t >= 0)
    where.update(s.tile_discard)
    # A tile waiting for its owner's decision: collected or not, which slot it goes to.
    where.update(f.tile for f in s.pending if isinstance(f, fr.Collect | fr.PrismSlot))
    for p in range(s.num_players):
        where.update(s.hand[p])
        where.update(s.hold[p])
        for slot in s.art[p]:
            where.update(slot)
    return where


def check_stable(s: IceState) -> None:
    """"As soon as a tile has only one adjacent tile at the same level, it collapses":
    no tile off the rim has at most one tile beside it on its level. Every effect that
    removes or places a tile runs the chain collapse before the next decision: an
    excavation right after step A's collapse and after step B's take (so also while one
    is under way), Obliteration, Explosive Rune, Cataclysm, Snowstorm."""
    unstable = chain_collapse(s.tiles)
    assert not unstable, ("tiles the Chain Collapse Rule should have collapsed: "
                          f"{[PLACES[q] for q in unstable]}")


# What ``check`` compares with, made once: the generic checks run it after every action.
_ALL_TILES = list(range(len(IC.tiles)))
_ALL_REQUESTS = list(range(len(IC.requests)))
# The board's tile slots, with each one's layer.
_TILE_SLOTS = tuple((place, BOARD.level[place]) for place in range(BOARD.n)
                    if BOARD.kind[place] == "tile")


def _every_tile(s: IceState) -> list[int]:
    """The tile ids of every place ``tile_places`` counts, as one list."""
    out = [t for t in s.tiles if t >= 0]
    out += s.tile_discard
    out += [f.tile for f in s.pending if isinstance(f, fr.Collect | fr.PrismSlot)]
    for p in range(s.num_players):
        out += s.hand[p]
        out += s.hold[p]
        for slot in s.art[p]:
            out += slot
    return out


def check(s: IceState) -> None:
    # Sorted, the ids are 0..N-1 exactly when each tile is there once and nothing else is;
    # only when they are not is each tile counted, to accept (as ever) an id of no tile
    # and to name the tiles that are not there once.
    if sorted(_every_tile(s)) != _ALL_TILES:
        where = tile_places(s)
        missing = [IC.tiles[t].id for t in range(len(IC.tiles)) if where[t] != 1]
        assert not missing, f"tiles not exactly once: {missing[:8]}"
    tiles, archs_at = s.tiles, s.archs
    for place, layer in _TILE_SLOTS:
        tile = tiles[place]
        if tile >= 0:
            level = IC.tiles[tile].level
            # A Snowstorm may put a Snow tile back on the Surface layer (C1).
            assert level == layer or (level == 3 and layer == 2), \
                f"tile {IC.tiles[tile].id} on the wrong layer"
        else:
            assert archs_at[place] == 0, f"Archaeologists on an empty slot {place}"
    archs = sum(s.archs) + s.arch_supply + sum(s.guild_archs) + held_archaeologists(s)
    total = s.params.archaeologists
    assert archs == total, f"{archs} Archaeologists, not {total}"
    assert min(s.archs) >= 0 and s.arch_supply >= 0
    for c, at in enumerate(s.camps):
        if at >= 0:
            assert BOARD.kind[at] == "tile" and s.tiles[at] >= 0, f"camp {c} on no tile"
    on_board = [at for at in s.camps if at >= 0]
    assert len(on_board) == len(set(on_board)), "two Camps on one tile"
    for p, at in enumerate(s.leaders):
        if at >= 0 and BOARD.kind[at] == "tile":
            assert s.tiles[at] >= 0, f"Leader {p} on an empty slot"
    requests = [*s.request_deck, *s.request_discard, *s.row]
    for p in range(s.num_players):
        requests += s.requests[p]
        requests += s.validated[p][0::3]
    if sorted(requests) != _ALL_REQUESTS:  # counted only then, as the tiles above
        cards = Counter(requests)
        wrong = [c for c in range(len(IC.requests)) if cards[c] != 1]
        assert not wrong, f"Request cards not exactly once: {wrong[:8]}"
    logbook = [*s.logbook_deck, *s.logbook_shown]
    assert len(logbook) == len(set(logbook)) and (
        not logbook or sorted(logbook) == list(range(len(IC.logbook)))), "Logbook cards"
