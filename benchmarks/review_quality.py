"""How far the game review can be trusted, per game (issue 43).

For each game, ``--games`` seeded games between a random bot and ISMCTS
(``--player-iterations`` per move; the random seat alternates):

- **separation**: both seats are reviewed; the share of games where the random seat has
  more flagged moves *and* a lower accuracy than the ISMCTS seat (the review's test asks
  for at least 95%);
- **agreement**: in the first ``--agreement`` games the random seat is reviewed again with
  another search seed; the share of games whose three largest mistakes are mostly the
  same moves (``analysis.quality.Agreement.agree``), the mean number of those three
  shared, and how many of the first review's three the second flags at all;
- the CPU seconds one review takes, and the decisions it judges.

Prints one JSON line per game. Example::

    python benchmarks/review_quality.py --games 100 --agreement 50 --iterations 300
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

from wintergames.analysis import Budget, review
from wintergames.analysis.quality import agreement, contrast, random_vs_search

GAMES = ["winter-queen", "snow-time", "winterborne", "ice", "icecool-wizards"]
# ICECOOL's search is six times slower per iteration (every flick is a physics
# simulation): 30 iterations a move already beat random, at a sixth of the time.
PLAYER_ITERATIONS = {"icecool-wizards": 30}


def measure(game: str, games: int, agreeing: int, budget: Budget,
            player_iterations: int) -> dict[str, object]:
    separated, weak_flags, strong_flags, weak_acc, strong_acc = 0, [], [], [], []
    agree, shared, flagged, seconds, decisions = 0, [], [], [], []
    for seed in range(games):
        record, weak = random_vs_search(game, seed, player_iterations)
        pair = contrast(record, weak, budget)
        separated += pair.separated
        weak_flags.append(len(pair.weak.worst()))
        strong_flags.append(len(pair.strong.worst()))
        weak_acc.append(pair.weak.accuracy)
        strong_acc.append(pair.strong.accuracy)
        for done in (pair.weak, pair.strong):
            seconds.append(done.seconds)
            decisions.append(len(done.decisions))
        if seed < agreeing:
            again = review(record, weak, Budget(**{**budget.to_json(),
                                                   "seed": budget.seed + 1}))
            pair_agree = agreement(pair.weak, again)
            agree += pair_agree.agree
            shared.append(pair_agree.shared)
            flagged.append(pair_agree.flagged_in_second)
        if (seed + 1) % 10 == 0:  # a long run shows where it is (and what it found so far)
            print(json.dumps({"game": game, "games_so_far": seed + 1,
                              "separated_so_far": separated, "agreed_so_far": agree}),
                  file=sys.stderr, flush=True)
    return {
        "game": game, "players": 2, "games": games, "budget": budget.to_json(),
        "player_iterations": player_iterations,
        "separated_share": round(separated / games, 3),
        "flagged_random_mean": round(statistics.mean(weak_flags), 2),
        "flagged_ismcts_mean": round(statistics.mean(strong_flags), 2),
        "accuracy_random_mean": round(statistics.mean(weak_acc), 1),
        "accuracy_ismcts_mean": round(statistics.mean(strong_acc), 1),
        "agreement_games": agreeing,
        "agreement_share": round(agree / agreeing, 3) if agreeing else None,
        "top3_shared_mean": round(statistics.mean(shared), 2) if shared else None,
        "top3_flagged_by_other_mean": round(statistics.mean(flagged), 2) if flagged else None,
        "review_cpu_seconds_mean": round(statistics.mean(seconds), 2),
        "review_cpu_seconds_max": round(max(seconds), 2),
        "decisions_per_review_mean": round(statistics.mean(decisions), 1),
        "python": platform.python_version(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--agreement", type=int, default=50)
    parser.add_argument("--iterations", type=int, default=Budget().iterations)
    parser.add_argument("--player-iterations", type=int, default=None,
                        help="ISMCTS iterations per move of the search seat "
                             "(default 100; ICECOOL 30)")
    parser.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args()
    budget = Budget(iterations=args.iterations)
    for game in args.game or GAMES:
        started = time.time()
        player = args.player_iterations or PLAYER_ITERATIONS.get(game, 100)
        line = measure(game, args.games, min(args.agreement, args.games), budget, player)
        line["wall_seconds"] = round(time.time() - started, 1)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
