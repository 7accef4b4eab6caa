"""Environment steps per second with random masked actions: every game's PettingZoo AEC
environment, and in the same run PettingZoo's own ``connect_four_v3`` and ``chess_v6``.

Prints one JSON line per figure, each with its ratio to ``connect_four_v3``
(``x_connect_four``). Run:
``python benchmarks/rl_steps.py [--seconds S] [--rounds R] [--only GAME ...] [--players N]``

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


def interleaved(envs: dict[str, Any], seconds: float, rounds: int
                ) -> dict[str, tuple[float, int, int]]:
    """Each environment in turn for ``seconds / rounds``, ``rounds`` times over: steps/s,
    steps and episodes finished of each, over all its slices.

    This machine's speed drifts by a fifth over minutes: taken one after another, a game
    and the reference it is compared with would be measured at different speeds. In turns,
    every environment meets the same drift.
    """
    elapsed = dict.fromkeys(envs, 0.0)
    steps = dict.fromkeys(envs, 0)
    episodes = dict.fromkeys(envs, 0)
    for r in range(rounds):
        for name, env in envs.items():
            rate, done, ended = steps_per_second(env, seconds / rounds, seed=1 + 1000 * r)
            elapsed[name] += done / rate
            steps[name] += done
            episodes[name] += ended
    return {name: (steps[name] / elapsed[name], steps[name], episodes[name]) for name in envs}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="seconds of stepping per environment, in all its turns")
    parser.add_argument("--rounds", type=int, default=5,
                        help="turns each environment takes (against the machine's drift)")
    parser.add_argument("--only", nargs="*", default=None, help="game ids to measure")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    from pettingzoo.classic import chess_v6, connect_four_v3

    games = {spec.id: wz.env(spec.id, num_players=args.players)
             for spec in available_games() if not args.only or spec.id in args.only}
    references = {"connect_four_v3": connect_four_v3.env(), "chess_v6": chess_v6.env()}
    figures = interleaved({**games, **references}, args.seconds, args.rounds)
    c4 = figures["connect_four_v3"][0]
    for game_id, env in games.items():
        rate, steps, episodes = figures[game_id]
        emit(env=wz.env_name(game_id), players=args.players, steps_per_s=round(rate, 1),
             x_connect_four=round(rate / c4, 2), steps=steps, episodes=episodes,
             observation_size=env.table.size, actions=env.table.num_actions)
    for name in references:
        rate, steps, episodes = figures[name]
        emit(env=name, players=2, steps_per_s=round(rate, 1), x_connect_four=round(rate / c4, 2),
             steps=steps, episodes=episodes, reference="pettingzoo")


if __name__ == "__main__":
    main()
