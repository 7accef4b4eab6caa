"""An arena's pictures (matplotlib PNGs): win shares with their intervals (by bot, by
turn position and by seat), score distributions, game length and the game's metrics.

A mirror match (one entrant in every seat) has no win-share-by-bot picture: that share is
1 by construction; its positions and seats are the measure."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wintergames.sim.jobs import Outcome
from wintergames.sim.metrics import label
from wintergames.sim.stats import ordinal, position_at


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only: no screen is needed, nor opened
    import matplotlib.pyplot as plt

    return plt


def _shares(ax: Any, names: list[str], rows: list[dict[str, Any]], fair: list[float]) -> None:
    shares = [r["share"] for r in rows]
    below = [r["share"] - r["ci95"][0] for r in rows]
    above = [r["ci95"][1] - r["share"] for r in rows]
    ax.bar(names, shares, color="#4e79a7", yerr=[below, above], capsize=6)
    for i, f in enumerate(fair):
        ax.hlines(f, i - 0.4, i + 0.4, colors="#e15759", linestyles="dashed",
                  label="fair share" if i == 0 else None)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share (95% interval)")
    ax.legend(loc="upper right")


def plot_all(outcomes: Sequence[Outcome], summary: dict[str, Any], game: str,
             players: int, folder: Path) -> list[Path]:
    """Every picture of the run into ``folder``; returns their paths."""
    plt = _pyplot()
    made = []

    def save(fig: Any, name: str) -> None:
        fig.tight_layout()
        path = folder / name
        fig.savefig(path, dpi=100)
        plt.close(fig)
        made.append(path)

    bots = summary["bots"]
    if not summary.get("mirror"):
        fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(bots)), 4))
        _shares(ax, [_short(b) for b in bots], list(bots.values()),
                [b["fair_share"] for b in bots.values()])
        ax.set_title(f"Win share by bot ({summary['games']} games)")
        save(fig, "win_shares.png")

    groups, names, title = _score_groups(outcomes, summary, players)
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(groups)), 4))
    ax.boxplot(groups, tick_labels=names)
    ax.set_ylabel("final score")
    ax.set_title(title)
    save(fig, "scores.png")

    if summary.get("positions") is not None:
        positions = summary["positions"]
        fig, ax = plt.subplots(figsize=(max(5, 1.2 * players), 4))
        _shares(ax, [ordinal(r["position"]) for r in positions["positions"]],
                positions["positions"], [positions["fair_share"]] * players)
        ax.set_xlabel("turn position (1st plays first)")
        ax.set_title("Win share by turn position")
        save(fig, "positions.png")

    if summary["seats"] is not None:
        seats = summary["seats"]
        fig, ax = plt.subplots(figsize=(max(5, 1.2 * players), 4))
        _shares(ax, [f"seat {s['seat']}" for s in seats["seats"]], seats["seats"],
                [seats["fair_share"]] * players)
        ax.set_title("Win share by seat")
        save(fig, "seats.png")

    fig, ax = plt.subplots(figsize=(6, 4))
    ax.hist([o.decisions for o in outcomes], bins=min(30, max(5, len(outcomes) // 5)),
            color="#59a14f")
    ax.set_xlabel("decisions in the game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    save(fig, "length.png")

    points = [(name, m) for name, m in summary["metrics"].items() if name.startswith("vp:")]
    counts = [(name, m) for name, m in summary["metrics"].items()
              if name.startswith(("n:", "game:"))]
    panels = [(title, rows) for title, rows in (("Points by category", points),
                                                ("Events counted", counts)) if rows]
    if panels:
        key = "position" if summary.get("positions") is not None else "seat"
        tall = max(len(rows) for _, rows in panels)
        fig, axes = plt.subplots(1, len(panels), squeeze=False,
                                 figsize=(6.5 * len(panels), (0.3 + 0.12 * players) * tall + 2))
        for ax, (title, rows) in zip(axes[0], panels, strict=True):
            _metric_bars(ax, game, rows, key, players)
            ax.set_title(f"{title}, by {'turn position' if key == 'position' else 'seat'}")
        save(fig, "metrics.png")
    return made


# One colour per turn position or seat (matplotlib's tab10, in order).
COLOURS = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1")


def _metric_bars(ax: Any, game: str, rows: list[tuple[str, dict[str, Any]]], key: str,
                 players: int) -> None:
    """Each metric's mean per game, one bar per turn position (``key`` "position") or per
    seat with its 95% interval; a metric of the whole game one grey bar."""
    height = 0.8 / players
    for k in range(players):
        values, errors, places = [], [], []
        for i, (_, m) in enumerate(rows):
            means = m[f"mean_per_{key}"]
            if means is None:
                continue
            low, high = m[f"ci95_per_{key}"][k]
            values.append(means[k])
            errors.append([means[k] - low, high - means[k]])
            places.append(i - 0.4 + height * (k + 0.5))
        ax.barh(places, values, height=height, color=COLOURS[k % len(COLOURS)],
                xerr=list(zip(*errors, strict=True)) if errors else None, capsize=2,
                label=ordinal(k + 1) if key == "position" else f"seat {k + 1}")
    whole = [(i, m) for i, (_, m) in enumerate(rows) if m[f"mean_per_{key}"] is None]
    if whole:
        ax.barh([i for i, _ in whole], [m["mean_per_game"] for _, m in whole], height=0.8,
                color="#bab0ac", label="whole game", capsize=2,
                xerr=[[m["mean_per_game"] - m["ci95"][0] for _, m in whole],
                      [m["ci95"][1] - m["mean_per_game"] for _, m in whole]])
    ax.set_yticks(range(len(rows)), [textwrap.fill(label(game, name), 34) for name, _ in rows])
    ax.invert_yaxis()
    ax.set_xlabel("mean per game (95% interval)")
    ax.legend(loc="lower right", fontsize="small")


def _score_groups(outcomes: Sequence[Outcome], summary: dict[str, Any],
                  players: int) -> tuple[list[list[float]], list[str], str]:
    """The scores to draw side by side: by bot, or in a mirror match (one bot: one box
    would say nothing) by turn position, or by seat where the game has no turn order."""
    if not summary.get("mirror") or players < 2:
        bots = list(summary["bots"])
        return ([[float(o.scores[p]) for o in outcomes for p, b in enumerate(o.bots) if b == bot]
                 for bot in bots], [_short(b) for b in bots], "Scores by bot")
    if summary.get("positions") is not None:
        return ([[float(o.scores[position_at(o, k)]) for o in outcomes] for k in range(players)],
                [ordinal(k + 1) for k in range(players)], "Scores by turn position")
    return ([[float(o.scores[p]) for o in outcomes] for p in range(players)],
            [f"seat {p + 1}" for p in range(players)], "Scores by seat")


def _short(bot: str) -> str:
    return bot.replace(":", "\n", 1).replace(";", "\n")
