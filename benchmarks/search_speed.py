"""ISMCTS speed in every game: iterations per second on positions of random games.

For each game, positions are taken from seeded random games (every ``--every``-th
decision of a seat with a real choice); the bot searches each with a fixed number of
iterations. Prints one JSON line per game: iterations/s and seconds per decision, and
for games with physics the share of flicks answered by the flick memo. Example::

    python benchmarks/search_speed.py --bot "ismcts:iterations=1000;depth=0" --positions 6
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

import wintergames as wg
from wintergames.bots import IsmctsBot, from_text
from wintergames.physics.engine import memo_stats


def positions(game_id: str, players: int, count: int, every: int) -> list[wg.State]:
    """Positions with at least two choices for the seat to move, from random games."""
    found: list[wg.State] = []
    seed = 0
    while len(found) < count:
        state, rng, step = wg.make(game_id, players, seed=seed), random.Random(seed), 0
        while not state.is_over and len(found) < count:
            p = state.to_move[0]
            legal = state.legal_actions(p)
            if len(legal) > 1:
                step += 1
                if step % every == 0:
                    found.append(state.clone())
            state.apply(legal[rng.randrange(len(legal))], p)
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="ismcts:iterations=1000",
                        help="an ISMCTS bot as in --players (ismcts:key=value;...)")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--games", nargs="*", default=[s.id for s in wg.available_games()])
    args = parser.parse_args()
    for game_id in args.games:
        spec = wg.get_spec(game_id)
        players = max(2, spec.min_players)
        hits, misses = memo_stats()
        seconds, iterations = 0.0, 0
        for k, state in enumerate(positions(game_id, players, args.positions, args.every)):
            bot = from_text(args.bot, seed=k)
            if not isinstance(bot, IsmctsBot):
                raise SystemExit(f"--bot must be an ismcts bot, not {args.bot!r}")
            start = time.perf_counter()
            bot.choose(state, state.to_move[0])
            seconds += time.perf_counter() - start
            iterations += bot.last_iterations
        new_hits, new_misses = memo_stats()
        flicks = (new_hits - hits) + (new_misses - misses)
        print(json.dumps({
            "bench": "search_speed", "game": game_id, "players": players, "bot": args.bot,
            "positions": args.positions, "iterations_per_s": round(iterations / seconds, 1),
            "seconds_per_decision": round(seconds / args.positions, 3),
            "flick_memo_hit_share": round((new_hits - hits) / flicks, 3) if flicks else None,
            "python": platform.python_version(),
        }), flush=True)


if __name__ == "__main__":
    main()
