"""Simulating one flick with pymunk (Chipmunk2D), and what it reports.

A penguin is a disc sliding on the floor: Coulomb friction and damping slow it, its
spin decays, and spin bends its path towards the side it was pushed on (the dome
rolling on its edge). Penguins bounce off each other and off walls; a wall hit hard
enough along its normal is hopped (the collision is ignored until the penguin is
clear of it). A fixed time step runs until every penguin rests or the time cap; a step
in which a penguin would move farther than ``max_travel`` is cut into equal sub-steps,
because Chipmunk finds a contact only once the shapes overlap: at full speed one step
would sink a penguin more than half its radius into a wall.

The same table, penguins and flick give the same result every time: the space is
built afresh for each flick, in the same order, and stepped with a fixed ``dt``. So
results are kept (a bounded memo per thread): search bots flick the same candidates
from the same positions in every determinization, and hidden cards never move penguins.
"""

from __future__ import annotations

import atexit
import functools
import math
import threading
import weakref
from array import array
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pymunk
from pymunk._chipmunk import lib as _chipmunk

from wintergames.physics.report import covered, crossed, drawn_path
from wintergames.physics.table import Doorway, Point, Table

_WALL = 1
_PENGUIN = 2


@dataclass(frozen=True)
class PenguinParams:
    """The disc model and the integrator; see ``icecool_wizards/data/physics.toml``."""

    radius: float
    mass: float
    floor_decel: float
    linear_damping: float
    max_speed: float
    max_spin: float
    spin_decel: float
    curve: float
    restitution_penguin: float
    restitution_wall: float
    friction_penguin: float
    friction_wall: float
    stop_speed: float
    stop_spin: float
    hop_speed: float
    hop_keep: float
    dt: float
    max_travel: float
    iterations: int
    collision_slop: float
    overlap_left_per_second: float
    max_time: float
    path_tolerance: float


@dataclass(frozen=True)
class FlickResult:
    """What one flick did; penguins are indexed as in the ``positions`` given."""

    final: tuple[Point | None, ...]  # where each penguin came to rest (None: not on board)
    off_board: frozenset[int]  # penguins that left the board during the flick
    rooms: frozenset[str]  # rooms the flicked penguin covered, its start included
    doorways: frozenset[str]  # doorways it crossed completely
    spots: frozenset[str]  # spots (exam spaces) it touched before, during or after
    touched: frozenset[int]  # other penguins it made contact with
    # The first contact with each of them: (penguin, its centre, the other's centre).
    contacts: tuple[tuple[int, Point, Point], ...]
    hops: int  # walls it hopped
    time: float  # simulated seconds
    steps: int  # physics steps, sub-steps included
    # Every centre of the flicked penguin, one per physics step, start first, flat as
    # x0, y0, x1, y1, ...: compact, because kept results hold it. Not compared: it
    # follows from the same inputs as the rest.
    trail: array = field(compare=False, repr=False)
    path_tolerance: float = field(compare=False, repr=False)  # for drawing ``path``

    @functools.cached_property
    def positions(self) -> tuple[Point, ...]:
        """Every position the flicked penguin took, the judgements' evidence."""
        t = self.trail
        return tuple(zip(t[::2], t[1::2], strict=True))

    @functools.cached_property
    def path(self) -> tuple[Point, ...]:
        """Its path as drawn: every bump and bend, start and end (made when asked:
        search bots simulate thousands of flicks and draw none)."""
        return drawn_path(self.positions, self.path_tolerance)


def launch(params: PenguinParams, angle_deg: float, power: float, spin: float) -> tuple[
    tuple[float, float], float
]:
    """Initial velocity and angular velocity of a flick.

    ``spin`` > 0 is a push on the penguin's right side: it turns clockwise (to the right).
    """
    speed = params.max_speed * power
    a = math.radians(angle_deg)
    return (speed * math.cos(a), speed * math.sin(a)), -spin * params.max_spin


