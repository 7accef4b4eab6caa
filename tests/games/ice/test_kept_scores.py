"""What ICE keeps (``scoring_state._KEPT``, ``heuristic._REQUESTS``) is what it would work
out again."""

from __future__ import annotations

import random

import wintergames as wg
from tests.games.ice.helpers import fresh
from wintergames.core.kept import Kept
from wintergames.games.ice import heuristic, scoring_state
from wintergames.games.ice.state import IceState


def test_a_kept_breakdown_is_the_breakdown_worked_out_again() -> None:
    scoring_state._KEPT.clear()
    checked = 0
    for n in (2, 3, 4, 5):
        state = wg.make("ice", n, seed=n)
        assert isinstance(state, IceState)
        rng = random.Random(n)
        while True:
            if rng.random() < 0.1 or state.is_over:
                for p in range(n):
                    first = scoring_state.breakdown(state, p)
                    again = scoring_state.breakdown(state.clone(), p)  # the kept one
                    assert first == again == scoring_state._breakdown(state, p)
                    checked += 1
            if state.is_over:
                break
            mover = state.to_move[0]
            state.apply(rng.choice(state.legal_actions(mover)), mover)
    assert checked > 100 and scoring_state._KEPT


def test_a_breakdown_kept_for_other_rule_numbers_is_not_used() -> None:
    """A what-if game whose Planning token scores otherwise, its seat the same."""
    printed = fresh(3, seed=2)
    changed = fresh(3, seed=2, overlay={"plan.rp": 5})
    assert printed.params is not changed.params
    for s in (printed, changed):
        s.planning[0] = 1
    scoring_state._KEPT.clear()
    mine, theirs = scoring_state.breakdown(printed, 0), scoring_state.breakdown(changed, 0)
    assert mine == scoring_state._breakdown(printed, 0)
    assert theirs == scoring_state._breakdown(changed, 0)
    assert theirs.planning == 5 != mine.planning


def test_a_change_to_anything_a_breakdown_reads_is_a_new_breakdown() -> None:
    s = fresh(3, seed=3)
    scoring_state._KEPT.clear()
    before = scoring_state.breakdown(s, 0)
    s.rp[0] += 2
    after = scoring_state.breakdown(s, 0)
    assert after == scoring_state._breakdown(s, 0) and after.tokens == before.tokens + 2


def test_kept_request_values_are_the_values_worked_out_again() -> None:
    """Kept across many positions (an entry may come from any earlier one), each value is
    the one worked out afresh with nothing kept."""
    heuristic._REQUESTS.clear()
    checked = 0
    for n in (2, 4):
        state = wg.make("ice", n, seed=10 + n)
        assert isinstance(state, IceState)
        rng = random.Random(n)
        while not state.is_over:
            for p in range(n):
                kept = heuristic.request_values(state, p)
                if rng.random() < 0.05:
                    everything = heuristic._REQUESTS
                    heuristic._REQUESTS = Kept(most=10)
                    try:
                        assert heuristic.request_values(state, p) == kept
                    finally:
                        heuristic._REQUESTS = everything
                    checked += 1
            mover = state.to_move[0]
            state.apply(rng.choice(state.legal_actions(mover)), mover)
    assert checked > 20
