"""Two arena runs of the same games, compared game by game (``wintergames compare A B``).

Its main use is a what-if: the same seeds, bots and seating played once as printed (A) and
once with an overlay (B). Each game of B is paired with the game of A of the same index,
which started from the same seed, so what differs between the two is the change (and
where the change alters the course of the game, chance after it). Every figure is the mean
of B's value less A's over the paired games, with a 95% interval from the spread of those
differences (mean ± 1.96 standard errors): win shares by turn position, by seat and by
bot, mean scores, and every metric of the game.

Runs of another game, player count, entrants, seed or seeding are refused, naming what
differs; so is a pair of games that did not start from the same seed and seating.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wintergames.core.errors import InvalidOptionError
from wintergames.sim.jobs import Outcome
from wintergames.sim.report import pct, signed_points
from wintergames.sim.results import GAMES, PLAN, differences, read_games
from wintergames.sim.stats import mean_interval, ordinal, position_at

# What two runs must share for their games to be the same games.
SAME = ("game", "players", "bots", "seed", "seeding")


@dataclass(frozen=True)
class Run:
    """An arena run's folder as read: its plan (``plan.json``) and its games by index."""

    path: Path
    plan: dict[str, Any]
    games: dict[int, Outcome]


def read_run(path: Path | str) -> Run:
    """The run in ``path``, or ``InvalidOptionError`` saying why it is none."""
    folder = Path(path)
    kept = folder / PLAN
    if not kept.is_file():
        raise InvalidOptionError(f"{folder} is no arena run: it has no {PLAN} (give the "
                                 f"folder a `wintergames arena` or `balance` run wrote)")
    plan = json.loads(kept.read_text())
    games = read_games(folder / GAMES, plan)
    if not games:
        raise InvalidOptionError(f"{folder} holds no finished game yet")
    return Run(folder, plan, games)


def paired_games(a: Run, b: Run) -> list[tuple[Outcome, Outcome]]:
    """The games of both runs, paired by index; ``InvalidOptionError`` naming what differs
    where they are not the same games."""
    differ = {key for key in SAME if a.plan.get(key) != b.plan.get(key)}
    if differ:
        shown = differences({k: a.plan.get(k) for k in SAME if k in differ},
                            {k: b.plan.get(k) for k in SAME if k in differ}, "A", "B")
        raise InvalidOptionError(
            f"{a.path} (A) and {b.path} (B) are not runs of the same games: {shown}; compare "
            f"runs of one game, player count, entrants, seed and seeding")
    common = sorted(set(a.games) & set(b.games))
    if not common:
        raise InvalidOptionError(f"{a.path} and {b.path} have no game index in common")
    pairs = [(a.games[i], b.games[i]) for i in common]
    for x, y in pairs:
        if (x.seed, x.bots) != (y.seed, y.bots):
            raise InvalidOptionError(
                f"game {x.index} started from seed {x.seed} with {','.join(x.bots)} in A but "
                f"from seed {y.seed} with {','.join(y.bots)} in B: they are not the same game")
    return pairs


def paired(pairs: Sequence[tuple[Outcome, Outcome]],
           value: Callable[[Outcome], float]) -> dict[str, Any]:
    """A's and B's mean of ``value``, and the mean of B's less A's, game by game, with its
    95% interval."""
    a = [value(x) for x, _ in pairs]
    b = [value(y) for _, y in pairs]
    mean, low, high = mean_interval([vb - va for va, vb in zip(a, b, strict=True)])
    return {"a": round(statistics.fmean(a), 4), "b": round(statistics.fmean(b), 4),
            "diff": round(mean, 4), "ci95": [round(low, 4), round(high, 4)]}


def _bot_share(bot: str) -> Callable[[Outcome], float]:
    return lambda o: sum(o.share(p) for p, b in enumerate(o.bots) if b == bot)


def _seat_share(seat: int) -> Callable[[Outcome], float]:
    return lambda o: o.share(seat)


def _position_share(k: int) -> Callable[[Outcome], float]:
    return lambda o: o.share(position_at(o, k))


def _seat_score(seat: int) -> Callable[[Outcome], float]:
    return lambda o: float(o.scores[seat])


def _position_score(k: int) -> Callable[[Outcome], float]:
    return lambda o: float(o.scores[position_at(o, k)])


def _metric(name: str, width: int) -> Callable[[Outcome], float]:
    return lambda o: float(sum(o.metrics.get(name, [0] * width)))


