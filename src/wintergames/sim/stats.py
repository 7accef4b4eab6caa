"""An arena's numbers: win shares with 95% Wilson intervals, scores, ratings, game length
and the game's metrics (``summary.json``), by bot, by seat and by turn position.

A seat is where a bot sits (seat 1 is the first of the table); a turn position is when it
plays (1st, 2nd, ...: the game's turn order, ``Outcome.order``). Where a game draws its
first player at random, seat 1 plays first in only some of the games, so whether moving
first is worth something is read by position, never by seat.

>>> low, high = wilson(0.9, 200); round(low, 3), round(high, 3)
(0.851, 0.934)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

from wintergames.sim.jobs import Outcome

Z95 = 1.96  # the normal quantile of a two-sided 95% interval


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
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


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval (normal approximation: mean ± 1.96
    standard errors; the arena's runs are hundreds of games)."""
    if not values:
        return 0.0, 0.0, 0.0
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def spread(values: Sequence[float]) -> dict[str, Any]:
    """Mean (with its 95% interval), standard deviation, least and most of ``values``."""
    if not values:
        return {"mean": 0.0, "ci95": [0.0, 0.0], "sd": 0.0, "min": 0.0, "max": 0.0}
    mean, low, high = mean_interval(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"mean": round(mean, 3), "ci95": [round(low, 3), round(high, 3)],
            "sd": round(sd, 3), "min": min(values), "max": max(values)}


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


def ordinal(n: int) -> str:
    """A turn position as people say it.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11)]
    ['1st', '2nd', '3rd', '4th', '11th']
    """
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n if n < 20 else n % 10, 'th')}"


def is_mirror(outcomes: Sequence[Outcome]) -> bool:
    """Whether one entrant sits in every seat of every game: its win share is then 1 by
    construction and says nothing; its seats and turn positions are the measure."""
    return len({b for o in outcomes for b in o.bots}) == 1


# Which seat of a game is meant: the ``k``-th seat, or the seat at turn position ``k``.
Pick = Callable[[Outcome, int], int]


def seat_at(o: Outcome, k: int) -> int:
    return k


def position_at(o: Outcome, k: int) -> int:
    assert o.order is not None  # ``by_position`` reads games that have a turn order
    return o.order[k]


def _rows(outcomes: Sequence[Outcome], players: int, pick: Pick, key: str) -> list[dict[str, Any]]:
    """Per seat (or position): win share with its interval, its advantage over the fair
    ``1 / players`` (the same interval, shifted), and the score with its interval."""
    fair = 1 / players
    rows = []
    for k in range(players):
        row = proportion(sum(o.share(pick(o, k)) for o in outcomes), len(outcomes))
        rows.append({key: k + 1, **row,
                     "advantage": {"value": round(row["share"] - fair, 4),
                                   "ci95": [round(row["ci95"][0] - fair, 4),
                                            round(row["ci95"][1] - fair, 4)]},
                     "score": spread([float(o.scores[pick(o, k)]) for o in outcomes])})
    return rows


def by_seat(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """Per seat: win share and its advantage against the fair ``1 / players``, and the
    score, each with its 95% interval."""
    return {"fair_share": round(1 / players, 4),
            "seats": _rows(outcomes, players, seat_at, "seat")}


def by_position(outcomes: Sequence[Outcome], players: int) -> dict[str, Any] | None:
    """Per turn position (1st to play, 2nd, ...): as ``by_seat``; ``first_mover_advantage``
    is the 1st position's share less the fair share, and ``first_mover_seats`` counts the
    games each seat played first. None where a game has no turn order."""
    if not outcomes or any(o.order is None for o in outcomes):
        return None
    rows = _rows(outcomes, players, position_at, "position")
    firsts = [sum(1 for o in outcomes if position_at(o, 0) == p) for p in range(players)]
    return {"fair_share": round(1 / players, 4), "positions": rows,
            "first_mover_advantage": rows[0]["advantage"], "first_mover_seats": firsts}


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


def _means(columns: list[list[float]]) -> tuple[list[float], list[list[float]]]:
    """Each column's mean and 95% interval, rounded."""
    found = [mean_interval(c) for c in columns]
    return ([round(m, 3) for m, _, _ in found],
            [[round(low, 3), round(high, 3)] for _, low, high in found])


def metrics(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """Per metric: the mean per game (all seats together) and, for a metric of seats, per
    seat and per turn position; each mean with its 95% interval. A game without the
    metric counts as zero."""
    names = sorted({name for o in outcomes for name in o.metrics})
    ordered = bool(outcomes) and all(o.order is not None for o in outcomes)
    found: dict[str, Any] = {}
    for name in names:
        width = 1 if name.startswith("game:") else players
        rows = [o.metrics.get(name, [0] * width) for o in outcomes]
        total, low, high = mean_interval([float(sum(r)) for r in rows])
        entry: dict[str, Any] = {"mean_per_game": round(total, 3),
                                 "ci95": [round(low, 3), round(high, 3)],
                                 "mean_per_seat": None, "ci95_per_seat": None,
                                 "mean_per_position": None, "ci95_per_position": None}
        if not name.startswith("game:"):
            entry["mean_per_seat"], entry["ci95_per_seat"] = _means(
                [[float(r[p]) for r in rows] for p in range(players)])
            if ordered:
                entry["mean_per_position"], entry["ci95_per_position"] = _means(
                    [[float(r[position_at(o, k)]) for r, o in zip(rows, outcomes, strict=True)]
                     for k in range(players)])
        found[name] = entry
    return found


def summarize(outcomes: Sequence[Outcome], players: int) -> dict[str, Any]:
    """Everything ``summary.json`` holds, from the games played."""
    return {
        "games": len(outcomes),
        "mirror": is_mirror(outcomes),
        "bots": by_bot(outcomes, players),
        "seats": by_seat(outcomes, players) if players > 1 else None,
        "positions": by_position(outcomes, players) if players > 1 else None,
        "ratings": ratings(outcomes) if players > 1 else None,
        "length": {"decisions": spread([o.decisions for o in outcomes]),
                   "seconds": spread([o.seconds for o in outcomes])},
        "metrics": metrics(outcomes, players),
    }
