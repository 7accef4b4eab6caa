"""Promising flicks for bots: aimed at what a seat wants, plus random samples.

Targets are the lesson cards on the board (and the middle of their classrooms), exam
spaces the seat's lessons already pay for, and penguins of seats holding face-up lessons
(bumping them allows a trade). Each target gets a straight flick with the power that
stops the penguin about there, and a harder one that carries through; the rest of the
``count`` are random flicks. No physics is run here: bots simulate the candidates.

>>> import random, wintergames as wg
>>> state = wg.make("icecool-wizards", 2, seed=1)
>>> flicks = propose(state, 0, random.Random(0), 12)
>>> len(flicks), {f.kind for f in flicks}
(12, {'flick'})
"""

from __future__ import annotations

import functools
import math
import random
from typing import TYPE_CHECKING

from wintergames.games.icecool_wizards.actions import Flick
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.heuristic import lesson_icons

if TYPE_CHECKING:
    from wintergames.core.actions import Action
    from wintergames.core.state import State
    from wintergames.games.icecool_wizards.state import IcecoolState

CARRY = 1.3  # the harder variant travels this much further than the target


def stopping_distance(power: float) -> float:
    """cm a straight flick slides: constant deceleration plus exponential damping."""
    p = IW.penguin
    v0 = p.max_speed * power
    a, k = p.floor_decel, p.linear_damping
    return v0 / k - a / (k * k) * math.log1p(k * v0 / a)


@functools.lru_cache(maxsize=4096)  # searches aim from the same spots again and again
def power_for(distance: float) -> float:
    """The power whose straight flick stops after ``distance`` cm (clipped to 0.05..1)."""
    lo, hi = 0.0, 1.0
    if stopping_distance(hi) <= distance:
        return 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if stopping_distance(mid) < distance else (lo, mid)
    return max(0.05, hi)


def _payable(s: IcecoolState, player: int, exam_id: int) -> bool:
    have, wild = lesson_icons(s, player)
    missing = 0
    for icon in IW.exams[exam_id].icons:
        if have[icon]:
            have[icon] -= 1
        else:
            missing += 1
    return missing <= wild


def targets(s: IcecoolState, player: int) -> list[tuple[float, float]]:
    rooms = {room.id: room.rect for room in IW.table.rooms}
    points: list[tuple[float, float]] = []
    for place in IW.places:
        if s.board[place.icon] >= 0:
            points.append(place.centre)
            x1, y1, x2, y2 = rooms[place.room]
            points.append(((x1 + x2) / 2, (y1 + y2) / 2))
    for spot, exam_id in zip(IW.table.spots, s.exam_spaces, strict=True):
        if exam_id >= 0 and _payable(s, player, exam_id):
            x1, y1, x2, y2 = spot.rect
            points.append(((x1 + x2) / 2, (y1 + y2) / 2))
    for seat, pos in enumerate(s.penguins):
        if seat != player and pos is not None and any(s.lessons_up[seat]):
            points.append(pos)
    return points


def propose(state: State, player: int, rng: random.Random, count: int) -> list[Action]:
    s: IcecoolState = state  # type: ignore[assignment]
    origin = s.penguins[player] or IW.start
    flicks: list[Action] = []
    seen: set[Action] = set()
    for tx, ty in targets(s, player):
        dx, dy = tx - origin[0], ty - origin[1]
        distance = math.hypot(dx, dy)
        if distance < 1.0:
            continue
        angle = math.degrees(math.atan2(dy, dx)) % 360
        for carry in (1.0, CARRY):
            flick = Flick.of(angle, power_for(distance * carry), 0.0)
            if flick not in seen:
                seen.add(flick)
                flicks.append(flick)
    rng.shuffle(flicks)
    flicks = flicks[:count]
    while len(flicks) < count:
        flick = Flick.of(rng.uniform(0, 360), rng.uniform(0.15, 1.0), rng.choice((-0.5, 0.0, 0.5)))
        if flick not in seen:
            seen.add(flick)
            flicks.append(flick)
    return flicks
