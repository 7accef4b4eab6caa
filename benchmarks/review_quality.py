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

Prints one JSON line per game. ``--raw FILE`` also keeps every judged drop, and
``--summarize FILE`` prints the figures of such a file again, graded with today's
thresholds, without playing or reviewing anything. Example::

    python benchmarks/review_quality.py --games 100 --agreement 50 --game ice \
        --raw docs/review/ice.jsonl
    python benchmarks/review_quality.py --summarize docs/review/ice.jsonl

The measured games' drops are kept in ``docs/review/<game>.jsonl`` (docs/review.md).
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any, TextIO

from wintergames.analysis import FLAGGED, THRESHOLDS, Budget, grade, move_accuracy, review
from wintergames.analysis.quality import Agreement, agreement, contrast, random_vs_search

GAMES = ["winter-queen", "snow-time", "winterborne", "ice", "icecool-wizards"]
# ICECOOL's search is six times slower per iteration (every flick is a physics
# simulation): 30 iterations a move already beat random, at a sixth of the time.
PLAYER_ITERATIONS = {"icecool-wizards": 30}


def measure(game: str, games: int, agreeing: int, budget: Budget,
            player_iterations: int, raw: TextIO | None = None,
            first: int = 0) -> dict[str, object]:
    separated, weak_flags, strong_flags, weak_acc, strong_acc = 0, [], [], [], []
    agree, shared, flagged, seconds, decisions = 0, [], [], [], []
    for seed in range(first, games):
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
        again = None
        if seed < agreeing:
            again = review(record, weak, Budget(**{**budget.to_json(),
                                                   "seed": budget.seed + 1}))
            pair_agree = agreement(pair.weak, again)
            agree += pair_agree.agree
            shared.append(pair_agree.shared)
            flagged.append(pair_agree.flagged_in_second)
        if raw is not None:  # every judged drop, to study other thresholds afterwards
            raw.write(json.dumps({"game": game, "seed": seed, "weak": weak,
                                  "cpu_seconds": [pair.weak.seconds, pair.strong.seconds], **{
                name: None if done is None else [[d.step, round(d.drop, 5), d.grade == "best"]
                                                 for d in done.decisions]
                for name, done in (("weak_drops", pair.weak), ("strong_drops", pair.strong),
                                   ("again_drops", again))}}) + "\n")
            raw.flush()
        if (seed + 1) % 10 == 0 or seed + 1 == games:  # where a long run is, what it found
            print(json.dumps({"game": game, "games_so_far": seed + 1,
                              "separated_so_far": separated, "agreed_so_far": agree}),
                  file=sys.stderr, flush=True)
    return {
        "game": game, "players": 2, "games": len(weak_flags), "budget": budget.to_json(),
        "player_iterations": player_iterations,
        "separated_share": round(separated / len(weak_flags), 3),
        "flagged_random_mean": round(statistics.mean(weak_flags), 2),
        "flagged_ismcts_mean": round(statistics.mean(strong_flags), 2),
        "accuracy_random_mean": round(statistics.mean(weak_acc), 1),
        "accuracy_ismcts_mean": round(statistics.mean(strong_acc), 1),
        "agreement_games": len(shared),
        "agreement_share": round(agree / len(shared), 3) if shared else None,
        "top3_shared_mean": round(statistics.mean(shared), 2) if shared else None,
        "top3_flagged_by_other_mean": round(statistics.mean(flagged), 2) if flagged else None,
        "review_cpu_seconds_mean": round(statistics.mean(seconds), 2),
        "review_cpu_seconds_max": round(max(seconds), 2),
        "decisions_per_review_mean": round(statistics.mean(decisions), 1),
        "python": platform.python_version(),
    }


def _graded(drops: list[list[Any]]) -> list[tuple[int, float, str]]:
    """(step, drop, grade) of each judged decision of a raw line, graded anew."""
    return [(step, drop, grade(drop, best)) for step, drop, best in drops]


