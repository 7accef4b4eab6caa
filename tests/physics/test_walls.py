"""What a flick touches is what a real penguin could touch: never through a wall.

The property test flicks from random positions (many pressed against walls) and checks,
with the geometry of ``wallcheck`` (its own, read from board.toml), that every room,
exam space and penguin contact credited lies on the penguin's side of the walls from a
position it occupied, that nothing it covered on its side was missed, and that no
penguin comes to rest inside a wall.
"""

from __future__ import annotations

import dataclasses
import itertools
import math

import numpy as np
import pymunk
import pytest

from tests.physics import wallcheck
from tests.tiers import soak_only
from wintergames.games.icecool_wizards.components import IW
from wintergames.physics import engine, report
from wintergames.physics.table import Point

P = IW.penguin
R = P.radius
BOARD = wallcheck.load_board()
SAMPLES = wallcheck.disc_samples(R)


def _missed(trail: tuple[Point, ...], credited: frozenset[str],
            rects: dict[str, tuple[float, float, float, float]]) -> list[str]:
    """Regions the disc clearly covered from a position touching no wall, yet not credited.

    Clearly: a sampled point at least 0.05 cm inside the rectangle and the disc.
    """
    inner = wallcheck.disc_samples(R - 0.05)
    reach = (R - 0.05) ** 2
    missed = []
    for name, (x1, y1, x2, y2) in rects.items():
        if name in credited:
            continue
        shrunk = (x1 + 0.05, y1 + 0.05, x2 - 0.05, y2 - 0.05)
        for p in trail:
            dx = max(shrunk[0] - p[0], 0.0, p[0] - shrunk[2])
            dy = max(shrunk[1] - p[1], 0.0, p[1] - shrunk[3])
            if (dx * dx + dy * dy < reach and wallcheck.clearance(BOARD, p) >= R - 1e-6
                    and wallcheck.visible_parts(BOARD, p, shrunk, R - 0.05, inner)):
                missed.append(name)
                break
    return missed


@pytest.mark.parametrize("flicks", [500, *soak_only(2000)])
def test_random_flicks_credit_nothing_through_a_wall(flicks: int) -> None:
    checked = 0
    for positions, angle, power, spin in wallcheck.random_flicks(BOARD, R, flicks, seed=14):
        engine.clear_memo()
        result = engine.simulate(IW.table, P, positions, 0, angle, power, spin)
        trail = result.positions
        if result.hops or result.off_board:
            continue  # a hop is meant to cross a wall
        checked += 1
        where = f"flick {angle} {power} {spin} from {positions}"
        resting = [p for p in result.final if p is not None]
        problems = wallcheck.violations(BOARD, R, trail, result.rooms, result.spots,
                                        result.contacts, resting, SAMPLES)
        problems += [f"room {r} missed" for r in _missed(trail, result.rooms, BOARD.rooms)]
        assert not problems, f"{where}: {problems}"
        assert result.touched == {c[0] for c in result.contacts}
    assert checked >= 0.75 * flicks


def test_the_reviewed_flick_from_the_start_spot_stays_in_magic_101() -> None:
    # Review: `flick 65.9 0.73 0.5` never left Magic 101 yet collected Magical Creatures
    # and Astrology, whose floors it reached only by sinking into the walls.
    result = engine.simulate(IW.table, P, [IW.start], 0, 65.9, 0.73, 0.5)
    trail = result.positions
    assert result.rooms == {"magic101"}
    assert min(wallcheck.clearance(BOARD, p) for p in trail) > R - 0.45


def test_a_penguin_is_never_touched_through_a_wall() -> None:
    # Review: penguins at (32, 42) and (32, 33.4), either side of the wall at y = 35.3.
    result = engine.simulate(IW.table, P, [(32.0, 42.0), (32.0, 33.4)], 0, 270.0, 0.5, 0.0)
    assert result.touched == frozenset() and result.contacts == ()
    assert result.final[1] == (32.0, 33.4)  # nothing pushed it


def test_a_penguin_round_a_doorway_frame_still_touches_the_other() -> None:
    # Through the opening, with no wall between the centres, a contact is a contact.
    result = engine.simulate(IW.table, P, [(8.6, 30.0), (8.6, 40.0)], 0, 90.0, 0.6, 0.0)
    assert result.touched == {1} and result.final[1][1] > 40.0  # type: ignore[index]


