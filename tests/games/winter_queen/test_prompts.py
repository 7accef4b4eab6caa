"""What a placed floe's explanation says it lets its player take, read from the state,
and the same words whether kept from before or made afresh."""

from __future__ import annotations

import random

import wintergames as wg
from wintergames.games.winter_queen import prompts
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


def test_the_kept_words_of_a_choice_are_those_made_afresh() -> None:
    """A placement's words are kept by what they depend on (the floe, stand and space,
    what the space then lets its player take, whether the stand empties): at every step
    of random games, the choices said with everything kept from earlier states are the
    ones said with nothing kept."""
    compared = 0
    for seed in range(3):
        rng, state = random.Random(seed), wg.make("winter-queen", 2 + seed % 2, seed)
        while not state.is_over:
            player = state.to_move[0]
            kept = [c.view() for _, c in state.choices(player) if c is not None]
            for function in prompts.KEPT:
                function.cache_clear()
            assert [c.view() for _, c in state.choices(player) if c is not None] == kept
            compared += len(kept)
            state.apply(rng.choice(state.legal_actions(player)), player)
    assert compared > 1000


def test_the_last_floe_of_a_stand_says_so_and_a_full_hand_takes_no_book() -> None:
    s = blank()
    stand_floes = s.stands[0]
    colour = next(c for c, n in enumerate(stand_floes) if n)
    s.stands[0] = [1 if c == colour else 0 for c in range(len(stand_floes))]
    said = {a: c.explain.text for a, c in s.choices(0)
            if c is not None and isinstance(a, PlaceOnBoard)}
    last = [text for a, text in said.items() if a.stand == 0]
    assert last and all("it is the last floe of stand 1: +1 VP" in text for text in last)
    assert not any("last floe" in text for a, text in said.items() if a.stand != 0)
    s.books[0] = [[b, -1, -1] for b in range(WQ.max_books)]
    assert all(f"you hold {WQ.max_books} books already" in c.explain.text
               for a, c in s.choices(0) if c is not None and isinstance(a, PlaceOnBoard))
