"""ICECOOL Wizards in the terminal: a top-down map and everyone's cards.

The map draws 1 cm as 2 columns and 2 cm as 1 row: walls ``#``, floor ``.``, exam
spaces ``x`` with their id, lesson cards by icon letter, penguins by seat number, and
the last flick's path as ``*``.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from wintergames.core.events import seat_name
from wintergames.games.icecool_wizards.cards import exam_title
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.observe import pending_discard

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.icecool_wizards.state import IcecoolState

WIDTH, HEIGHT = 36.0, 54.0  # cm covered by the map
COLS, ROWS = int(WIDTH * 2) + 1, int(HEIGHT / 2) + 1
STYLES = {"green": "bold green", "pink": "bold magenta", "blue": "bold blue",
          "yellow": "bold yellow"}


def _cell(x: float, y: float) -> tuple[int, int]:
    col = min(COLS - 1, max(0, round(x * 2)))
    row = min(ROWS - 1, max(0, round((HEIGHT - y) / 2)))
    return row, col


def _paint(grid: list[list[tuple[str, str]]], x: float, y: float, ch: str, style: str) -> None:
    row, col = _cell(x, y)
    grid[row][col] = (ch, style)


def _line(grid: list[list[tuple[str, str]]], a: tuple[float, float], b: tuple[float, float],
          ch: str, style: str) -> None:
    """Paint every cell the segment a-b passes (a cell is 0.5 cm wide, 2 cm high)."""
    (ax, ay), (bx, by) = a, b
    steps = int(max(abs(bx - ax) * 2, abs(by - ay) / 2)) + 1
    for i in range(steps + 1):
        _paint(grid, ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps, ch, style)


def _map(s: IcecoolState) -> Text:
    grid = [[(" ", "")] * COLS for _ in range(ROWS)]
    for room in IW.table.rooms:
        x1, y1, x2, y2 = room.rect
        for row in range(ROWS):
            for col in range(COLS):
                x, y = col / 2, HEIGHT - row * 2
                if x1 <= x <= x2 and y1 <= y <= y2:
                    grid[row][col] = (".", "dim")
    for wall in IW.table.walls:
        _line(grid, wall.a, wall.b, "#", "white")
    for x, spot in enumerate(IW.table.spots):
        x1, y1, x2, y2 = spot.rect
        style = "cyan" if s.exam_spaces[x] >= 0 else "dim cyan"
        for row in range(ROWS):
            for col in range(COLS):
                if x1 <= col / 2 <= x2 and y1 <= HEIGHT - row * 2 <= y2:
                    grid[row][col] = ("x", style)
        row, col = _cell((x1 + x2) / 2, (y1 + y2) / 2)
        grid[row][col - 1], grid[row][col] = ("X", style), (spot.id[1], style)
    for place in IW.places:
        card = s.board[place.icon]
        if card >= 0:
            _paint(grid, *place.centre, IW.icon_letters[place.icon], "bold yellow reverse")
    # The drawn path keeps only the corners of straight runs: draw the runs between them.
    for a, b in itertools.pairwise(s.last_path):
        _line(grid, a, b, "*", "red")
    for seat, pos in enumerate(s.penguins):
        if pos is not None:
            _paint(grid, *pos, str(seat + 1), STYLES.get(IW.colours[seat], "bold") + " reverse")
    text = Text()
    for cells in grid:
        for ch, style in cells:
            text.append(ch, style=style)
        text.append("\n")
    return text


def _players(s: IcecoolState) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("player", "face-up lessons", "used spells", "exams", "points"):
        table.add_column(column)
    scores = s.scores()
    for p in range(s.num_players):
        up = " ".join(f"{IW.type_name(t)}" + (f"x{n}" if n > 1 else "")
                      for t, n in enumerate(s.lessons_up[p]) if n) or "-"
        down = " ".join(f"{IW.type_name(t)}" + (f"x{n}" if n > 1 else "")
                        for t, n in enumerate(s.lessons_down[p]) if n) or "-"
        exams = ", ".join(exam_title(e, s.params.exam_vp[e]).removeprefix("exam ")
                          for e in s.exams[p]) or "-"
        name = Text(f"{seat_name(p)} ({IW.colours[p]})",
                    style=STYLES.get(IW.colours[p], "bold"))
        table.add_row(name, up, down, exams, str(scores[p]))
    return table


def _board(s: IcecoolState) -> Text:
    lessons = ", ".join(f"{IW.icon_names[i]}: {IW.type_name(t)}"
                        for i, t in enumerate(s.board) if t >= 0) or "none"
    exams = "  ".join(
        f"{IW.exam_spaces[x]}: "
        f"{exam_title(e, s.params.exam_vp[e]).removeprefix('exam ') if e >= 0 else 'empty'}"
        for x, e in enumerate(s.exam_spaces)
    )
    lines = [f"Lessons on the board: {lessons}", f"Exams: {exams}",
             f"Decks: {len(s.lesson_deck)} lessons, {len(s.exam_deck)} exams"]
    if s.final_round:
        lines.append("Last round: the game ends when it is complete.")
    return Text("\n".join(lines))


def _fire_head(s: IcecoolState, player: int | None) -> str:
    """Who still chooses a Fire discard, who has (never what), and the viewer's own."""
    waiting = ", ".join(seat_name(q) for q in s.fire_queue)
    # What a seat owes (one discard, hidden) is its decision's prompt: here only who
    # still chooses and who has, which every seat may see.
    lines = ["Fire!", f"Choosing: {waiting}."]
    chosen = [seat_name(q) for q, c in enumerate(s.fire_choice) if c >= 0]
    if chosen:
        lines.append(f"Chosen: {', '.join(chosen)}.")
    mine = pending_discard(s, player)
    if mine is not None:
        lines.append(f"Your hidden choice: {mine}.")
    return "\n".join(lines)


def render(state: State, player: int | None) -> Group:
    s: IcecoolState = state  # type: ignore[assignment]
    if s.fire_queue:
        head = _fire_head(s, player)
    elif not s.to_move:
        head = "Game over."
    else:  # the step, the flicks left and the flick's angles are the decision's words
        head = f"{seat_name(s.current)}'s turn."
    legend = Text("Map: # wall  . floor  X1..X6 exam spaces  F H W P S lesson cards  "
                  "1-4 penguins  * last flick", style="dim")
    return Group(Text(head, style="bold"), _map(s), legend, _board(s), _players(s))
