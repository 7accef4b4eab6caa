"""The Wilson interval the arena and docs/bots.md report, checked against its definition."""

from __future__ import annotations

import math

import pytest

from wintergames.sim.stats import wilson


def inside(p: float, share: float, n: int, z: float = 1.96) -> bool:
    """Wilson's definition: the true rate p is kept when the share seen lies within z
    standard errors of p, the standard error taken at p (not at the share)."""
    return abs(share - p) <= z * math.sqrt(p * (1 - p) / n)


def edge(share: float, n: int, low: float, high: float) -> float:
    """Where `inside` turns, found by bisection between a kept and a refused rate."""
    kept, refused = (low, high) if inside(low, share, n) else (high, low)
    for _ in range(60):
        mid = (kept + refused) / 2
        kept, refused = (mid, refused) if inside(mid, share, n) else (kept, mid)
    return kept


@pytest.mark.parametrize(("share", "n"), [(0.5, 10), (0.9, 200), (0.3, 57), (0.885, 48)])
def test_the_interval_is_the_set_of_rates_the_share_does_not_refuse(share: float, n: int) -> None:
    low, high = wilson(share, n)
    assert low == pytest.approx(edge(share, n, 0.0, share), abs=1e-9)
    assert high == pytest.approx(edge(share, n, share, 1.0), abs=1e-9)


def test_all_won_and_none_won_reach_the_ends() -> None:
    # the published figures: 0 of 10 gives [0, 0.2775]; 200 of 200 gives [0.9812, 1]
    low, high = wilson(0.0, 10)
    assert (low, round(high, 4)) == (0.0, 0.2775)
    low, high = wilson(1.0, 200)
    assert (round(low, 4), high) == (0.9812, 1.0)


@pytest.mark.parametrize("share", [-0.01, 1.5])
def test_a_share_outside_zero_to_one_is_refused_by_name(share: float) -> None:
    # a tested bot's share of a game is 0..1; more means a caller summed wrong
    with pytest.raises(ValueError, match="between 0 and 1"):
        wilson(share, 10)


def test_no_games_tell_nothing() -> None:
    assert wilson(0.0, 0) == (0.0, 1.0)
