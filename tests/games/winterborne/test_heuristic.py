"""The estimate's kept seat values (``heuristic._VALUES``) give what working them out gives."""

from __future__ import annotations

import random

import wintergames as wg
from tests.games.winterborne.scenario import new
from wintergames.games.winterborne import heuristic
from wintergames.games.winterborne.state import WinterborneState


def positions(n: int, seed: int, every: int = 23) -> list[WinterborneState]:
    state = wg.make("winterborne", n, seed=seed)
    assert isinstance(state, WinterborneState)
    rng, found, step = random.Random(seed), [], 0
    while not state.is_over:
        if step % every == 0:
            found.append(state.clone())
        p = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(p)), p)
        step += 1
    found.append(state)
    return found


def test_a_kept_value_is_the_value_worked_out_again() -> None:
    heuristic._VALUES.clear()
    for n in (2, 3, 4):
        for s in positions(n, seed=n):
            for w in (0.0, 0.4, 1.0):
                for p in range(n):
                    first = heuristic.seat_value(s, p, w)  # kept
                    again = heuristic.seat_value(s.clone(), p, w)  # from what was kept
                    assert first == again == heuristic._seat_value(s, p, w)
    assert heuristic._VALUES


def test_a_value_kept_for_other_rule_numbers_is_not_used() -> None:
    """A what-if game that scores resources differently, its seat the same to the card."""
    printed = new(2, seed=4)
    changed = new(2, seed=4, overlay={"resources.per_vp": 1})
    for s in (printed, changed):
        s.res[0][:] = [3, 3, 3]
    heuristic._VALUES.clear()
    assert heuristic.seat_value(printed, 0, 0.5) == heuristic._seat_value(printed, 0, 0.5)
    assert heuristic.seat_value(changed, 0, 0.5) == heuristic._seat_value(changed, 0, 0.5)
    assert heuristic.seat_value(changed, 0, 0.5) != heuristic.seat_value(printed, 0, 0.5)


def test_a_change_to_anything_a_value_reads_is_a_new_value() -> None:
    s = new(2, seed=5)
    heuristic._VALUES.clear()
    before = heuristic.seat_value(s, 0, 0.5)
    s.favor[0] += 2
    assert heuristic.seat_value(s, 0, 0.5) == heuristic._seat_value(s, 0, 0.5) != before
