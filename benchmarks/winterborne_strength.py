"""Winterborne bot strength: two-player matches with seats rotated, and the solo game's
share of wins over the Balaur per difficulty; with decisions per game and the share of
decisions that had a single legal action.

Prints one JSON line per match with the win share and its 95% Wilson interval. Example::

    python benchmarks/winterborne_strength.py --games 40 --workers 2 \\
        --match greedy/random --match ismcts:iterations=100/greedy --solo random greedy

A bot is ``kind`` or ``kind:key=value;key=value`` as in ``wintergames play --players``.
Every finished game is also a JSON line on standard error (keep them: a run split over
sessions continues with ``--first N``, and ``benchmarks/strength.py --combine`` sums
such lines).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from wintergames.bots import from_text
from wintergames.core.registry import make
from wintergames.sim import wilson

DIFFICULTIES = ("easy", "medium", "hard")


def play(players: int, bot: str, against: str, index: int,
         options: dict[str, str]) -> tuple[float, int, int, float, int]:
    """Game ``index``, ``bot`` in seat ``index % players``: its win share, the decisions,
    those with one legal action, the seconds and the bot's score."""
    seat = index % players
    seats = [from_text(bot if p == seat else against, seed=index * 100 + p)
             for p in range(players)]
    state = make("winterborne", players, seed=20_000 + index, options=options)
    decisions = single = 0
    start = time.perf_counter()
    while not state.is_over:
        p = state.to_move[0]
        single += len(state.legal_actions(p)) == 1
        state.apply(seats[p].choose(state, p), p)
        decisions += 1
    winners = state.winners()
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, decisions, single, time.perf_counter() - start, state.scores()[seat]


def match(pool: ProcessPoolExecutor, players: int, bot: str, against: str, games: int,
          options: dict[str, str], label: str, first: int = 0) -> None:
    futures = {pool.submit(play, players, bot, against, i, options): i
               for i in range(first, first + games)}
    rows = []
    for future in as_completed(futures):
        row = future.result()
        rows.append(row)
        # Each finished game on standard error, so a long run that is stopped keeps it.
        print(json.dumps({"game": "winterborne", "match": label, "players": players,
                          "bot": bot, "against": against, **options,
                          "index": futures[future], "share": row[0], "decisions": row[1],
                          "single": row[2], "seconds": round(row[3], 2), "score": row[4]}),
              file=sys.stderr, flush=True)
    n = len(rows)
    share = sum(r[0] for r in rows) / n
    low, high = wilson(share, n)
    decisions = sum(r[1] for r in rows)
    print(json.dumps({
        "bench": "winterborne_strength", "match": label, "players": players, "bot": bot,
        "against": against, **options, "games": n, "share": round(share, 3),
        "wilson95": [round(low, 3), round(high, 3)],
        "mean_score": round(sum(r[4] for r in rows) / n, 1),
        "decisions_per_game": round(decisions / n, 1),
        "single_action_share": round(sum(r[2] for r in rows) / decisions, 3),
        "seconds_per_game": round(sum(r[3] for r in rows) / n, 2),
        "python": platform.python_version(),
    }), flush=True)


def solo_interleaved(pool: ProcessPoolExecutor, bot: str, games: int, first: int,
                     levels: tuple[str, ...] = DIFFICULTIES) -> None:
    """Solo games ``first`` .. ``first + games - 1``, each at the ``levels`` in turn (easy,
    medium and hard); one JSON line per finished game on standard error."""
    for index in range(first, first + games):
        for level in levels:
            share, decisions, _, seconds, score = pool.submit(
                play, 1, bot, "random", index, {"difficulty": level}).result()
            print(json.dumps({"game": "winterborne", "players": 1, "bot": bot,
                              "difficulty": level, "index": index, "share": share,
                              "score": score, "decisions": decisions,
                              "seconds": round(seconds, 2)}), file=sys.stderr, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--match", action="append", default=[], metavar="BOT/AGAINST",
                        help="a two-player match, seats rotated (repeatable)")
    parser.add_argument("--solo", nargs="*", default=[], metavar="BOT",
                        help="bots to play the solo game at every difficulty")
    parser.add_argument("--interleave", action="store_true",
                        help="solo: play game i at every difficulty before game i + 1, so a "
                        "run stopped early covers all three alike")
    parser.add_argument("--first", type=int, default=0,
                        help="index of the first game (runs with disjoint ranges combine)")
    parser.add_argument("--levels", default=",".join(DIFFICULTIES),
                        help="solo: the difficulties to play, comma-separated (a game an "
                        "interrupted run left out at one level)")
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    unknown = [lv for lv in levels if lv not in DIFFICULTIES]
    if unknown:
        parser.error(f"unknown difficulty {unknown[0]!r}; choose from {', '.join(DIFFICULTIES)}")
    pairs = [m.split("/") for m in args.match]
    for bot in [b for pair in pairs for b in pair] + args.solo:
        from_text(bot)  # a bad bot fails before any game
    with ProcessPoolExecutor(args.workers) as pool:
        for bot, against in pairs:
            match(pool, 2, bot, against, args.games, {}, f"{bot} vs {against}", args.first)
        for bot in args.solo:
            if args.interleave:
                solo_interleaved(pool, bot, args.games, args.first, levels)
                continue
            for level in levels:
                match(pool, 1, bot, "random", args.games, {"difficulty": level},
                      f"{bot} solo {level}", args.first)


if __name__ == "__main__":
    main()
