"""The generic checks of core/testing.py over many seeded random games."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wintergames as wg
from tests.tiers import seed_blocks
from wintergames.core import testing
from wintergames.games.snow_time.state import SnowTimeState, check_components


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seeds", seed_blocks(fast=10, total=200, block=90))
def test_generic_checks_over_200_seeded_games(n: int, seeds: range) -> None:
    games = testing.run_generic_checks("snow-time", n, seeds, deep_every=12)
    assert all(isinstance(g, SnowTimeState) for g in games)
    turns = [g.turn for g in games if isinstance(g, SnowTimeState)]
    assert min(turns) >= 3
    # every kind of step happened somewhere in these games
    kinds = {e.kind for g in games for e in g.log}
    assert {"watch", "heal", "snowstorm", "fight", "score", "summary", "end"} <= kinds


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=200),
)
def test_every_card_and_fruit_accounted_for_after_every_action(
    n: int, seed: int, picks: list[int]
) -> None:
    s = wg.make("snow-time", n, seed=seed)
    check_components(s)
    for pick in picks:
        if s.is_over:
            break
        player = s.to_move[pick % len(s.to_move)]
        actions = s.legal_actions(player)
        s.apply(actions[pick % len(actions)], player)
        check_components(s)


def test_same_seed_and_actions_same_game() -> None:
    def play(seed: int) -> tuple[object, ...]:
        s = wg.make("snow-time", 5, seed=seed)
        bot = wg.bots.make("random", seed=5)
        while not s.is_over:
            player = s.to_move[-1]
            s.apply(bot.choose(s, player), player)
        return testing.snapshot(s)

    assert play(8) == play(8)
    assert play(8) != play(9)