def compare_runs(a_path: Path | str, b_path: Path | str) -> dict[str, Any]:
    """B against A, game by game: everything ``wintergames compare`` shows (JSON-ready)."""
    a, b = read_run(a_path), read_run(b_path)
    pairs = paired_games(a, b)
    players = int(a.plan["players"])
    ordered = all(x.order is not None and y.order is not None for x, y in pairs)
    bots = list(dict.fromkeys(bot for x, _ in pairs for bot in x.bots))
    names = sorted({name for x, y in pairs for name in (*x.metrics, *y.metrics)})
    return {
        "game": a.plan["game"], "players": players, "bots": a.plan["bots"],
        "a": {"path": str(a.path), "options": a.plan.get("options", {}), "games": len(a.games)},
        "b": {"path": str(b.path), "options": b.plan.get("options", {}), "games": len(b.games)},
        "options_differ": differences({"options": a.plan.get("options", {})},
                                      {"options": b.plan.get("options", {})}, "A", "B"),
        "games": len(pairs),
        "positions": [paired(pairs, _position_share(k)) for k in range(players)]
        if ordered and players > 1 else None,
        "seats": [paired(pairs, _seat_share(p)) for p in range(players)],
        "bots_share": {bot: paired(pairs, _bot_share(bot)) for bot in bots}
        if len(bots) > 1 else None,
        "scores": {
            "all": paired(pairs, lambda o: statistics.fmean(float(s) for s in o.scores)),
            "positions": [paired(pairs, _position_score(k)) for k in range(players)]
            if ordered else None,
            "seats": [paired(pairs, _seat_score(p)) for p in range(players)],
        },
        "length": paired(pairs, lambda o: float(o.decisions)),
        "metrics": {name: paired(pairs, _metric(name, 1 if name.startswith("game:")
                                                else players)) for name in names},
    }


# -- as tables: the terminal's and the page's ---------------------------------------------

Section = tuple[str, list[str], list[list[str]]]  # title, column heads, rows


def _share_row(name: str, e: dict[str, Any]) -> list[str]:
    return [name, pct(e["a"]), pct(e["b"]), signed_points(e["diff"]),
            f"{signed_points(e['ci95'][0])} to {signed_points(e['ci95'][1])}", _clear(e)]


def _number_row(name: str, e: dict[str, Any]) -> list[str]:
    low, high = e["ci95"]
    return [name, f"{e['a']:.2f}", f"{e['b']:.2f}", _signed(e["diff"]),
            f"{_signed(low)} to {_signed(high)}", _clear(e)]


def _signed(v: float) -> str:
    """"+1.25", "-0.50", and never "-0.00"."""
    return f"{round(v, 2) + 0.0:+.2f}"


def _clear(e: dict[str, Any]) -> str:
    """"yes" where the interval leaves out 0: B differs from A beyond chance."""
    low, high = e["ci95"]
    return "yes" if low > 0 or high < 0 else ""


SHARE_HEAD = ["", "A", "B", "B − A, points", "95% interval", "clear"]
NUMBER_HEAD = ["", "A", "B", "B − A", "95% interval", "clear"]


def sections(c: dict[str, Any], every_item: bool = True) -> list[Section]:
    """The comparison as titled tables, in the order both the terminal and the page
    show them; without ``every_item`` (the terminal) an item's metric only where B
    clearly differs from A."""
    from wintergames.sim.metrics import label

    found: list[Section] = []
    if c["positions"] is not None:
        found.append(("Win share by turn position", SHARE_HEAD,
                      [_share_row(ordinal(k + 1), e) for k, e in enumerate(c["positions"])]))
    if c["players"] > 1:
        found.append(("Win share by seat", SHARE_HEAD,
                      [_share_row(f"seat {p + 1}", e) for p, e in enumerate(c["seats"])]))
    if c["bots_share"] is not None:
        found.append(("Win share by bot", SHARE_HEAD,
                      [_share_row(bot, e) for bot, e in c["bots_share"].items()]))
    scores = [_number_row("all seats", c["scores"]["all"])]
    scores += [_number_row(ordinal(k + 1), e) for k, e in enumerate(c["scores"]["positions"]
                                                                    or [])]
    scores += [_number_row(f"seat {p + 1}", e) for p, e in enumerate(c["scores"]["seats"])]
    found.append(("Mean score", NUMBER_HEAD, scores))
    found.append(("Game length", NUMBER_HEAD, [_number_row("decisions", c["length"])]))
    shown = {name: e for name, e in c["metrics"].items()
             if every_item or not name.startswith("item:") or _clear(e)}
    left = len(c["metrics"]) - len(shown)
    found.append(("Metrics, per game (all seats)" + (
        f"; {left} items' metrics that do not clearly differ are in the page" if left else ""),
        NUMBER_HEAD, [_number_row(label(c["game"], name), e) for name, e in shown.items()]))
    return found


def describe(c: dict[str, Any]) -> str:
    """What was compared, in a sentence."""
    return (f"{c['games']} games of {c['game']} ({c['players']} players, "
            f"{','.join(c['bots'])}), paired by index: B {c['b']['path']} against A "
            f"{c['a']['path']}. Options: {c['options_differ']}.")


def write_comparison(path: Path, c: dict[str, Any]) -> Path:
    """The comparison as one self-contained page."""
    from wintergames.sim.report import html_table, page, paragraph

    parts = [f"<h1>Compared: {c['game']}, {c['games']} paired games</h1>",
             paragraph(describe(c)),
             paragraph("Each figure is B's mean less A's over the games both played, each "
                       "game of B against the game of A with the same seed; the interval is "
                       "95% (mean ± 1.96 standard errors of the differences). 'clear': the "
                       "interval leaves out 0.")]
    for title, head, rows in sections(c):
        parts += [f"<h2>{title}</h2>", html_table(head, rows)]
    path.write_text(page(f"{c['game']}: B against A", parts))
    return path
