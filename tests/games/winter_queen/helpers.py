"""Hand-built Winter Queen positions for scenario tests."""

from __future__ import annotations

import wintergames as wg
from wintergames.games.winter_queen.actions import CODEC, TakeBook
from wintergames.games.winter_queen.components import WQ
from wintergames.games.winter_queen.state import WinterQueenState

C = {name: i for i, name in enumerate(WQ.colours)}  # "red" -> colour index
BOOK = {b.id: i for i, b in enumerate(WQ.books)}  # "SB12" -> book index


def cell(name: str) -> int:
    return WQ.cell_names.index(name)


def blank(num_players: int = 3, seed: int = 0,
          overlay: dict[str, object] | None = None) -> WinterQueenState:
    """A fresh game (with a what-if ``overlay``) whose board is emptied (no depicted
    floes) for hand-built scenes.

    Player 1 holds the Winter Queen token, so scenes are written from the first seat.
    """
    options: dict[str, object] = {"first_player": "1"}
    if overlay is not None:
        options["overlay"] = overlay
    state = wg.make("winter-queen", num_players, seed=seed, options=options)
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


def stand_with(s: WinterQueenState, stand: int, **floes: int) -> None:
    """Make ``stand`` hold exactly ``floes`` (the difference goes to / comes from the bag)."""
    for c in range(5):
        s.bag[c] += s.stands[stand][c]
        s.stands[stand][c] = 0
    for colour, count in floes.items():
        s.bag[C[colour]] -= count
        s.stands[stand][C[colour]] = count


def bag_only(s: WinterQueenState, **floes: int) -> None:
    """Leave exactly ``floes`` in the bag; the rest leaves the game (keeps the count)."""
    for c in range(5):
        s.discarded[c] += s.bag[c]
        s.bag[c] = 0
    for colour, count in floes.items():
        s.discarded[C[colour]] -= count
        s.bag[C[colour]] = count


def start_final_phase(n: int, seat: int) -> WinterQueenState:
    """Seat ``seat`` takes the last floe of its stand; the refill empties the bag."""
    s = blank(n)
    s.current = seat
    stand_with(s, seat, red=1)
    bag_only(s, blue=2)
    act(s, f"r{seat + 1}-c1")
    if s.legal_actions() and isinstance(s.legal_actions()[0], TakeBook):
        act(s, "take none")
    return s
