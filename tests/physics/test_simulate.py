"""The flick simulation on ICECOOL Wizards' board (pymunk)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from wintergames.games.icecool_wizards.components import IW
from wintergames.physics import FlickResult, engine, launch, simulate

from .recorded import fingerprint, replay

P = IW.penguin
R = P.radius


def flick(positions: Sequence[tuple[float, float] | None], angle: float, power: float,
          spin: float = 0.0, mover: int = 0) -> FlickResult:
    """A flick simulated afresh, never a kept result."""
    engine.clear_memo()
    return simulate(IW.table, P, positions, mover, angle, power, spin)


def stopping_distance(v0: float) -> float:
    """Exact distance under constant deceleration a plus damping: dv/dt = -a - lam*v."""
    a, lam = P.floor_decel, P.linear_damping
    return v0 / lam - a / lam**2 * math.log(1 + lam * v0 / a)


def test_same_inputs_same_result() -> None:
    positions = [(6.0, 44.6), (14.0, 45.0), (26.0, 26.0)]
    first = flick(positions, 3.0, 0.8, 0.4)
    assert flick(positions, 3.0, 0.8, 0.4) == first


def test_a_result_never_depends_on_earlier_flicks() -> None:
    positions = [(6.0, 44.6), (14.0, 45.0), (26.0, 26.0)]
    fresh = flick(positions, 3.0, 0.8, 0.4)
    # Flicks that end pressed into walls and corners leave Chipmunk correction state
    # behind in reused bodies; none of it may reach the next flick.
    for angle in range(0, 360, 20):
        flick([(2.2, 2.5), (33.0, 51.5), (15.2, 33.0)], angle, 1.0, 0.8, mover=angle % 3)
    assert flick(positions, 3.0, 0.8, 0.4) == fresh


def test_a_repeated_flick_returns_the_kept_result_and_the_memo_stays_bounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    positions = [(6.0, 44.6), (14.0, 45.0)]
    first = flick(positions, 3.0, 0.8, 0.4)
    hits, misses = engine.memo_stats()
    again = simulate(IW.table, P, positions, 0, 3.0, 0.8, 0.4)
    assert again is first and engine.memo_stats() == (hits + 1, misses)
    other = simulate(IW.table, P, [(6.0, 44.6), (14.0, 45.5)], 0, 3.0, 0.8, 0.4)
    assert other is not first and engine.memo_stats() == (hits + 1, misses + 1)
    monkeypatch.setattr(engine, "MEMO_SIZE", 3)
    for angle in range(6):
        simulate(IW.table, P, positions, 0, float(angle), 0.1, 0.0)
    assert len(engine._memo.results) == 3


def test_a_fresh_interpreter_gives_the_same_result() -> None:
    code = (
        "from wintergames.games.icecool_wizards.components import IW\n"
        "from wintergames.physics import simulate\n"
        "r = simulate(IW.table, IW.penguin, [(6.0, 44.6), (14.0, 45.0)], 0, 3.0, 0.8, 0.4)\n"
        "print(repr(r.final), r.steps, sorted(r.touched))"
    )
    here = flick([(6.0, 44.6), (14.0, 45.0)], 3.0, 0.8, 0.4)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == f"{here.final!r} {here.steps} {sorted(here.touched)}"


def test_a_straight_flick_stops_where_the_friction_model_says() -> None:
    result = flick([(6.0, 44.6)], 0.0, 0.3)
    expected = 6.0 + stopping_distance(0.3 * P.max_speed)
    x, y = result.final[0]  # type: ignore[misc]
    assert x == pytest.approx(expected, abs=0.5)
    assert y == pytest.approx(44.6, abs=1e-9)
    assert result.path[0] == (6.0, 44.6) and result.path[-1] == result.final[0]


def test_spin_curves_the_path_towards_the_pushed_side() -> None:
    right = flick([(18.0, 38.5)], 90.0, 0.4, 0.6).final[0]
    left = flick([(18.0, 38.5)], 90.0, 0.4, -0.6).final[0]
    straight = flick([(18.0, 38.5)], 90.0, 0.4, 0.0).final[0]
    assert right[0] > 18.5 and left[0] < 17.5  # type: ignore[index]
    assert right[0] - 18.0 == pytest.approx(18.0 - left[0], abs=1e-6)  # type: ignore[index]
    assert straight[0] == pytest.approx(18.0, abs=1e-9)  # type: ignore[index]
    vx, vy = launch(P, 90.0, 0.4, 0.6)[0]
    assert launch(P, 90.0, 0.4, 0.6)[1] < 0  # pushed on its right side: turns clockwise
    assert vx == pytest.approx(0.0, abs=1e-9) and vy == pytest.approx(0.4 * P.max_speed)


def test_a_penguin_bounces_off_a_wall() -> None:
    result = flick([(28.0, 44.6)], 0.0, 0.5)
    wall = 35.9 - 0.1  # inner face of box A's right wall
    furthest = max(x for x, _ in result.path)
    assert wall - R - 0.6 < furthest <= wall - R + 0.6  # it reached the wall...
    assert result.final[0][0] < furthest - 1.0  # type: ignore[index]  # ...and came back
    assert result.hops == 0 and not result.off_board


def test_a_hard_hit_hops_an_inner_wall() -> None:
    result = flick([(12.0, 18.0)], 0.0, 1.0)
    x, _ = result.final[0]  # type: ignore[misc]
    assert x > 17.4 + R  # landed in box B, beyond the wall between the boxes
    assert result.hops == 1 and not result.off_board
    assert {"magic101", "creatures"} <= result.rooms
    assert not result.doorways  # over the wall is not through a doorway


def test_a_penguin_knocked_over_a_wall_is_no_hop_of_the_flicked_one() -> None:
    # The flicked penguin hands its speed to the one in front, which hops the wall
    # between boxes A and B (x = 17.4); ``hops`` counts the flicked penguin's hops only.
    result = flick([(10.0, 18.0), (14.0, 18.0)], 0.0, 1.0)
    assert result.touched == frozenset({1})
    (mx, _), (ox, _) = result.final  # type: ignore[misc]
    assert ox > 17.4 + R  # the other penguin landed in box B, beyond the wall
    assert mx < 17.4 - R  # the flicked one stayed in box A
    assert result.hops == 0 and not result.off_board
    assert "creatures" not in result.rooms


def test_hopping_an_outer_wall_flies_off_the_board() -> None:
    result = flick([(8.6, 48.0), (20.0, 45.0)], 90.0, 1.0)
    assert result.off_board == frozenset({0}) and result.final[0] is None
    assert result.final[1] == (20.0, 45.0)


def test_a_doorway_counts_only_when_crossed_completely() -> None:
    through = flick([(8.6, 30.0)], 90.0, 0.5)
    assert through.doorways == frozenset({"D1"})
    started_in_it = flick([(8.6, 35.3)], 90.0, 0.5)
    assert started_in_it.final[0][1] > 40  # type: ignore[index]
    assert started_in_it.doorways == frozenset()


def test_rooms_and_spots_include_where_the_penguin_started() -> None:
    result = flick([(3.0, 51.0)], 0.0, 0.0)
    assert result.final[0] == (3.0, 51.0)
    assert result.rooms == frozenset({"astrology"})
    assert result.spots == frozenset({"X1"})


def test_a_penguin_on_a_room_border_is_in_both_rooms() -> None:
    assert flick([(18.0, 45.0)], 0.0, 0.0).rooms == frozenset({"astrology", "history"})


def test_touching_another_penguin_is_reported_and_pushes_it() -> None:
    result = flick([(6.0, 44.6), (14.0, 44.6), (30.0, 10.0)], 0.0, 0.5)
    assert result.touched == frozenset({1})
    assert result.final[1][0] > 14.0  # type: ignore[index]
    assert result.final[2] == (30.0, 10.0)


def test_a_penguin_that_is_not_on_the_board_cannot_be_flicked() -> None:
    with pytest.raises(ValueError, match="not on the board"):
        flick([None, (6.0, 44.6)], 0.0, 0.5)


def test_a_penguin_resting_against_a_wall_never_leaves_the_board_unnoticed() -> None:
    # Found by the generic checks: a penguin pressed into the outer wall and flicked into
    # it at full power once passed through and was not reported off the board.
    for angle in range(0, 360, 10):
        result = flick([(31.7, 50.0), (33.2, 32.3)], float(angle), 1.0, mover=1)
        for i, p in enumerate(result.final):
            assert p is None or IW.table.on_board(p)
            assert (p is None) == (i in result.off_board)


def test_a_result_never_depends_on_the_flicks_before_it() -> None:
    # The rig reuses bodies, and the friction joints of penguins that slept through a
    # flick: a run of flicks must give what a fresh rig gives for each of them.
    from tests.physics import wallcheck

    board = wallcheck.load_board()
    cases = []
    for k, (placed, angle, power, spin) in enumerate(
            wallcheck.random_flicks(board, R, 120, seed=8)):
        layout = (placed + [None] * 4)[:4]
        turn = k % 4  # the flicked penguin sits in every seat in turn
        cases.append((layout[turn:] + layout[:turn], angle, power, spin, (4 - turn) % 4))
    in_a_row = [flick(*case) for case in cases]
    for case, seen in zip(cases, in_a_row, strict=True):
        engine._rig.release()
        fresh = flick(*case)
        assert fresh == seen and fresh.positions == seen.positions, case


def test_every_recorded_flick_gives_its_recorded_result_to_the_last_bit() -> None:
    """Stored games replay their flicks: a change that moves any result by one bit (a
    faster way to set up the space, another order of adding shapes) changes them."""
    cases = json.loads((Path(__file__).parent / "data" / "recorded_flicks.json").read_text())
    assert len(cases) == 60 and any(c["mover"] for c in cases)
    changed = [i for i, case in enumerate(cases)
               if fingerprint(replay(case)) != case["fingerprint"]]
    assert not changed, f"flicks {changed} no longer give their recorded results"
