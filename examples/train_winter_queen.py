"""Train a masked PPO agent for Winter Queen against random opponents, on the CPU, and
measure it against them.

    pip install torch==2.13.0  # a CPU build first, where there is no GPU (docs/rl.md)
    pip install -e '.[train]'
    python examples/train_winter_queen.py --timesteps 30000 --eval-games 400

The agent is sb3-contrib's ``MaskablePPO`` on ``wintergames.rl.gymnasium.single_agent``:
it takes a random seat each episode, reads the seat's observation vector and chooses only
among the legal actions (``env.action_masks()``). The evaluation plays the same seeded
games twice, once with the trained agent and once with a uniformly random legal agent in
its seat, and prints each one's win share with its 95% Wilson interval as a JSON line.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable

import numpy as np
from sb3_contrib import MaskablePPO

from wintergames.rl.gymnasium import SingleAgent, single_agent
from wintergames.sim import wilson

Policy = Callable[[np.ndarray, np.ndarray], int]


def evaluate(env: SingleAgent, policy: Policy, games: int, first_seed: int) -> float:
    """The policy's total win share over ``games`` seeded games (seats rotate)."""
    total = 0.0
    for k in range(games):
        env.seat_choice = k % env.table.num_players
        obs, info = env.reset(seed=first_seed + k)
        while True:
            action = policy(obs, info["action_mask"].astype(bool))
            obs, reward, terminated, truncated, info = env.step(action)
            if terminated or truncated:
                total += reward
                break
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random",
                        help="the bot in every other seat, for training and evaluation")
    parser.add_argument("--timesteps", type=int, default=30_000)
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default=None, help="where to save the trained model")
    args = parser.parse_args()

    env = single_agent("winter-queen", opponents=args.opponents, seat="random",
                       num_players=args.players, illegal_action="raise")
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=2048,
                        batch_size=256, learning_rate=3e-4, gamma=1.0, ent_coef=0.01)
    start = time.perf_counter()
    model.learn(total_timesteps=args.timesteps)
    trained_seconds = time.perf_counter() - start
    if args.save:
        model.save(args.save)

    def trained(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(obs, action_masks=mask, deterministic=True)
        return int(action)

    rng = np.random.default_rng(args.seed)

    def uniform(obs: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    eval_env = single_agent("winter-queen", opponents=args.opponents, seat=0,
                            num_players=args.players, illegal_action="raise")
    seeds = 1_000_000  # evaluation games are not among the training ones
    result: dict[str, object] = {
        "game": "winter-queen", "players": args.players, "opponents": args.opponents,
        "timesteps": args.timesteps, "train_seconds": round(trained_seconds, 1),
        "eval_games": args.eval_games, "chance": round(1 / args.players, 4),
    }
    for name, policy in (("trained", trained), ("random_agent", uniform)):
        wins = evaluate(eval_env, policy, args.eval_games, seeds)
        low, high = wilson(wins / args.eval_games, args.eval_games)
        result[name] = {"win_share": round(wins / args.eval_games, 4),
                        "interval": [round(low, 4), round(high, 4)]}
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
