"""Gymnasium's own checker on every game's single-agent environment, and ours beside it."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from wintergames.core.errors import IllegalActionError, InvalidOptionError
from wintergames.core.registry import available_games
from wintergames.rl.gymnasium import SingleAgent, env_id, single_agent

GAMES = [s.id for s in available_games()]
# What check_env says on purpose: it steps with unmasked random actions, which a board game
# refuses (the episode ends, as PettingZoo's classic games do).
EXPECTED = ("illegal action",)


@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_check_env(game: str) -> None:
    env = gymnasium.make(env_id(game), opponents="random")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    unexpected = [str(w.message) for w in caught
                  if not any(e in str(w.message) for e in EXPECTED)]
    assert not unexpected, unexpected


@pytest.mark.parametrize("game", GAMES)
def test_the_agent_is_asked_only_on_its_own_turns(game: str) -> None:
    n = 1 if game == "winterborne" else 3 if game != "icecool-wizards" else 2
    env = single_agent(game, opponents="random", seat=n - 1, num_players=n)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    steps, total = 0, 0.0
    while True:
        assert env.seat in env.state.to_move and info["action_mask"].any()
        assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps, total = steps + 1, total + reward
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            break
    assert terminated and env.state.is_over and steps > 5
    winners = env.state.winners()
    assert total == (1 / len(winners) if env.seat in winners else 0.0)
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)


def test_seat_random_moves_the_agent_between_episodes() -> None:
    env = single_agent("winter-queen", opponents="random", seat="random", num_players=4)
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
    assert len(seats) >= 3
    env.reset(seed=3)
    first = env.seat
    env.reset(seed=3)
    assert env.seat == first


def test_opponents_and_seat_are_checked_like_a_tables_bots() -> None:
    with pytest.raises(InvalidOptionError, match="genius"):
        single_agent("winter-queen", opponents="genius")
    with pytest.raises(InvalidOptionError, match="3 players need 2 opponents"):
        single_agent("winter-queen", opponents=["random"], num_players=3)
    with pytest.raises(InvalidOptionError, match="has no setting"):
        single_agent("winter-queen", opponents="random:depth=3")
    with pytest.raises(InvalidOptionError, match=r"seat is 0\.\.1 or 'random'"):
        single_agent("winter-queen", seat=2)


def test_snapshot_restores_bots_and_game_exactly() -> None:
    env = single_agent("snow-time", opponents="greedy", num_players=3)
    _, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    for _ in range(3):
        _, *_, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    snap = env.snapshot()

    def play(seed: int) -> list[bytes]:
        r, seen, inf = np.random.default_rng(seed), [], env._info()
        for _ in range(6):
            o, _, term, trunc, inf = env.step(int(r.choice(np.flatnonzero(inf["action_mask"]))))
            seen.append(o.tobytes())
            if term or trunc:
                break
        return seen

    first = play(1)
    env.restore(snap)
    second = play(1)
    env.restore(snap)
    assert second == first and play(1) == first


def test_make_by_id_and_by_module_path() -> None:
    env = gymnasium.make("wintergames.rl.gymnasium:" + env_id("winter-queen"),
                         opponents="random")
    assert isinstance(env.unwrapped, SingleAgent)
    assert env.unwrapped.table.spec.id == "winter-queen"
