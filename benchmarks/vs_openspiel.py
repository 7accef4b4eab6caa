"""Our ISMCTS beside OpenSpiel's own search, on the same game and position.

Prints one JSON line per figure:

- ``search_speed``: iterations per second of our ``ismcts`` (default depth-4 rollouts
  scored by the heuristic, and full random rollouts) and of OpenSpiel's ``ISMCTSBot`` and
  ``MCTSBot`` (random-rollout evaluator), from the same positions of two-player Winter
  Queen reached through ``wintergames.rl.openspiel``;
- ``seconds_budget``: how closely a seconds budget is kept (time taken / budget);
- ``head_to_head``: on the arena (``wintergames.sim``, seats rotated), our ISMCTS with
  ``--iterations`` against OpenSpiel's ISMCTSBot given ``--times`` (10) our time per move:
  the simulations it runs in that time, measured in ``--pilot`` games of the two first.
  Both budgets are counts, so the games are reproduced exactly; the think time each bot
  really spent per move in the games is reported beside the result.

Run: ``python benchmarks/vs_openspiel.py [--games 100] [--iterations 200] [--times 10]``
(needs the ``bench`` extra; on an idle machine, as the calibration is timed).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import wintergames as wg
from wintergames.rl import openspiel
from wintergames.sim import run_arena

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


def head_to_head(games: int, iterations: int, simulations: int, workers: int,
                 out: str | None, seed: int = 2026) -> dict[str, dict[str, Any]]:
    """Our ISMCTS against OpenSpiel's ISMCTSBot on the arena, seats rotated."""
    ours, theirs = f"ismcts:iterations={iterations}", f"openspiel-ismcts:simulations={simulations}"
    result = run_arena("winter-queen", 2, [ours, theirs], games, seed=seed, workers=workers,
                       out=out, report=out is not None)
    return {"ours": result.summary["bots"][ours], "theirs": result.summary["bots"][theirs]}


def simulations_for(iterations: int, times: float, guess: int, pilot: int) -> int:
    """OpenSpiel's simulations per move that take ``times`` our time per move, measured in
    ``pilot`` games in one process (positions of whole games, not only openings)."""
    found = head_to_head(pilot, iterations, guess, 1, None, seed=1)
    ours, theirs = found["ours"], found["theirs"]
    per_simulation = theirs["think_seconds_per_move"] / guess
    return max(1, round(times * ours["think_seconds_per_move"] / per_simulation))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=0.25)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--times", type=float, default=10.0)
    parser.add_argument("--pilot", type=int, default=4,
                        help="games that measure both bots' time per move first")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="arena folder (resumable; report.html there)")
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
    per_move = args.iterations / our_rate(states, args.iterations)
    guess = max(1, round(rates["openspiel_ismcts"] * per_move * args.times))
    simulations = simulations_for(args.iterations, args.times, guess, args.pilot)
    found = head_to_head(args.games, args.iterations, simulations, args.workers, args.out)
    ours, theirs = found["ours"], found["theirs"]
    emit(bench="head_to_head", game="winter-queen", players=2, games=ours["games"],
         ours=f"ismcts:iterations={args.iterations}",
         openspiel_simulations_per_move=simulations, time_given=args.times,
         think_seconds_per_move={"ours": ours["think_seconds_per_move"],
                                 "openspiel": theirs["think_seconds_per_move"]},
         think_ratio=round(theirs["think_seconds_per_move"] / ours["think_seconds_per_move"], 2),
         ours_win_share=ours["share"], ci95=ours["ci95"])


if __name__ == "__main__":
    main()
