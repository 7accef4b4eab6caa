"""Environment steps per second with random masked actions: every game's PettingZoo AEC
environment, and in the same run PettingZoo's own ``connect_four_v3`` and ``chess_v6``.

Prints one JSON line per figure. Run:
``python benchmarks/rl_steps.py [--seconds S] [--only GAME ...] [--players N]``

A step is what an RL loop pays for one decision: ``env.last()`` (the observation vector
and the action mask of the seat to move), a masked random choice, ``env.step(action)``.
Episodes reset as they end, inside the timed loop, as in training.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from typing import Any

import numpy as np

from wintergames.core.registry import available_games
from wintergames.rl import pettingzoo as wz


def emit(**fields: object) -> None:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)


def steps_per_second(env: Any, seconds: float, seed: int = 1) -> tuple[float, int, int]:
    """Masked random play for about ``seconds``: steps/s, steps and episodes finished."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = episodes = 0
    start = time.perf_counter()
    while True:
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                episodes += 1
                if time.perf_counter() - start > seconds:
                    break
                env.reset(seed=seed + episodes)
            continue
        mask = obs["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if steps % 256 == 0 and time.perf_counter() - start > 3 * seconds:
            break  # a long game: stop mid-episode rather than run on
    elapsed = time.perf_counter() - start
    return steps / elapsed, steps, episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--only", nargs="*", default=None, help="game ids to measure")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    for spec in available_games():
        if args.only and spec.id not in args.only:
            continue
        env = wz.env(spec.id, num_players=args.players)
        rate, steps, episodes = steps_per_second(env, args.seconds)
        emit(env=wz.env_name(spec.id), players=args.players, steps_per_s=round(rate, 1),
             steps=steps, episodes=episodes, observation_size=env.table.size,
             actions=env.table.num_actions)
    from pettingzoo.classic import chess_v6, connect_four_v3

    for name, module in (("connect_four_v3", connect_four_v3), ("chess_v6", chess_v6)):
        env = module.env()
        rate, steps, episodes = steps_per_second(env, args.seconds)
        emit(env=name, players=2, steps_per_s=round(rate, 1), steps=steps, episodes=episodes,
             reference="pettingzoo")


if __name__ == "__main__":
    main()
