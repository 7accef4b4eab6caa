"""The generic checks of core/testing.py over many seeded random games."""

from __future__ import annotations

import random

import pytest

import wintergames as wg
from tests.tiers import seed_blocks, soak_only
from wintergames.core import testing
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.state import IcecoolState

# A flick is a physics simulation: the deep checks apply a sample of the listed flicks.


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seeds", seed_blocks(fast=2, total=100, block=25))
def test_generic_checks_over_100_seeded_games(n: int, seeds: range) -> None:
    games = testing.run_generic_checks("icecool-wizards", n, seeds,
                                       deep_every=80, max_steps=20_000, applied=6)
    assert all(isinstance(g, IcecoolState) and g.final_round for g in games)
    kinds = {e.kind for g in games for e in g.log}
    assert {"collect", "exam", "off-board"} <= kinds
    if len(seeds) >= 25:  # rarer in random play: a block of seeds meets them all
        assert {"spell", "trade", "relocate"} <= kinds


# The fast tier's four seeds reach every line the eight do (coverage compared, issue 37).
@pytest.mark.parametrize(("n", "seeds"), [(3, 4), *soak_only((3, 8), (4, 8))])
def test_the_generic_checks_hold_at_every_fire_step(n: int, seeds: int) -> None:
    """The deep checks (hidden choices above all) at each Fire spell's simultaneous step.

    Random play casts few spells and the sweep above checks every 80th step, so here a
    seeded player casts Fire whenever it may and the checks run at every open Fire step.
    """
    checked = 0
    for seed in range(seeds):
        state = wg.make("icecool-wizards", n, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if state.simultaneous:
                try:
                    testing.check_actions(state, rng, applied=2)
                    testing.check_observations(state, rng)
                    testing.check_clone(state, rng)
                    testing.check_hidden_choices(state, rng)
                except AssertionError as err:
                    raise AssertionError(f"{n}p seed {seed}: {err}") from err
                checked += len(state.to_move) >= 2
            player = state.to_move[0]
            legal = state.legal_actions(player)
            fire = [a for a in legal if a.kind == "cast"
                    and IW.types[a.card].spell == "discard"]  # type: ignore[attr-defined]
            state.apply(fire[0] if fire else rng.choice(legal), player)
    assert checked >= seeds  # open steps where two or more seats still chose at once


def test_determinize_resamples_only_the_deck_orders() -> None:
    s = wg.make("icecool-wizards", 3, seed=4)
    assert isinstance(s, IcecoolState)
    twins = [s.determinize(1, random.Random(k)) for k in range(10)]
    assert all(t.observation(1) == s.observation(1) for t in twins)
    assert all(sorted(t.lesson_deck) == sorted(s.lesson_deck) for t in twins)
    assert len({tuple(t.lesson_deck) for t in twins}) > 1
    assert len({tuple(t.exam_deck) for t in twins}) > 1


def test_the_observation_never_shows_the_deck_order() -> None:
    s = wg.make("icecool-wizards", 2, seed=1)
    assert isinstance(s, IcecoolState)
    view = s.observation(0)
    s.lesson_deck.reverse()
    s.exam_deck.reverse()
    assert s.observation(0) == view and s.observation(None)["lesson_deck"] == len(s.lesson_deck)


def test_same_seed_and_actions_same_game() -> None:
    def play(seed: int) -> tuple[object, ...]:
        s = wg.make("icecool-wizards", 2, seed=seed)
        bot = wg.bots.make("random", seed=5)
        while not s.is_over:
            s.apply(bot.choose(s, s.to_move[0]), s.to_move[0])
        return testing.snapshot(s)

    assert play(3) == play(3)
