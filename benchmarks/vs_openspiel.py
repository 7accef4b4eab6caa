"""Our ISMCTS beside OpenSpiel's own search, on the same game and position.

Prints one JSON line per figure:

- ``search_speed``: iterations per second of our ``ismcts`` (default depth-4 rollouts
  scored by the heuristic, and full random rollouts) and of OpenSpiel's ``ISMCTSBot`` and
  ``MCTSBot`` (random-rollout evaluator), from the same positions of two-player Winter
  Queen reached through ``wintergames.rl.openspiel``;
- ``seconds_budget``: how closely a seconds budget is kept (time taken / budget);
- ``head_to_head``: our ISMCTS with a seconds budget against OpenSpiel's ISMCTSBot given
  the simulations it runs in the same time, seats rotated.

Run: ``python benchmarks/vs_openspiel.py [--games 20] [--seconds 0.25]`` (needs the
``bench`` extra).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import wintergames as wg
from wintergames.sim import wilson
from wintergames.rl import openspiel

GAME = "wintergames_winter_queen"


def emit(**fields: object) -> None:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)


def positions(count: int) -> list[pyspiel.State]:
    found = []
    for seed in range(count):
        game = pyspiel.load_game(GAME, {"players": 2, "seed": seed})
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(4 + 2 * seed):
            state.apply_action(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def openspiel_bot(kind: str, game: pyspiel.Game, simulations: int, seed: int) -> pyspiel.Bot:
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed))
    if kind == "ismcts":
        return ismcts.ISMCTSBot(game, evaluator, 1.0, simulations,
                                random_state=np.random.RandomState(seed))
    return mcts.MCTSBot(game, 1.0, simulations, evaluator,
                        random_state=np.random.RandomState(seed))


def our_rate(states: list[pyspiel.State], iterations: int, **settings: object) -> float:
    spent = 0.0
    for k, state in enumerate(states):
        bot = wg.bots.make("ismcts", seed=k, iterations=iterations, **settings)
        start = time.perf_counter()
        bot.choose(state.state, state.current_player())
        spent += time.perf_counter() - start
    return iterations * len(states) / spent


def their_rate(states: list[pyspiel.State], kind: str, simulations: int) -> float:
    spent = 0.0
    for k, state in enumerate(states):
        bot = openspiel_bot(kind, state.get_game(), simulations, k)
        start = time.perf_counter()
        bot.step(state)
        spent += time.perf_counter() - start
    return simulations * len(states) / spent


def budget_kept(states: list[pyspiel.State], seconds: float) -> tuple[float, float]:
    """Mean and worst ratio of the time a seconds-budget ISMCTS takes to its budget."""
    ratios = []
    for k, state in enumerate(states):
        bot = wg.bots.make("ismcts", seed=k, seconds=seconds)
        start = time.perf_counter()
        bot.choose(state.state, state.current_player())
        ratios.append((time.perf_counter() - start) / seconds)
    return sum(ratios) / len(ratios), max(ratios)


def head_to_head(games: int, seconds: float, their_simulations: int) -> tuple[float, int]:
    wins = 0.0
    for index in range(games):
        game = pyspiel.load_game(GAME, {"players": 2, "seed": 500 + index})
        state = game.new_initial_state()
        ours = index % 2
        mine = wg.bots.make("ismcts", seed=index, seconds=seconds)
        theirs = openspiel_bot("ismcts", game, their_simulations, index)
        while not state.is_terminal():
            player = state.current_player()
            if player == ours:
                action = mine.choose(state.state, player)
                state.apply_action(wg.get_spec("winter-queen").encode(action, 2))
            else:
                state.apply_action(theirs.step(state))
        wins += state.returns()[ours]
    return wins / games, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--positions", type=int, default=4)
    args = parser.parse_args()
    openspiel.register()
    states = positions(args.positions)
    rates = {
        "ours_ismcts": our_rate(states, 1000),
        "ours_ismcts_full_rollouts": our_rate(states, 300, depth=None),
        "openspiel_ismcts": their_rate(states, "ismcts", 60),
        "openspiel_mcts": their_rate(states, "mcts", 60),
    }
    emit(bench="search_speed", game="winter-queen", players=2,
         iterations_per_s={k: round(v, 1) for k, v in rates.items()},
         ours_over_openspiel_ismcts=round(rates["ours_ismcts"] / rates["openspiel_ismcts"], 1),
         full_rollouts_over_openspiel_ismcts=round(
             rates["ours_ismcts_full_rollouts"] / rates["openspiel_ismcts"], 1))
    mean, worst = budget_kept(states, args.seconds)
    emit(bench="seconds_budget", game="winter-queen", budget_s=args.seconds,
         mean_ratio=round(mean, 3), worst_ratio=round(worst, 3))
    simulations = max(1, round(rates["openspiel_ismcts"] * args.seconds))
    share, games = head_to_head(args.games, args.seconds, simulations)
    low, high = wilson(share, games)
    emit(bench="head_to_head", game="winter-queen", players=2, seconds_per_move=args.seconds,
         openspiel_simulations_per_move=simulations, games=games,
         ours_win_share=round(share, 3), ci95=[round(low, 3), round(high, 3)])


if __name__ == "__main__":
    main()