def _bare() -> engine.PenguinParams:
    """The penguin with no floor friction, damping or curving: contacts alone act."""
    return dataclasses.replace(P, floor_decel=0.0, linear_damping=0.0, spin_decel=0.0,
                               curve=0.0, hop_speed=1e9)


def _velocities_after(positions: list[Point | None], velocity: tuple[float, float],
                      seconds: float) -> list[pymunk.Vec2d]:
    params = _bare()
    space = engine._rig.space_for(IW.table, params, positions)
    bodies = [b for b in space.bodies if b.body_type == pymunk.Body.DYNAMIC]
    bodies.sort(key=lambda b: engine._rig.bodies.index(b))
    bodies[0].velocity = velocity
    h = params.dt / 1000  # fine steps: the contact normal is where the shapes first met
    for _ in range(round(seconds / h)):
        space.step(h)
    return [b.velocity for b in bodies]


def test_a_wall_returns_the_documented_share_of_speed() -> None:
    (after,) = _velocities_after([(30.0, 44.0)], (100.0, 0.0), 0.3)
    assert after.x == pytest.approx(-100.0 * P.restitution_wall, rel=0.01)


def test_two_penguins_bounce_with_the_documented_restitution() -> None:
    first, second = _velocities_after([(10.0, 44.0), (16.0, 44.0)], (100.0, 0.0), 0.2)
    e = P.restitution_penguin  # equal masses, head on
    assert first.x == pytest.approx(100.0 * (1 - e) / 2, rel=0.01)
    assert second.x == pytest.approx(100.0 * (1 + e) / 2, rel=0.01)


def test_a_glancing_hit_on_a_wall_slows_the_slide_by_the_documented_friction() -> None:
    # Sliding all through the impact, friction takes mu * (1 + e) * v_n off the slide.
    (after,) = _velocities_after([(13.0, 40.0)], (150.0, -50.0), 0.1)
    e, mu = P.restitution_wall, P.friction_wall
    assert after.y == pytest.approx(50.0 * e, rel=0.01)
    assert 150.0 - after.x == pytest.approx(mu * (1 + e) * 50.0, rel=0.02)


def test_two_penguins_rub_with_the_documented_friction() -> None:
    # Side by side, touching: the contact normal is along x, the slide along y.
    first, _ = _velocities_after([(10.0, 40.0), (10.0 + 2 * R, 40.0)], (100.0, 150.0),
                                 0.05)
    e, mu = P.restitution_penguin, P.friction_penguin
    # Sliding all through: each penguin's slide changes by mu * (1 + e) * v_n / 2.
    assert 150.0 - first.y == pytest.approx(mu * (1 + e) * 100.0 / 2, rel=0.02)


def test_the_drawn_path_shows_every_bump() -> None:
    result = engine.simulate(IW.table, P, [(28.0, 44.6), (24.0, 41.0)], 0, 200.0, 0.9, 0.7)
    trail = result.positions
    drawn = np.array(result.path)
    for p in trail:
        gaps = [_segment_gap(p, tuple(a), tuple(b)) for a, b in itertools.pairwise(drawn)]
        assert min(gaps) <= P.path_tolerance + 1e-9, f"{p} is not on the drawn path"
    assert len(result.path) < len(trail) / 2  # straight runs are not drawn point by point


def _segment_gap(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy)
                                              / length2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def test_a_doorway_is_judged_in_its_own_neighbourhood() -> None:
    d1, d3 = (next(d for d in IW.table.doorways if d.id == i) for i in ("D1", "D3"))
    # In the top box beside x = 17.2, ten cm from D3 and D4: not in either doorway.
    assert not d3.overlaps((17.2, 45.0), R)
    # Down through D1, then right through D3: both, though start and end lie on the
    # same side of D3's wall line.
    trail = [(19.0, 40.0), (8.6, 38.0), (8.6, 30.0), (12.0, 26.4), (22.0, 26.4)]
    assert report.crossed(d1, trail, R) and report.crossed(d3, trail, R)
    # In through D3 and back out again is not through.
    assert not report.crossed(d3, [(12.0, 26.4), (22.0, 26.4), (12.0, 26.0)], R)


def test_penguins_sunk_into_a_wall_from_both_sides_do_not_touch() -> None:
    # Each 0.3 cm into the double wall at y = 35.3 (faces 35.1 and 35.5): the discs
    # overlap inside the wall, which no real penguins can do.
    result = engine.simulate(IW.table, P, [(32.0, 36.9), (32.0, 33.7)], 0, 0.0, 0.2, 0.0)
    assert result.touched == frozenset() and result.contacts == ()
