"""Random-play speed of each game, and OpenSpiel's python_tic_tac_toe for reference.

Prints one JSON line per figure. Run: ``make bench`` or
``python benchmarks/random_play.py [--games N] [--seconds S] [--only GAME ...]``
(Winterborne is measured for 1-4 players, its solo game against the Balaur included).

Like for like: OpenSpiel's ``apply_action`` checks nothing, so each game reports its
decisions/s both through ``apply`` (checked) and through ``apply_legal`` (unchecked), and
tic-tac-toe both through ``apply_action`` and ``apply_action_with_legality_check``.
Each game's line carries its ratio to tic-tac-toe checked (``x_tic_tac_toe_checked``),
with tic-tac-toe measured just before and just after that game's run.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable

import wintergames as wg


def emit(**fields: object) -> None:
    fields.setdefault("python", platform.python_version())
    print(json.dumps(fields), flush=True)


def random_games(
    game_id: str, n: int, games: int, budget: float, checked: bool = True
) -> tuple[float, int, int]:
    """Random games until ``games`` are played or ``budget`` seconds have passed.

    ``checked``: each action goes through ``apply`` (checked again, as every caller but a
    search bot on its own copy does); otherwise ``apply_legal``, like OpenSpiel's
    ``apply_action``, which checks nothing. Returns seconds, games played and decisions.
    """
    rng = random.Random(1)
    decisions = played = 0
    start = time.perf_counter()
    for seed in range(games):
        if time.perf_counter() - start > budget:
            break
        played += 1
        state = wg.make(game_id, n, seed=seed)
        apply = state.apply if checked else state.apply_legal
        while not state.is_over:
            player = state.to_move[0]  # at a simultaneous step, each mover in turn
            actions = state.legal_actions(player)
            apply(actions[rng.randrange(len(actions))], player)
            decisions += 1
    return time.perf_counter() - start, played, decisions


def sample_positions(game_id: str, n: int, games: int) -> list[wg.State]:
    """About one position in ten of ``games`` random games, for the micro figures."""
    rng = random.Random(1)
    samples: list[wg.State] = []
    for seed in range(games):
        state = wg.make(game_id, n, seed=10_000 + seed)
        while not state.is_over:
            if rng.random() < 0.1:
                samples.append(state.clone())
            player = state.to_move[0]
            actions = state.legal_actions(player)
            state.apply(actions[rng.randrange(len(actions))], player)
    return samples


def micro(samples: list[wg.State], op: Callable[[wg.State], object], repeat: int = 20) -> float:
    """Microseconds of ``op`` per sampled position, in the fastest of ``repeat`` passes
    over them: the pass the machine disturbed least (its speed drifts by a fifth)."""
    fastest = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for state in samples:
            op(state)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest / len(samples) * 1e6


def apply_us(samples: list[wg.State], repeat: int = 20) -> float:
    """Mean microseconds of ``apply`` alone, on fresh clones prepared beforehand."""
    total = 0.0
    for _ in range(repeat):
        twins = [s.clone() for s in samples]
        work = [(t, t.to_move[0], t.legal_actions(t.to_move[0])[0]) for t in twins]
        for twin in twins:
            twin.rng  # noqa: B018 - take the RNG copy-on-write outside the timing
        start = time.perf_counter()
        for twin, player, action in work:
            twin.apply(action, player)
        total += time.perf_counter() - start
    return total / (repeat * len(samples)) * 1e6


def bench_game(game_id: str, n: int, games: int, budget: float, reference: float) -> None:
    # Tic-tac-toe just before and just after the game's own run: this machine's speed
    # drifts by a fifth over minutes, so a ratio to a reference measured elsewhere in
    # the run says as much about the drift as about the game.
    before = ttt_rate(reference, checked=True)
    elapsed, games, decisions = random_games(game_id, n, games, budget)
    after = ttt_rate(reference, checked=True)
    ratio = {} if before is None or after is None else {
        "x_tic_tac_toe_checked": round(decisions / elapsed / ((before + after) / 2), 2)}
    unchecked, _, unchecked_decisions = random_games(game_id, n, games, budget, checked=False)
    samples = sample_positions(game_id, n, min(20, games))
    clone_us = micro(samples, lambda s: s.clone())
    emit(
        bench="random_play",
        game=game_id,
        players=n,
        games=games,
        games_per_s=round(games / elapsed, 1),
        decisions_per_s=round(decisions / elapsed),
        decisions_per_s_unchecked=round(unchecked_decisions / unchecked),
        legal_actions_us=round(micro(samples, lambda s: s.legal_actions(s.to_move[0])), 2),
        apply_us=round(apply_us(samples), 2),
        clone_us=round(clone_us, 2),
        observation_us=round(micro(samples, lambda s: s.observation(s.to_move[0]), 9), 2),
        **ratio,
    )


def ttt_rate(seconds: float, checked: bool) -> float | None:
    """Decisions/s of random OpenSpiel ``python_tic_tac_toe`` for about ``seconds``
    (``checked``: through ``apply_action_with_legality_check``); None without OpenSpiel."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401 - registers the game
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    rng = random.Random(1)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        apply = state.apply_action_with_legality_check if checked else state.apply_action
        while not state.is_terminal():
            actions = state.legal_actions()
            apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions / (time.perf_counter() - start)


def bench_openspiel_ttt(seconds: float) -> None:
    """OpenSpiel's python_tic_tac_toe, both ways: ``apply_action`` checks nothing (it
    accepts an occupied square), ``apply_action_with_legality_check`` checks first."""
    unchecked = ttt_rate(seconds, checked=False)
    checked = ttt_rate(seconds, checked=True)
    if unchecked is None or checked is None:
        emit(bench="openspiel_python_tic_tac_toe", skipped="pip install '.[bench]' for open-spiel")
        return
    emit(bench="openspiel_python_tic_tac_toe", decisions_per_s=round(unchecked),
         decisions_per_s_checked=round(checked))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="random games per player count")
    parser.add_argument("--budget", type=float, default=20.0,
                        help="seconds of play per game and player count at most")
    parser.add_argument("--seconds", type=float, default=5.0, help="time for the OpenSpiel run")
    parser.add_argument("--reference", type=float, default=1.0,
                        help="seconds of tic-tac-toe just before and after each game's run, "
                             "for its x_tic_tac_toe_checked")
    parser.add_argument("--only", nargs="+", metavar="GAME",
                        help="measure only these games (OpenSpiel's tic-tac-toe still runs)")
    args = parser.parse_args()
    for spec in wg.available_games():
        if args.only and spec.id not in args.only:
            continue
        for n in spec.players_range:
            bench_game(spec.id, n, args.games, args.budget, args.reference)
    bench_openspiel_ttt(args.seconds)


if __name__ == "__main__":
    main()
