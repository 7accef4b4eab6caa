"""What a placed floe's explanation says it lets its player take, read from the state."""

from __future__ import annotations

from wintergames.games.winter_queen.actions import PlaceOnBoard
from wintergames.games.winter_queen.components import WQ

from .helpers import blank


def test_a_floe_on_a_province_whose_stack_is_empty_takes_no_book() -> None:
    s = blank()
    placed = next(a for a in s.legal_actions(0) if isinstance(a, PlaceOnBoard))
    zone = WQ.zone[placed.cell]
    before = s.choices(0)
    explained = {a: c.explain.text for a, c in before if a == placed and c is not None}
    assert "no book is left to take there" not in explained[placed]
    if zone < len(s.stacks):  # a province's own stack, emptied
        s.stacks[zone] = []
    else:  # a royal space: every stack emptied
        s.stacks = [[] for _ in s.stacks]
    (choice,) = [c for a, c in s.choices(0) if a == placed]
    assert choice is not None
    assert "no book is left to take there" in choice.explain.text
    assert choice.explain.rule == "turn.board"  # the placing, its consequence after it
