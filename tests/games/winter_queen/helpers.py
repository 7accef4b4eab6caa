"""Hand-built Winter Queen positions for scenario tests."""

from __future__ import annotations

import wintergames as wg
from wintergames.games.winter_queen.actions import CODEC
from wintergames.games.winter_queen.components import WQ
from wintergames.games.winter_queen.state import WinterQueenState

C = {name: i for i, name in enumerate(WQ.colours)}  # "red" -> colour index
BOOK = {b.id: i for i, b in enumerate(WQ.books)}  # "SB12" -> book index


def cell(name: str) -> int:
    return WQ.cell_names.index(name)


def blank(num_players: int = 3, seed: int = 0) -> WinterQueenState:
    """A fresh game whose board is emptied (no depicted floes) for hand-built scenes."""
    state = wg.make("winter-queen", num_players, seed=seed)
    assert isinstance(state, WinterQueenState)
    state.board = [-1] * WQ.num_cells
    state.fixed = (False,) * WQ.num_cells
    return state


def put(state: WinterQueenState, **floes: str) -> None:
    """``put(state, a2="red", c3="green")`` places floes; colours counted out of the bag."""
    for name, colour in floes.items():
        c = C[colour]
        state.bag[c] -= 1
        state.board[cell(name)] = c


def depict(state: WinterQueenState, name: str, colour: str) -> None:
    """Make royal space ``name`` show a printed floe (outside the floe count)."""
    x = cell(name)
    assert WQ.zone[x] == 4, f"{name} is not a royal space"
    state.board[x] = C[colour]
    fixed = list(state.fixed)
    fixed[x] = True
    state.fixed = tuple(fixed)


def give_book(state: WinterQueenState, player: int, book: str, a: str = "", b: str = "") -> None:
    """Move ``book`` from its stack into ``player``'s hand with floes on pages A/B."""
    index = BOOK[book]
    for stack in state.stacks:
        if index in stack:
            stack.remove(index)
    floes = []
    for colour in (a, b):
        if colour:
            state.bag[C[colour]] -= 1
        floes.append(C[colour] if colour else -1)
    state.books[player].append([index, *floes])


def act(state: WinterQueenState, text: str) -> None:
    state.apply(CODEC.parse(text))