class _Recorder:
    """Collision callbacks: hops over walls, contacts of the flicked penguin."""

    def __init__(self, table: Table, params: PenguinParams, mover: int,
                 index: dict[pymunk.Shape, int], active: set[object]) -> None:
        self.table = table
        self.params = params
        self.mover = mover
        self.index = index
        self.active = active
        self.contacts: dict[int, tuple[Point, Point]] = {}
        self.hops = 0

    def wall(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        disc = arbiter.shapes[0]
        penguin = disc.body
        assert penguin is not None  # every shape in the space hangs on a body
        impact = penguin.velocity.dot(arbiter.normal)  # the normal points into the wall
        if impact > self.params.hop_speed:
            arbiter.process_collision = False  # ignored until the penguin is clear of it
            penguin.velocity = penguin.velocity * self.params.hop_keep
            if self.index[disc] == self.mover:
                self.hops += 1

    def contact(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Every step two discs overlap: a wall between their centres keeps them apart.

        Two penguins pressed into a wall from both sides overlap inside it; a real
        penguin cannot touch another through a wall, so that overlap is no contact.
        Judged at every step (pre-solve), not once: the pair may come round the wall's
        end while still overlapping.
        """
        a, b = arbiter.shapes
        assert a.body is not None and b.body is not None
        pa, pb = a.body.position, b.body.position
        if self.table.blocked((pa.x, pa.y), (pb.x, pb.y)):
            arbiter.process_collision = False
            return
        self.active.add(a.body._body)  # Chipmunk handles: the stepping loop uses them
        self.active.add(b.body._body)
        i, j = self.index[a], self.index[b]
        if self.mover in (i, j) and (other := j if i == self.mover else i) not in \
                self.contacts:
            mine, theirs = (pa, pb) if i == self.mover else (pb, pa)
            self.contacts[other] = ((mine.x, mine.y), (theirs.x, theirs.y))


class _Rig(threading.local):
    """The pymunk objects of one table, moved into a fresh space for every flick.

    Building shapes costs more than the rest of a short flick, so walls, penguin bodies
    and discs are made once (per thread) and reused. Nothing of an earlier flick may
    leak into the next: the space is new (shape ids restart at zero), every body is
    reset, including Chipmunk's position-correction velocity that a body keeps from its
    last step, and the friction joints (which keep warm-start impulses) are new unless
    their penguin slept through the last flick (Chipmunk never solved them, so they are
    exactly as made; making joints is a sixth of a short flick).
    """

    key: tuple[int, int, int] | None = None
    space: pymunk.Space | None = None
    walls: pymunk.Body
    segments: tuple[pymunk.Segment, ...]
    bodies: tuple[pymunk.Body, ...]
    discs: tuple[pymunk.Circle, ...]
    joints: list[tuple[pymunk.PivotJoint, pymunk.GearJoint] | None]

    def space_for(self, table: Table, params: PenguinParams,
                  positions: Sequence[Point | None]) -> pymunk.Space:
        key = (id(table), id(params), len(positions))
        if self.key != key:
            self._make(table, params, len(positions))
            self.key = key
        elif self.space is not None:
            _move_out(self.space)
        space = pymunk.Space()
        space.iterations = params.iterations
        space.collision_slop = params.collision_slop
        space.collision_bias = params.overlap_left_per_second
        space.damping = math.exp(-params.linear_damping)  # velocity kept per second
        _move_in(space, (self.walls,), self.segments)
        for i, pos in enumerate(positions):
            if pos is not None:
                body, disc, slide, turn = self._penguin(i, pos, params)
                _move_in(space, (body,), (disc, slide, turn))
        self.space = space
        return space

    def _penguin(self, i: int, pos: Point, params: PenguinParams) -> tuple[
            pymunk.Body, pymunk.Circle, pymunk.PivotJoint, pymunk.GearJoint]:
        body = self.bodies[i]
        cp, handle = _chipmunk, body._body
        cp.cpBodyUpdatePosition(handle, 0.0)  # clears the last step's correction velocity
        cp.cpBodySetPosition(handle, pos)
        cp.cpBodySetVelocity(handle, (0.0, 0.0))
        cp.cpBodySetAngularVelocity(handle, 0.0)
        cp.cpBodySetAngle(handle, 0.0)
        cp.cpBodySetForce(handle, (0.0, 0.0))
        cp.cpBodySetTorque(handle, 0.0)
        joints = self.joints[i]
        if joints is None:
            # Top-down floor friction (Chipmunk's idiom): joints to the static body that
            # may only correct velocity, with a bounded force: a constant deceleration.
            slide = pymunk.PivotJoint(self.walls, body, (0, 0), (0, 0))
            slide.max_bias = 0
            slide.max_force = params.floor_decel * params.mass
            turn = pymunk.GearJoint(self.walls, body, 0.0, 1.0)
            turn.max_bias = 0
            turn.max_force = params.spin_decel * body.moment
            joints = self.joints[i] = (slide, turn)
        return body, self.discs[i], *joints

    def settled(self, bodies: dict[int, pymunk.Body]) -> None:
        """After a flick: the joints of every penguin that woke were solved; drop them."""
        for i, body in bodies.items():
            if not body.is_sleeping:
                self.joints[i] = None

    def release(self) -> None:
        """Free this thread's pymunk objects now, while the interpreter still runs.

        Left to interpreter shutdown, freeing a body calls back into pymunk's Python
        code after it is gone, and the process dies with a segmentation fault.
        """
        if self.space is not None:
            space = self.space
            space.remove(*space.constraints, *space.shapes, *space.bodies)
        self.space = None
        self.key = None
        for name in ("walls", "segments", "bodies", "discs", "joints"):
            self.__dict__.pop(name, None)

    def _make(self, table: Table, params: PenguinParams, count: int) -> None:
        self.space = None
        self.walls = pymunk.Body(body_type=pymunk.Body.STATIC)
        # Chipmunk multiplies the values of the two shapes in contact; the disc takes the
        # square root of the penguin-penguin value, so each pair gets its documented one.
        disc_e = math.sqrt(params.restitution_penguin)
        disc_u = math.sqrt(params.friction_penguin)
        segments = []
        for w in table.walls:
            seg = pymunk.Segment(self.walls, w.a, w.b, w.radius)
            seg.elasticity = params.restitution_wall / disc_e
            seg.friction = params.friction_wall / disc_u
            seg.collision_type = _WALL
            segments.append(seg)
        self.segments = tuple(segments)
        moment = pymunk.moment_for_circle(params.mass, 0, params.radius)
        self.bodies = tuple(pymunk.Body(params.mass, moment) for _ in range(count))
        self.joints = [None] * count
        discs = []
        for body in self.bodies:
            disc = pymunk.Circle(body, params.radius)
            disc.elasticity = disc_e
            disc.friction = disc_u
            disc.collision_type = _PENGUIN
            discs.append(disc)
        self.discs = tuple(discs)


def _move_in(space: pymunk.Space, bodies: Sequence[pymunk.Body],
             parts: Sequence[pymunk.Shape | pymunk.Constraint]) -> None:
    """``space.add(*bodies, *parts)``: the same Chipmunk calls in the same order (bodies
    first) and the same bookkeeping, without pymunk's checks of objects that this module
    made and moves itself. Emptying the last space and filling the new one took 150 µs
    that way, 60 µs this way, of a short flick's 500; the result is the same to the last
    bit (tests/physics)."""
    cp, handle, ref = _chipmunk, space._space, weakref.ref(space)
    for body in bodies:
        body._space = ref
        space._bodies[body] = None
        cp.cpSpaceAddBody(handle, body._body)
    for part in parts:
        if isinstance(part, pymunk.Shape):
            part._space = ref
            space._shapes[part] = None
            cp.cpSpaceAddShape(handle, part._shape)
        else:
            space._constraints[part] = None
            cp.cpSpaceAddConstraint(handle, part._constraint)


def _move_out(space: pymunk.Space) -> None:
    """``space.remove(*constraints, *shapes, *bodies)`` as ``_move_in`` adds: the same
    Chipmunk calls in pymunk's order; the space itself is dropped after."""
    cp, handle = _chipmunk, space._space
    for constraint in space._constraints:
        cp.cpSpaceRemoveConstraint(handle, constraint._constraint)
    for shape in space._shapes:
        shape._space = _gone
        cp.cpSpaceRemoveShape(handle, shape._shape)
    for body in space._bodies:
        body._space = _gone
        cp.cpSpaceRemoveBody(handle, body._body)
    space._constraints.clear()
    space._shapes.clear()
    space._bodies.clear()


_gone: weakref.ref[Any] = weakref.ref(set())  # an object's space once it left one

_rig = _Rig()
atexit.register(_rig.release)  # the main thread's objects; a worker's go with its thread


MEMO_SIZE = 2048  # flicks kept per thread; a result with its positions is a few kB


class _Memo(threading.local):
    """The last ``MEMO_SIZE`` results, least recently used dropped first."""

    def __init__(self) -> None:
        # The value keeps table and params alive, so their ids in the key stay theirs.
        self.results: OrderedDict[tuple[object, ...],
                                  tuple[Table, PenguinParams, FlickResult]] = OrderedDict()
        self.hits = 0
        self.misses = 0


_memo = _Memo()


def memo_stats() -> tuple[int, int]:
    """(hits, misses) of this thread's flick memo, for benchmarks."""
    return _memo.hits, _memo.misses


def clear_memo() -> None:
    """Forget this thread's kept results (tests use it to simulate afresh)."""
    _memo.results.clear()


def simulate(
    table: Table,
    params: PenguinParams,
    positions: Sequence[Point | None],
    mover: int,
    angle_deg: float,
    power: float,
    spin: float,
) -> FlickResult:
    """Flick penguin ``mover``; every other penguin in ``positions`` may be hit.

    A result is immutable and a pure function of its arguments, so a repeated flick
    returns the kept one.
    """
    if positions[mover] is None:
        raise ValueError(f"penguin {mover} is not on the board")
    key = (id(table), id(params), tuple(positions), mover, angle_deg, power, spin)
    results = _memo.results
    kept = results.get(key)
    if kept is not None:
        results.move_to_end(key)
        _memo.hits += 1
        return kept[2]
    _memo.misses += 1
    result = _simulate(table, params, positions, mover, *launch(params, angle_deg, power, spin))
    results[key] = (table, params, result)
    if len(results) > MEMO_SIZE:
        results.popitem(last=False)
    return result


def _simulate(table: Table, params: PenguinParams, positions: Sequence[Point | None],
              mover: int, velocity: tuple[float, float], spin_rate: float) -> FlickResult:
    """The physics itself: ``mover`` launched with ``velocity`` and ``spin_rate``."""
    space = _rig.space_for(table, params, positions)
    bodies = {i: _rig.bodies[i] for i, p in enumerate(positions) if p is not None}
    index: dict[pymunk.Shape, int] = {_rig.discs[i]: i for i in bodies}
    body = bodies[mover]
    active = {body._body}
    recorder = _Recorder(table, params, mover, index, active)
    space.on_collision(_PENGUIN, _WALL, begin=recorder.wall)
    space.on_collision(_PENGUIN, _PENGUIN, pre_solve=recorder.contact)
    body.velocity, body.angular_velocity = velocity, spin_rate
    space.sleep_time_threshold = 1e9
    for i, other in bodies.items():
        if i != mover:
            other.sleep()
    trail, frames = _run(space, params, body, active)
    _rig.settled(bodies)
    final = tuple(
        None if p is None else (float(bodies[i].position.x), float(bodies[i].position.y))
        for i, p in enumerate(positions)
    )
    return _report(table, params, trail, frames, final, recorder)


def _run(space: pymunk.Space, params: PenguinParams, body: pymunk.Body,
         active: set[object]) -> tuple[list[Point], int]:
    """Step until every penguin in motion rests.

    Returns the flicked penguin's centre after every (sub-)step, its start first, and
    the number of whole time steps simulated.
    """
    dt = params.dt
    stop_v2, stop_w = params.stop_speed ** 2, params.stop_spin
    trail: list[Point] = [tuple(body.position)]  # type: ignore[list-item]
    parts = _substeps(body.velocity.length, params)
    h = dt / parts
    space.step(h)  # the public step once: pymunk checks the bodies it was given
    trail.append(tuple(body.position))  # type: ignore[arg-type]
    # Then Chipmunk's own functions directly. pymunk's wrappers only add bookkeeping for
    # objects added or removed inside callbacks (ours never do) and would cost three
    # times the physics itself on these small scenes.
    cp = _chipmunk
    step_space, position = cp.cpSpaceStep, cp.cpBodyGetPosition
    get_v, set_v = cp.cpBodyGetVelocity, cp.cpBodySetVelocity
    get_w, set_w = cp.cpBodyGetAngularVelocity, cp.cpBodySetAngularVelocity
    cos, sin, append = math.cos, math.sin, trail.append
    cp_space, cp_body = space._space, body._body
    # Sub-steps (``_substeps``) from the fastest penguin; ``fast2`` is the speed² above
    # which a step needs cutting at all (the common slow case skips the square root).
    fast2 = (params.max_travel / dt) ** 2
    frames = int(params.max_time / dt)
    turn = params.curve * dt
    parts -= 1  # the public step was the first part of the first step
    frame = 1
    for frame in range(1, frames + 1):
        for _ in range(parts):
            step_space(cp_space, h)
            p = position(cp_body)
            append((p.x, p.y))
        # Once a step, for the next: spin bends the path towards the pushed side, and
        # the fastest penguin sets how finely the step is cut.
        fastest2 = 0.0
        for handle in active:
            v = get_v(handle)
            vx, vy = v.x, v.y
            w = get_w(handle)
            if w > stop_w or w < -stop_w:
                c, s = cos(turn * w), sin(turn * w)
                vx, vy = vx * c - vy * s, vx * s + vy * c
                set_v(handle, (vx, vy))
            speed2 = vx * vx + vy * vy
            if speed2 > fastest2:
                fastest2 = speed2
        parts = 1 if fastest2 <= fast2 else _substeps(math.sqrt(fastest2), params)
        h = dt / parts
        if frame % 4 == 0:
            for handle in list(active):
                v = get_v(handle)
                w = get_w(handle)
                if v.x * v.x + v.y * v.y < stop_v2 and -stop_w < w < stop_w:
                    set_v(handle, (0.0, 0.0))
                    set_w(handle, 0.0)
                    active.discard(handle)
            if not active:
                break
    return trail, frame


def _substeps(speed: float, params: PenguinParams) -> int:
    """A step of ``dt`` moves a penguin ``speed * dt``: into how many equal parts to cut
    it so that no part moves it farther than ``max_travel``."""
    return max(1, math.ceil(speed * params.dt / params.max_travel))


def _report(
    table: Table,
    params: PenguinParams,
    trail: list[Point],
    frames: int,
    final: tuple[Point | None, ...],
    recorder: _Recorder,
) -> FlickResult:
    r = params.radius
    xs = [p[0] for p in trail]
    ys = [p[1] for p in trail]
    off = {i for i, p in enumerate(final) if p is not None and not table.on_board(p)}
    centres = (min(xs), min(ys), max(xs), max(ys))
    within_one_box = any(x1 <= centres[0] and centres[2] <= x2 and y1 <= centres[1]
                         and centres[3] <= y2 for x1, y1, x2, y2 in table.footprints)
    if not within_one_box and not all(table.on_board(p) for p in trail):
        off.add(recorder.mover)
    reach = (centres[0] - r, centres[1] - r, centres[2] + r, centres[3] + r)

    def straddles(door: Doorway) -> bool:
        # Centres on both sides of the doorway's wall line: else ``crossed`` is False
        # (a quick test of what its own loop finds on every step of the trail).
        k = 1 if door.axis == "x" else 0
        return centres[k] <= door.at < centres[k + 2]

    def reached(rect: tuple[float, float, float, float]) -> bool:
        x1, y1, x2, y2 = rect
        if x1 > reach[2] or x2 < reach[0] or y1 > reach[3] or y2 < reach[1]:
            return False  # the whole path stays farther than r from it
        return covered(table, rect, trail, r)

    return FlickResult(
        final=tuple(None if i in off else p for i, p in enumerate(final)),
        off_board=frozenset(off),
        rooms=frozenset(room.id for room in table.rooms if reached(room.rect)),
        doorways=frozenset(d.id for d in table.doorways if straddles(d) and crossed(d, trail, r)),
        spots=frozenset(spot.id for spot in table.spots if reached(spot.rect)),
        touched=frozenset(recorder.contacts),
        contacts=tuple((q, *recorder.contacts[q]) for q in sorted(recorder.contacts)),
        hops=recorder.hops,
        time=frames * params.dt,
        steps=len(trail) - 1,
        trail=array("d", [c for p in trail for c in p]),
        path_tolerance=params.path_tolerance,
    )
