"""Moving penguins: entering at the start spot, white-line relocation, the flick.

The physics engine (``wintergames.physics``) says what a flick did; this module turns
its report into what the player may do next (RB "Player's Turn").
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from wintergames.core.events import Event, seat_name
from wintergames.games.icecool_wizards.actions import Flick
from wintergames.games.icecool_wizards.components import IW
from wintergames.physics import FlickResult, simulate
from wintergames.physics.table import nearest_free_point, rect_distance, wall_clearance

if TYPE_CHECKING:
    from wintergames.games.icecool_wizards.state import IcecoolState

R = IW.penguin.radius


def _others(s: IcecoolState, player: int) -> list[tuple[float, float]]:
    return [p for q, p in enumerate(s.penguins) if q != player and p is not None]


def _free(point: tuple[float, float], others: list[tuple[float, float]]) -> bool:
    return all(math.dist(point, o) >= 2 * R for o in others)


def enter(s: IcecoolState, player: int) -> None:
    """RB "Setup" 6: the penguin starts on the starting spot on its first turn.

    If another penguin sits there, the nearest free point around the spot is used
    (a digital convenience; see docs/rules/icecool-wizards.md).
    """
    others = _others(s, player)
    spot = IW.start
    if not _free(spot, others):
        candidates = (  # lazily: the first free ring point is usually near
            (spot[0] + d * math.cos(math.radians(a)), spot[1] + d * math.sin(math.radians(a)))
            for d in (0.5 * k for k in range(1, 40)) for a in range(0, 360, 15)
        )
        spot = next(c for c in candidates
                    if _free(c, others) and wall_clearance(IW.table, c) > R)
    s.penguins[player] = spot
    s.log.append(Event(f"{seat_name(player)}'s penguin enters at the starting spot",
                       kind="enter", player=player))


def may_relocate(s: IcecoolState, player: int) -> bool:
    """Close to a wall (doorways are part of walls) or stuck in a doorway."""
    p = s.penguins[player]
    return p is not None and _may_relocate_from(p)


@functools.lru_cache(maxsize=4096)  # asked at every turn's start; penguins rest a while
def _may_relocate_from(p: tuple[float, float]) -> bool:
    # RB: "doorways count as a part of a wall": the threshold's edges are a wall's face.
    near = min(wall_clearance(IW.table, p),
               *(rect_distance(d.threshold, p) for d in IW.table.doorways))
    return near < R + IW.near_wall


def relocate(s: IcecoolState, player: int) -> None:
    p = s.penguins[player]
    assert p is not None
    target = nearest_free_point(IW.table.white_lines, p, _others(s, player), 2 * R)
    if target is None:  # every point of every white line is covered by penguins
        return
    s.penguins[player] = (round(target[0], 3), round(target[1], 3))
    s.log.append(Event(f"{seat_name(player)} moves their penguin onto the white line at "
                       f"({target[0]:.1f}, {target[1]:.1f})", kind="relocate", player=player))


def flick(s: IcecoolState, player: int, action: Flick) -> FlickResult:
    """Simulate the flick and move every penguin; off-board penguins go back."""
    before = s.penguins.copy()
    result = simulate(IW.table, IW.penguin, before, player, action.angle_deg, action.power,
                      action.spin)
    s.flicks += 1
    s.flicks_left -= 1
    s.last_path = result.path
    for q, (old, new) in enumerate(zip(before, result.final, strict=True)):
        s.penguins[q] = old if new is None else (round(new[0], 6), round(new[1], 6))
    s.log.append(Event(f"{seat_name(player)} flicks: {action}", kind="flick", player=player))
    for q in sorted(result.off_board):
        s.log.append(Event(f"{seat_name(q)}'s penguin flies off the board and goes back to "
                           "where it was", kind="off-board", player=q))
    return result


def describe(result: FlickResult) -> str:
    """What a flick reached, for the log."""
    parts = []
    if result.rooms:
        parts.append("visited " + ", ".join(IW.room_names[r] for r in sorted(result.rooms)))
    if result.doorways:
        parts.append("passed through " + ", ".join(sorted(result.doorways)))
    if result.spots:
        parts.append("touched exam spaces " + ", ".join(sorted(result.spots)))
    if result.touched:
        parts.append("bumped " + ", ".join(seat_name(q) for q in sorted(result.touched)))
    if result.hops:
        parts.append(f"hopped {result.hops} wall{'s' * (result.hops > 1)}")
    return "; ".join(parts) or "stayed where it was"
