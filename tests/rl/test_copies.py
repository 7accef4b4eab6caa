"""Environments and their snapshots under the standard library's ``pickle`` and ``deepcopy``:
a copy goes on exactly as the original does, and apart from it."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from wintergames.core.registry import available_games
from wintergames.rl import pettingzoo as wz
from wintergames.rl.gymnasium import SingleAgent, single_agent

GAMES = [s.id for s in available_games()]
COUNTS = {"winterborne": 1, "snow-time": 3, "ice": 3}
COPIES: dict[str, Callable[[Any], Any]] = {
    "pickle": lambda thing: pickle.loads(pickle.dumps(thing)),
    "deepcopy": copy.deepcopy,
}


def aec_future(env: wz.WintergamesAEC, steps: int = 25) -> list[tuple[Any, ...]]:
    """What a seeded masked random run sees from here: agent, vector, reward, action."""
    rng, path = random.Random(1), []
    for _ in range(steps):
        if not env.agents:
            break
        agent = env.agent_selection
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        path.append((agent, obs["observation"].tobytes(), reward, action))
        env.step(action)
    return path


def _parallel_future(env: wz.WintergamesParallel, steps: int = 10) -> list[Any]:
    rng, path = np.random.default_rng(1), []
    obs = {a: {"action_mask": env._mask(env._index[a])} for a in env.agents}
    for _ in range(steps):
        if not env.agents:
            break
        out = env.step({a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                        for a in env.agents})
        obs = out[0]
        path.append((sorted(obs), [obs[a]["observation"].tobytes() for a in sorted(obs)],
                     out[1]))
    return path


def _gym_future(env: SingleAgent, steps: int = 8) -> list[Any]:
    rng, path = np.random.default_rng(1), []
    for _ in range(steps):
        obs, reward, terminated, truncated, _ = env.step(
            int(rng.choice(np.flatnonzero(env.action_masks()))))
        path.append((obs.tobytes(), reward))
        if terminated or truncated:
            break
    return path


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("game", GAMES)
def test_a_copied_aec_environment_goes_on_as_the_original(game: str, how: str) -> None:
    env = wz.env(game, num_players=COUNTS.get(game, 2), seed=4)
    aec_future(env, steps=12)
    twin = COPIES[how](env)
    assert twin.game_state is not env.game_state
    mine = aec_future(env)
    assert len(mine) > 5 and aec_future(twin) == mine
    # and the unseeded next episode follows the same seed generator
    env.reset()
    twin.reset()
    assert twin.game_state.to_json() == env.game_state.to_json()


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_parallel_environment_goes_on_as_the_original(how: str) -> None:
    env = wz.parallel_env("snow-time", num_players=3, seed=6)
    env.reset(seed=6)
    _parallel_future(env, steps=2)
    twin = COPIES[how](env)
    mine = _parallel_future(env)
    assert len(mine) > 3 and _parallel_future(twin) == mine


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("game", ["snow-time", "winter-queen"])
def test_a_copied_gymnasium_environment_goes_on_as_the_original(game: str, how: str) -> None:
    # greedy opponents draw from their own random streams: those are copied too
    env = single_agent(game, opponents="greedy", num_players=3, seat="random")
    env.reset(seed=3)
    _gym_future(env, steps=2)
    twin = COPIES[how](env)
    mine = _gym_future(env)
    assert len(mine) > 3 and _gym_future(twin) == mine
    # the next episode too: its seed, its seat and its bots
    first, _ = env.reset()
    second, _ = twin.reset()
    assert np.array_equal(first, second) and env.seat == twin.seat


@pytest.mark.parametrize("how", sorted(COPIES))
def test_a_copied_snapshot_restores_the_same_futures(how: str) -> None:
    aec = wz.env("ice", num_players=3, seed=2)
    aec_future(aec, steps=10)
    snap = aec.snapshot()
    mine = aec_future(aec)
    aec.restore(COPIES[how](snap))
    assert aec_future(aec) == mine
    gym = single_agent("snow-time", opponents="greedy", num_players=3)
    gym.reset(seed=8)
    gsnap = gym.snapshot()
    ours = _gym_future(gym)
    gym.restore(COPIES[how](gsnap))
    assert _gym_future(gym) == ours
    par = wz.parallel_env("snow-time", num_players=3, seed=2)
    par.reset(seed=2)
    psnap = par.snapshot()
    theirs = _parallel_future(par)
    par.restore(COPIES[how](psnap))
    assert _parallel_future(par) == theirs


def test_a_copy_is_apart_from_the_original() -> None:
    env = wz.env("winter-queen", num_players=2, seed=1)
    twin = copy.deepcopy(env)
    before = env.game_state.to_json()
    aec_future(twin, steps=6)
    assert env.game_state.to_json() == before and env.steps == 0 and twin.steps > 0
