"""An arena's pictures (matplotlib PNGs): win shares with their intervals, score
distributions, seat advantage, game length and the game's metrics."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from wintergames.sim.jobs import Outcome
from wintergames.sim.metrics import label


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
    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(bots)), 4))
    _shares(ax, [_short(b) for b in bots], list(bots.values()),
            [b["fair_share"] for b in bots.values()])
    ax.set_title(f"Win share by bot ({summary['games']} games)")
    save(fig, "win_shares.png")

    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(bots)), 4))
    scores = [[float(o.scores[p]) for o in outcomes for p, b in enumerate(o.bots) if b == bot]
              for bot in bots]
    ax.boxplot(scores, tick_labels=[_short(b) for b in bots])
    ax.set_ylabel("final score")
    ax.set_title("Scores by bot")
    save(fig, "scores.png")

    if summary["seats"] is not None:
        seats = summary["seats"]
        fig, ax = plt.subplots(figsize=(max(5, 1.2 * players), 4))
        _shares(ax, [f"seat {s['seat']}" for s in seats["seats"]], seats["seats"],
                [seats["fair_share"]] * players)
        ax.set_title("Win share by seat (seat 1 moves first)")
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
        tall = max(len(rows) for _, rows in panels)
        fig, axes = plt.subplots(1, len(panels), figsize=(6.5 * len(panels), 0.45 * tall + 1.6),
                                 squeeze=False)
        for ax, (title, rows) in zip(axes[0], panels, strict=True):
            ax.barh([textwrap.fill(label(game, name), 34) for name, _ in rows],
                    [m["mean_per_game"] for _, m in rows], color="#f28e2b")
            ax.invert_yaxis()
            ax.set_xlabel("mean per game (all seats)")
            ax.set_title(title)
        save(fig, "metrics.png")
    return made


def _short(bot: str) -> str:
    return bot.replace(":", "\n", 1).replace(";", "\n")
