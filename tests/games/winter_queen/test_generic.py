"""The generic checks of core/testing.py over many seeded random games."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import wintergames as wg
from tests.tiers import seed_blocks
from wintergames.core import testing
from wintergames.games.winter_queen.state import WinterQueenState, check_components


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seeds", seed_blocks(fast=12, total=200, block=90))
def test_generic_checks_over_200_seeded_games(n: int, seeds: range) -> None:
    games = testing.run_generic_checks("winter-queen", n, seeds, deep_every=12)
    lengths = [len(g.history) for g in games]
    assert min(lengths) > 10
    # the final phase is reached by draining the bag in every ordinary game (95% of them)
    assert sum(isinstance(g, WinterQueenState) and g.final_phase for g in games) \
        >= 0.95 * len(seeds)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=150),
)
def test_all_45_floes_accounted_for_after_every_action(n: int, seed: int, picks: list[int]) -> None:
    s = wg.make("winter-queen", n, seed=seed)
    check_components(s)
    for pick in picks:
        if s.is_over:
            break
        actions = s.legal_actions()
        s.apply(actions[pick % len(actions)])
        check_components(s)


def test_determinize_resamples_only_hidden_books_and_rng() -> None:
    s = wg.make("winter-queen", 3, seed=11)
    assert isinstance(s, WinterQueenState)
    twins = [s.determinize(1, random.Random(k)) for k in range(20)]
    assert all(t.observation(1) == s.observation(1) for t in twins)
    assert all([st[-1] for st in t.stacks] == [st[-1] for st in s.stacks] for t in twins)
    assert len({tuple(tuple(st) for st in t.stacks) for t in twins}) > 1
    assert len({t.rng.random() for t in twins}) > 1


def test_others_vp_hidden_until_the_end() -> None:
    s = wg.make("winter-queen", 3, seed=2)
    assert isinstance(s, WinterQueenState)
    s.vp = [4, 9, 1]
    assert s.observation(0)["vp"] == [4, None, None]
    assert s.observation(1)["vp"] == [None, 9, None]
    assert s.observation(None)["vp"] == [None, None, None]
    view = s.observation(0)
    s.vp[1] = 30
    assert s.observation(0) == view
    bot = wg.bots.make("random", seed=1)
    while not s.is_over:
        s.apply(bot.choose(s, s.to_move[0]))
    assert s.observation(0)["vp"] == s.scores()


def test_same_seed_and_actions_same_game() -> None:
    def play(seed: int) -> tuple[object, ...]:
        s = wg.make("winter-queen", 4, seed=seed)
        bot = wg.bots.make("random", seed=5)
        while not s.is_over:
            s.apply(bot.choose(s, s.to_move[0]))
        return testing.snapshot(s)

    assert play(8) == play(8)
    assert play(8) != play(9)
