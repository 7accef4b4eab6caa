"""The terminal view of ICECOOL Wizards: the map shows the whole last flick."""

from __future__ import annotations

from rich.console import Console

import wintergames as wg

from .helpers import act, game


def _screen(state: wg.State) -> str:
    console = Console(record=True, width=200, color_system=None)
    render = wg.get_spec("icecool-wizards").render
    assert render is not None
    console.print(render(state, 0))
    return console.export_text()


def test_the_map_draws_a_straight_flick_as_a_line_not_its_two_ends() -> None:
    s = game(2)
    s.penguins[0] = (6.0, 44.6)
    act(s, "flick 0 0.4 0")  # a straight slide to the right along y = 44.6
    x, _ = s.penguins[0]  # type: ignore[misc]
    assert len(s.last_path) == 2  # the drawn path keeps only the run's ends...
    row = next(line for line in _screen(s).splitlines() if "1" in line and "*" in line)
    stars = row.count("*")
    assert stars >= int((x - 6.0) * 2) - 2  # ...the map paints every cell between them
