"""A picture of the ICECOOL Wizards board and the last flick's path (matplotlib).

>>> import wintergames as wg, tempfile, pathlib
>>> state = wg.make("icecool-wizards", 2, seed=1)
>>> state.apply(wg.get_spec("icecool-wizards").parse_action("flick 60 0.6 0.3"))
>>> out = pathlib.Path(tempfile.mkdtemp()) / "flick.png"
>>> save_png(state, out); out.stat().st_size > 10_000
True
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from matplotlib.axes import Axes
from matplotlib.figure import Figure  # no pyplot: no display and no global state
from matplotlib.patches import Circle, Rectangle

from wintergames.core.events import seat_name
from wintergames.games.icecool_wizards.components import IW

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.icecool_wizards.state import IcecoolState

COLOURS = {"green": "#2e9d4a", "pink": "#e05fa8", "blue": "#3b6fd8", "yellow": "#e8c21c"}


def _board(ax: Axes, s: IcecoolState) -> None:
    for x1, y1, x2, y2 in IW.table.footprints:
        ax.add_patch(Rectangle((x1, y1), x2 - x1, y2 - y1, color="#e8f1f8", zorder=0))
    for room in IW.table.rooms:
        x1, y1, x2, y2 = room.rect
        ax.add_patch(Rectangle((x1, y1), x2 - x1, y2 - y1, fill=False, ls="--", lw=1,
                               ec="#c9a400", zorder=1))
        ax.text((x1 + x2) / 2, y2 - 0.5, IW.room_names[room.id], fontsize=7, va="top",
                ha="center", color="#7a6400", zorder=3)
    for line in IW.table.white_lines:
        ax.plot(*zip(*line, strict=True), color="white", lw=2.5, zorder=1)
    for x, spot in enumerate(IW.table.spots):
        x1, y1, x2, y2 = spot.rect
        ax.add_patch(Rectangle((x1, y1), x2 - x1, y2 - y1, color="#1f3a68", alpha=0.85,
                               zorder=2))
        exam = s.exam_spaces[x]
        if exam >= 0:
            icons = "+".join(IW.icon_letters[i] for i in IW.exams[exam].icons)
            label = f"{spot.id}\n{icons}\n{s.params.exam_vp[exam]} pts"
        else:
            label = spot.id
        ax.text((x1 + x2) / 2, (y1 + y2) / 2, label, ha="center", va="center", fontsize=5.5,
                color="white", zorder=3)
    for place in IW.places:
        card = s.board[place.icon]
        if card < 0:
            continue
        (cx, cy), (w, h) = place.centre, place.size
        ax.add_patch(Rectangle((cx - w / 2, cy - h / 2), w, h, color="#f6e7b0", ec="#8a6d1a",
                               zorder=2))
        ax.text(cx, cy, IW.type_name(card), ha="center", va="center", fontsize=7, zorder=3)
    for wall in IW.table.walls:
        ax.plot([wall.a[0], wall.b[0]], [wall.a[1], wall.b[1]], color="#333",
                lw=2.5 if wall.radius > 0.15 else 1.5, solid_capstyle="butt", zorder=4)
    ax.add_patch(Circle(IW.start, IW.start_radius, fill=False, ls=":", ec="#555", zorder=2))


def figure(state: State) -> Figure:
    """The board, every penguin and the last flick's path."""
    s: IcecoolState = state  # type: ignore[assignment]
    fig = Figure(figsize=(5.4, 7.6), dpi=120)
    ax = fig.add_subplot()
    _board(ax, s)
    if s.last_path:
        xs, ys = zip(*s.last_path, strict=True)
        ax.plot(xs, ys, color="#d62728", lw=1.2, zorder=5)
    for seat, pos in enumerate(s.penguins):
        if pos is None:
            continue
        colour = COLOURS.get(IW.colours[seat], "black")
        ax.add_patch(Circle(pos, IW.penguin.radius, color=colour, ec="black", zorder=6))
        ax.text(*pos, str(seat + 1), ha="center", va="center", color="white", fontsize=8,
                weight="bold", zorder=7)
    scores = ", ".join(f"{seat_name(p)} {v}" for p, v in enumerate(s.scores()))
    ax.set_title(f"ICECOOL Wizards, flick {s.flicks}: {scores}", fontsize=8)
    ax.set_xlim(-1, 37)
    ax.set_ylim(-1, 55)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.tight_layout()
    return fig


def save_png(state: State, path: Path) -> None:
    fig = figure(state)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
