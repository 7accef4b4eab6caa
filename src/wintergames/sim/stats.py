"""An arena's numbers: win shares with 95% Wilson intervals, scores, seat advantage,
ratings, game length and the game's metrics (``summary.json``).

>>> low, high = wilson(0.9, 200); round(low, 3), round(high, 3)
(0.851, 0.934)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from wintergames.sim.jobs import Outcome


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``share`` observed over ``n`` games."""
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"a share of games lies between 0 and 1, not {share}")
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def proportion(total: float, n: int) -> dict[str, Any]:
    """A share of ``n`` games with its interval, rounded for people and JSON."""
    share = total / n if n else 0.0
    low, high = wilson(share, n)
    return {"share": round(share, 4), "ci95": [round(low, 4), round(high, 4)], "games": n}


def spread(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation, least and most of ``values``."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "max": 0.0}
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"mean": round(statistics.fmean(values), 3), "sd": round(sd, 3),
            "min": min(values), "max": max(values)}


def by_bot(outcomes: Sequence[Outcome], players: int) -> dict[str, dict[str, Any]]:
    """Per bot: its win share (its seats' shares summed, over the games it played), the
    share it would have by seats alone, its scores and its seconds per decision."""
    table: dict[str, dict[str, Any]] = {}
    for bot in dict.fromkeys(b for o in outcomes for b in o.bots):
        games = [o for o in outcomes if bot in o.bots]
        won = sum(o.share(p) for o in games for p, b in enumerate(o.bots) if b == bot)
        seats = sum(o.bots.count(bot) for o in games)
        scores = [float(o.scores[p]) for o in games for p, b in enumerate(o.bots) if b == bot]
        think = sum(o.think[p] for o in games for p, b in enumerate(o.bots) if b == bot)
        moves = sum(o.moves[p] for o in games for p, b in enumerate(o.bots) if b == bot)
        table[bot] = {**proportion(won, len(games)),
                      "fair_share": round(seats / (players * len(games)), 4),
                      "score": spread(scores),
                      "think_seconds_per_game": round(think / len(games), 3),
                      "think_seconds_per_move": round(think / moves, 5) if moves else 0.0}
    return table


def by_seat(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """Per seat: win share with its interval against the fair ``1 / players``, and the
    mean score; ``first_seat_advantage`` is seat 1's share less the fair share."""
    fair = 1 / players
    seats = []
    for p in range(players):
        won = sum(o.share(p) for o in outcomes)
        seats.append({"seat": p + 1, **proportion(won, len(outcomes)),
                      "score": spread([float(o.scores[p]) for o in outcomes])})
    first = seats[0]
    return {"fair_share": round(fair, 4), "seats": seats,
            "first_seat_advantage": {"value": round(first["share"] - fair, 4),
                                     "ci95": [round(first["ci95"][0] - fair, 4),
                                              round(first["ci95"][1] - fair, 4)]}}


def ratings(outcomes: Sequence[Outcome]) -> dict[str, Any] | None:
    """OpenSkill (Plackett-Luce) ratings of the bots, from every game's finishing order
    (winners first, then by score; ties share a place), games taken by index. None when
    some game seats one bot twice (a mirror or a field filled by one kind): a rating
    compares distinct players."""
    if any(len(set(o.bots)) < len(o.bots) for o in outcomes) or not outcomes:
        return None
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rated = {bot: model.rating(name=bot) for o in outcomes for bot in o.bots}
    for o in sorted(outcomes, key=lambda o: o.index):
        places = [(p in o.winners, float(o.scores[p])) for p in range(len(o.bots))]
        ranks = [1.0 + sum(other > mine for other in places) for mine in places]
        teams = model.rate([[rated[b]] for b in o.bots], ranks=ranks)
        for b, team in zip(o.bots, teams, strict=True):
            rated[b] = team[0]
    return {bot: {"mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                  "ordinal": round(r.ordinal(), 3)} for bot, r in rated.items()}


def metrics(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """Per metric: the mean per game (all seats together) and, for a metric of seats,
    per seat; a game without the metric counts as zero."""
    names = sorted({name for o in outcomes for name in o.metrics})
    n = len(outcomes) or 1
    found: dict[str, Any] = {}
    for name in names:
        width = 1 if name.startswith("game:") else players
        totals = [sum(o.metrics.get(name, [0] * width)[p] for o in outcomes) / n
                  for p in range(width)]
        found[name] = {"mean_per_game": round(sum(totals), 3),
                       "mean_per_seat": None if name.startswith("game:")
                       else [round(v, 3) for v in totals]}
    return found


def summarize(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """Everything ``summary.json`` holds, from the games played."""
    return {
        "games": len(outcomes),
        "bots": by_bot(outcomes, players),
        "seats": by_seat(outcomes, players) if players > 1 else None,
        "ratings": ratings(outcomes) if players > 1 else None,
        "length": {"decisions": spread([o.decisions for o in outcomes]),
                   "seconds": spread([o.seconds for o in outcomes])},
        "metrics": metrics(outcomes, players),
    }
