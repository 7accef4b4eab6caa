"""The review's picture: every seat's chance to win over the game, the reviewed seat's
flagged moves marked on its line (a matplotlib PNG)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wintergames.analysis.review import GRADE_WORDS, Review
from wintergames.core.events import seat_name
from wintergames.core.registry import get_spec

# A marker per flagged grade, growing with the harm.
MARKERS = {"inaccuracy": ("o", 5), "mistake": ("s", 6), "blunder": ("X", 9)}


def plot_review(review: Review, path: Path) -> Path:
    """Write the curve of ``review`` to ``path`` (a PNG) and return it."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no screen is needed, nor opened
    import matplotlib.pyplot as plt

    curve = review.curve()
    fig, ax = plt.subplots(figsize=(9, 4.5))
    # Before the first move every seat of several is even; a seat alone has no such
    # start (its odds are against the game's par), so its line starts at its first move.
    start = [] if review.num_players == 1 else [(0, [1.0 / review.num_players] *
                                                 review.num_players)]
    for seat in range(review.num_players):
        steps = [step for step, _ in start + curve]
        chances = [100 * c[seat] for _, c in start + curve]
        mine = seat == review.seat
        ax.plot(steps, chances, linewidth=2.4 if mine else 1.2, alpha=1.0 if mine else 0.6,
                label=seat_name(seat) + (" (reviewed)" if mine else ""))
    _mark_flagged(ax, review)
    ax.set_xlim(0, max(1, review.steps))
    ax.set_ylim(-2, 102)
    ax.set_xlabel("step of the game")
    ax.set_ylabel("chance to win, %")
    ax.set_title(f"{get_spec(review.game).title}: review of {seat_name(review.seat)}, "
                 f"accuracy {review.accuracy:.0f}")
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def _mark_flagged(ax: Any, review: Review) -> None:
    for grade, (marker, size) in MARKERS.items():
        moves = [d for d in review.decisions if d.grade == grade]
        if moves:
            ax.plot([d.step + 1 for d in moves], [100 * d.after for d in moves],
                    linestyle="none", marker=marker, markersize=size, color="black",
                    label=GRADE_WORDS[grade])
