"""Hand-built positions for the Snow tile front tests (test_effects*.py).

Positions are built by editing a fresh state: every Archaeologist back to the pool, no
Camp on the board, no rift unless the test sets one. A Snow tile put into a hand leaves
its hole on a far rim slot of the top layer. Expected places come from the board's static
tables (``BOARD.sides``, ``BOARD.above``, ``BOARD.below``) with code written here, never
from the functions under test.
"""

from __future__ import annotations

import pytest

from tests.games.ice.helpers import act, fresh, give, place, swap_into, texts, tile
from wintergames.core.errors import IllegalActionError
from wintergames.games.ice import conservation
from wintergames.games.ice import frames as fr
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.state import IceState

HAR, EXA, ACH, PHI, OBL = range(5)
CENTRE = "T27"  # a centre spot; its sides in SIDES order: T28 T35 T34 T26 T19 T20


# Top rim slots farthest from the centre: where a tile taken into a hand leaves its hole.
FAR = ("T1", "T23", "T2", "T4", "T16", "T31", "T5", "T44", "T3", "T10")


def position(players: int = 3, first_game: bool = True) -> IceState:
    s = fresh(players, 1, first_game=first_game)
    s.arch_supply += sum(s.archs)
    s.archs = [0] * BOARD.n
    s.camps = [fr.OFF if at >= 0 else at for at in s.camps]
    s.rift = [-1] * BOARD.n
    return s


def hold(s: IceState, p: int, tile_id: str) -> int:
    """Put the Snow tile into seat ``p``'s hand, its hole on a far rim slot."""
    far = next(place(n) for n in FAR if s.tiles[place(n)] >= 0
               and s.tiles[place(n)] != tile(tile_id))
    swap_into(s, far, tile_id)
    return give(s, p, tile_id)


def add(s: IceState, name: str, count: int) -> None:
    """Archaeologists from the pool onto a place (building a position)."""
    s.archs[place(name)] += count
    s.arch_supply -= count


def drop(s: IceState, name: str) -> None:
    """Take the tile off a slot into the discard pile (building a position)."""
    slot = place(name)
    s.tile_discard.append(s.tiles[slot])
    s.tiles[slot] = -1
    s.rift[slot] = -1


def uncover(s: IceState, name: str, keep: str | None = None) -> None:
    """Take the tiles above ``name`` away (all, or all but ``keep``)."""
    for a in BOARD.above[place(name)]:
        if s.tiles[a] >= 0 and (keep is None or a != place(keep)):
            drop(s, BOARD_NAMES[a])


BOARD_NAMES = {place(n): n for n in (
    *(f"T{i}" for i in range(1, 49)), *(f"S{i}" for i in range(1, 38)),
    *(f"D{i}" for i in range(1, 28)))}


def side(name: str, k: int) -> str:
    return BOARD_NAMES[BOARD.sides[place(name)][k]]


def conserved(s: IceState) -> None:
    """45 Archaeologists, every tile exactly once, Camps and Leaders on tiles."""
    conservation.check(s)


def snapshot(s: IceState) -> object:
    return s.to_json()["state"]


def refused(s: IceState, text: str, rule: str = "snow.play") -> None:
    """``text`` is refused, naming the rule passage ``rule``, and nothing changes."""
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as refusal:
        act(s, text)
    assert refusal.value.rule == rule
    assert snapshot(s) == before


def finish(s: IceState) -> None:
    """Answer every open question with its first option (placements below)."""
    while s.pending:
        s.apply(s.legal_actions(s.to_move[0])[0], s.to_move[0])


def plays(s: IceState) -> list[str]:
    return [t for t in texts(s) if t.startswith("play ")]


def puts(s: IceState) -> set[str]:
    return {t.split()[1] for t in texts(s) if t.startswith("put ")}


def top_steps(start: str, steps: int, blocked: set[tuple[str, str]]) -> set[str]:
    """Top-layer slots within ``steps`` side-steps of ``start`` on a full top layer,
    never across a ``blocked`` pair (both directions)."""
    seen, ring = {start}, [start]
    for _ in range(steps):
        nxt = []
        for a in ring:
            for q in BOARD.sides[place(a)]:
                b = BOARD_NAMES.get(q)
                if b and b.startswith("T") and b not in seen and (a, b) not in blocked \
                        and (b, a) not in blocked:
                    seen.add(b)
                    nxt.append(b)
        ring = nxt
    return seen - {start}
