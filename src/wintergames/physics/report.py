"""What a flick reached: rooms, exam spaces, doorways, judged on the penguin's side.

The simulator records every position of the flicked penguin. A region counts when the
disc covers part of it *on the penguin's side of the walls*: a disc that sinks into a
wall for a step (a hard hit) never reaches what lies behind it. Doorways are judged in
their own neighbourhood: the penguin must start and end clear of the threshold and its
centre must have passed through the opening, in net, from one side to the other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from wintergames.physics.table import Doorway, Point, Rect, Table


def covered(table: Table, rect: Rect, trail: Sequence[Point], radius: float) -> bool:
    """Whether the disc covers part of ``rect`` at some position of ``trail``.

    The part must be on the disc's side of every wall: the point of ``rect`` nearest the
    centre must be within the radius and no wall line may stand between them. Where the
    disc touches no wall every point of it is on its side, so this is the plain overlap
    test; where it has sunk into a wall it is the overlap of what stayed in front of it.
    """
    x1, y1, x2, y2 = rect
    r2 = radius * radius
    for p in trail:  # rect_distance inlined: this loop runs over every physics step
        x, y = p
        qx = x1 if x < x1 else x2 if x > x2 else x
        qy = y1 if y < y1 else y2 if y > y2 else y
        dx, dy = x - qx, y - qy
        if dx * dx + dy * dy < r2 and ((qx == x and qy == y) or not table.blocked(p, (qx, qy))):
            return True
    return False


def crossed(door: Doorway, trail: Sequence[Point], radius: float) -> bool:
    """RB: "begin its flick completely on one side and end … completely on the other".

    Clear of the threshold at the start and at the end, and through the opening in net,
    counting each pass by its direction (in and back out again is not through).
    """
    if door.overlaps(trail[0], radius) or door.overlaps(trail[-1], radius):
        return False
    k, at = (1 if door.axis == "x" else 0), door.at
    beyond = [p[k] > at for p in trail]  # which side of the wall's line, step by step
    if all(beyond) or not any(beyond):
        return False
    net = 0
    for i in range(1, len(trail)):
        if beyond[i] != beyond[i - 1]:  # only these moves can pass through the opening
            net += door.crossing(trail[i - 1], trail[i])
    return net != 0


def drawn_path(trail: Sequence[Point], tolerance: float) -> tuple[Point, ...]:
    """The trail with the points of straight runs left out (Reumann-Witkam).

    A run goes on while every position stays within ``tolerance`` of the line through
    its first two points and moves forward along it; so every bump, bounce and bend is
    drawn where it happened, while a straight slide costs two points.
    """
    if len(trail) <= 2:
        return tuple(trail)
    kept = [trail[0]]
    ax, ay = trail[0]
    ux = uy = 0.0  # the run's unit direction; zero until the penguin has moved
    last = 0.0  # how far along the run the previous position was
    for i in range(1, len(trail)):
        px, py = trail[i]
        if ux == 0.0 and uy == 0.0:
            length = math.hypot(px - ax, py - ay)
            if length > tolerance:
                ux, uy, last = (px - ax) / length, (py - ay) / length, length
            continue
        along = (px - ax) * ux + (py - ay) * uy
        if abs((px - ax) * uy - (py - ay) * ux) > tolerance or along < last - tolerance:
            ax, ay = trail[i - 1]  # the run ended at the previous position
            kept.append((ax, ay))
            length = math.hypot(px - ax, py - ay)
            ux, uy = ((px - ax) / length, (py - ay) / length) if length > 0 else (0.0, 0.0)
            last = length
        else:
            last = max(last, along)
    if kept[-1] != trail[-1]:
        kept.append(trail[-1])
    return tuple(kept)
