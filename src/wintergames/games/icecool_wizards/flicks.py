"""Moving penguins: entering at the start spot, white-line relocation, the flick.

The physics engine (``wintergames.physics``) says what a flick did; this module turns
its report into what the player may do next (RB "Player's Turn").
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.core.phrases import Mention, Phrase
from wintergames.games.icecool_wizards.actions import Flick
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.words import (
    MSG,
    doorway,
    exam_space,
    room,
    seat,
    walls,
)
from wintergames.games.icecool_wizards.words import flick as flick_mention
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
    s.log.append(Event(MSG("enter", seat=seat(player)), kind="enter", player=player))


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
    moved = s.penguins[player] = (round(target[0], 3), round(target[1], 3))
    rooms = _rooms_at(moved)
    said = (MSG("relocate", seat=seat(player), rooms=rooms) if rooms
            else MSG("relocate-plain", seat=seat(player)))
    s.log.append(Event(said, kind="relocate", player=player))


def _rooms_at(point: tuple[float, float]) -> tuple[Mention, ...]:
    """The classrooms whose floor holds ``point`` (two on a shared border): where a
    penguin moved to a white line now stands, said as players name the rooms."""
    x, y = point
    return tuple(room(r.id) for r in IW.table.rooms
                 if r.rect[0] <= x <= r.rect[2] and r.rect[1] <= y <= r.rect[3])


def flick(s: IcecoolState, player: int, action: Flick) -> FlickResult:
    """Simulate the flick and move every penguin; off-board penguins go back."""
    before = s.penguins.copy()
    result = simulate(IW.table, IW.penguin, before, player, action.angle_deg, action.power,
                      action.spin)
    s.flicks += 1
    s.flicks_left -= 1
    s.show_flick(result)
    for q, (old, new) in enumerate(zip(before, result.final, strict=True)):
        s.penguins[q] = old if new is None else (round(new[0], 6), round(new[1], 6))
    s.log.append(Event(MSG("flick", seat=seat(player), flick=flick_mention(action)),
                       kind="flick", player=player))
    for q in sorted(result.off_board):
        s.log.append(Event(MSG("off-board", seat=seat(q)), kind="off-board", player=q))
    return result


def describe(player: int, result: FlickResult) -> Phrase:
    """What ``player``'s flick reached, for the log: "Player 1's penguin visited Magic
    101, touched the exam space in Potions and bumped Player 2"."""
    parts = []
    if result.rooms:
        parts.append(MSG("visited", rooms=tuple(room(r) for r in sorted(result.rooms))))
    if result.doorways:
        parts.append(MSG("passed", doorways=tuple(doorway(d) for d in sorted(result.doorways))))
    if result.spots:
        parts.append(MSG("touched", spaces=tuple(exam_space(IW.exam_spaces.index(x))
                                                 for x in sorted(result.spots))))
    if result.touched:
        parts.append(MSG("bumped", seats=tuple(seat(q) for q in sorted(result.touched))))
    if result.hops:
        parts.append(MSG("hopped", walls=walls(result.hops)))
    if not parts:
        return MSG("stayed", seat=seat(player))
    return MSG("reached", seat=seat(player), reached=tuple(parts))