def _worst(graded: list[tuple[int, float, str]]) -> list[int]:
    return [step for step, _, _ in sorted((g for g in graded if g[2] in FLAGGED),
                                          key=lambda g: (-g[1], g[0]))]


def summarize(lines: list[dict[str, Any]]) -> list[dict[str, object]]:
    """The figures of ``--raw`` lines, graded with the thresholds of today's code: the
    same reviews summarized again (accuracy does not depend on the thresholds)."""
    out = []
    for game in dict.fromkeys(line["game"] for line in lines):
        rows = [line for line in lines if line["game"] == game]
        weak = [_graded(r["weak_drops"]) for r in rows]
        strong = [_graded(r["strong_drops"]) for r in rows]
        accuracy = [(statistics.mean(move_accuracy(d) for _, d, _ in w) if w else 100.0,
                     statistics.mean(move_accuracy(d) for _, d, _ in s) if s else 100.0)
                    for w, s in zip(weak, strong, strict=True)]
        separated = sum(len(_worst(w)) > len(_worst(s)) and a < b
                        for w, s, (a, b) in zip(weak, strong, accuracy, strict=True))
        pairs = [(_worst(_graded(r["weak_drops"])), _worst(_graded(r["again_drops"])))
                 for r in rows if r["again_drops"] is not None]
        found = [Agreement(first[:3], second[:3], sum(step in set(second) for step in first[:3]))
                 for first, second in pairs]
        seconds = [t for r in rows for t in r.get("cpu_seconds", [])]
        out.append({
            "game": game, "games": len(rows), "thresholds": THRESHOLDS,
            "review_cpu_seconds_mean": round(statistics.mean(seconds), 2) if seconds else None,
            "decisions_per_review_mean": round(statistics.mean(
                len(d) for r in rows for d in (r["weak_drops"], r["strong_drops"])), 1),
            "separated_share": round(separated / len(rows), 3),
            "flagged_random_mean": round(statistics.mean(len(_worst(w)) for w in weak), 2),
            "flagged_ismcts_mean": round(statistics.mean(len(_worst(s)) for s in strong), 2),
            "accuracy_random_mean": round(statistics.mean(a for a, _ in accuracy), 1),
            "accuracy_ismcts_mean": round(statistics.mean(b for _, b in accuracy), 1),
            "agreement_games": len(found),
            "agreement_share": round(sum(f.agree for f in found) / len(found), 3)
            if found else None,
            "top3_shared_mean": round(statistics.mean(f.shared for f in found), 2)
            if found else None,
            "top3_flagged_by_other_mean": round(statistics.mean(
                f.flagged_in_second for f in found), 2) if found else None,
        })
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--agreement", type=int, default=50)
    parser.add_argument("--iterations", type=int, default=Budget().iterations)
    parser.add_argument("--player-iterations", type=int, default=None,
                        help="ISMCTS iterations per move of the search seat "
                             "(default 100; ICECOOL 30)")
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--raw", type=argparse.FileType("a"), default=None,
                        help="append every judged drop of every review to this file (JSON "
                             "lines)")
    parser.add_argument("--first-seed", type=int, default=0,
                        help="start at this seed (to go on with a --raw file: its figures "
                             "then come from --summarize)")
    parser.add_argument("--summarize", type=argparse.FileType("r"), default=None,
                        help="no new games: the figures of a --raw file, graded anew")
    args = parser.parse_args()
    if args.summarize is not None:
        for line in summarize([json.loads(text) for text in args.summarize if text.strip()]):
            print(json.dumps(line), flush=True)
        return
    budget = Budget(iterations=args.iterations)
    for game in args.game or GAMES:
        started = time.time()
        player = args.player_iterations or PLAYER_ITERATIONS.get(game, 100)
        line = measure(game, args.games, min(args.agreement, args.games), budget, player,
                       args.raw, args.first_seed)
        line["wall_seconds"] = round(time.time() - started, 1)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
