"""Winter Queen's observation as numbers (``core.encoding``), for RL environments.

Read from ``observation(player)`` only. Seats are listed from the observer clockwise
(``seats_from``); spaces, stands, provinces, colours and books keep the game's own order
(``WQ``), the order the action codec numbers them in, so a mask and a vector agree.

>>> enc = observation_encoding(3, {"first_player": "random"})
>>> enc.layout.size
965
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from wintergames.core.encoding import (
    Field,
    Layout,
    ObservationEncoding,
    Vector,
    Writer,
    seats_from,
)
from wintergames.games.winter_queen.components import ROYAL, WQ
from wintergames.games.winter_queen.params import params_of

_PHASES = {"main": 0, "take-book": 1, "return-floe": 2, "over": 3}
_COLOUR = {name: c for c, name in enumerate(WQ.colours)}
_BOOK = {b.id: i for i, b in enumerate(WQ.books)}
_ZONE_OF_CELL = {name: WQ.zone[x] for x, name in enumerate(WQ.cell_names)}
NCOL = len(WQ.colours)
NBOOKS = len(WQ.books)
NCELLS = WQ.num_cells
NPROV = len(WQ.provinces)


def _book_row(a: str | None, b: str | None) -> Vector:
    """A held book's row: 1, then one-hot floe colour on page A, then on page B."""
    row = np.zeros(1 + 2 * NCOL, np.float32)
    row[0] = 1.0
    if a is not None:
        row[1 + _COLOUR[a]] = 1.0
    if b is not None:
        row[1 + NCOL + _COLOUR[b]] = 1.0
    return row


# Every (floe on page A, floe on page B) a held book can show, built once.
_BOOK_ROW = {(a, b): _book_row(a, b) for a in (None, *WQ.colours) for b in (None, *WQ.colours)}
VP_CAP = 100.0  # generous: random play scores about 20, good play well under 100


def observation_encoding(num_players: int, options: Mapping[str, Any]) -> ObservationEncoding:
    """The encoding at ``num_players`` (the ``first_player`` option changes nothing; an
    overlay's floe count and stack size change what counts are divided by)."""
    n = num_players
    params = params_of(options)
    setup = params.setup(n)
    stands = setup.stands
    per_colour = float(params.floes_per_colour)
    stack_size = float(params.books_per_stack)
    turns_most = float(2 * n)  # the final phase starts with at most 2n-1 turns left
    colours = ", ".join(WQ.colours)
    layout = Layout((
        Field("phase", (4,), "one-hot: main turn, choosing a book after a placement, "
              "returning a floe after using a two-floe book, game over"),
        Field("to_move", (n,), "per seat from yours: 1 for the seat to move"),
        Field("first_player", (n,), "per seat from yours: 1 for the Winter Queen token holder"),
        Field("final_phase", (1,), "1 once the bag is empty (final phase: no book use, "
              "every stand open to all)"),
        Field("turns_left", (1,), f"in the final phase: turns still to play after this one "
              f"/ {int(turns_most)}"),
        Field("board", (NCELLS, NCOL + 1), f"per space a1..e5 (game order): one-hot floe "
              f"colour ({colours}; all 0 if empty), then 1 if the floe is printed on a "
              "royal token"),
        Field("stands", (stands, NCOL), f"per stand: floes of each colour / "
              f"{params.floes_per_colour}"),
        Field("stands_yours", (stands,), "per stand: 1 if you may take floes from it now"),
        Field("stack_sizes", (NPROV,), f"per province stack ({', '.join(WQ.provinces)}): "
              f"books left / {params.books_per_stack}"),
        Field("stack_tops", (NPROV, NBOOKS), "per province stack: one-hot of its face-up "
              "top book (SB01..SB20; all 0 if empty)"),
        Field("pending_zone", (NPROV + 1,), "choosing a book: one-hot of the zone of the "
              "space just filled (the 4 provinces, then royal: any stack); else all 0"),
        Field("books", (n, NBOOKS, 1 + 2 * NCOL), "per seat from yours, per book "
              "SB01..SB20: 1 if held, then one-hot floe colour on page A, then on page B"),
        Field("bag", (NCOL,), f"floes of each colour in the bag / {params.floes_per_colour}"),
        Field("discarded_floes", (NCOL,), "floes of each colour discarded with used books "
              f"/ {params.floes_per_colour}"),
        Field("discarded_books", (NBOOKS,), "per book SB01..SB20: 1 if used and discarded"),
        Field("vp", (n,), f"per seat from yours: VP / {int(VP_CAP)} (capped); others' are "
              "face down, so 0 until the game is over"),
        Field("winners", (n,), "per seat from yours: 1 for a winner once the game is over"),
    ))
    orders = [seats_from(p, n) for p in range(n)]
    rels = [{seat: i for i, seat in enumerate(order)} for order in orders]
    constant = {}
    if setup.stands_reach_all:
        constant["stands_yours"] = "with 2 players both seats reach every stand"

    def fill(obs: Mapping[str, Any], player: int, w: Writer) -> None:
        order = orders[player]
        rel = rels[player]
        phase = _PHASES[obs["phase"]]
        w["phase"][phase] = 1.0
        to_move = w["to_move"]
        for seat in obs["to_move"]:
            to_move[rel[seat]] = 1.0
        w["first_player"][rel[obs["first_player"]]] = 1.0
        if obs["final_phase"]:
            w["final_phase"][0] = 1.0
            left = obs["turns_left"]
            if left is not None:
                w["turns_left"][0] = min(left / turns_most, 1.0)

        board = w["board"]
        for x, space in enumerate(obs["board"]):
            floe = space["floe"]
            if floe is not None:
                board[x, _COLOUR[floe]] = 1.0
                if space["depicted"]:
                    board[x, NCOL] = 1.0

        stand_block = w["stands"]
        yours = w["stands_yours"]
        for i, stand in enumerate(obs["stands"]):
            row = stand_block[i]
            for colour, count in stand["floes"].items():
                row[_COLOUR[colour]] = min(count / per_colour, 1.0)
            if stand["yours"]:
                yours[i] = 1.0

        sizes = w["stack_sizes"]
        tops = w["stack_tops"]
        for z, stack in enumerate(obs["stacks"]):
            sizes[z] = stack["size"] / stack_size
            top = stack["top"]
            if top is not None:
                tops[z, _BOOK[top["id"]]] = 1.0

        if phase == 1:  # the zone of the space the mover just filled
            placed = obs["last_turns"][-1]["placed"]
            w["pending_zone"][_ZONE_OF_CELL[placed["cell"]]] = 1.0

        books = w["books"]
        all_books = obs["books"]
        for i, seat in enumerate(order):
            block = books[i]
            for book in all_books[seat]:
                a, b = book["pages"]
                block[_BOOK[book["id"]]] = _BOOK_ROW[a["floe"], b["floe"]]

        bag = w["bag"]
        for colour, count in obs["bag"]["floes"].items():
            bag[_COLOUR[colour]] = count / per_colour
        gone = w["discarded_floes"]
        for colour, count in obs["discarded_floes"].items():
            gone[_COLOUR[colour]] = count / per_colour
        used = w["discarded_books"]
        for book_id in obs["discarded_books"]:
            used[_BOOK[book_id]] = 1.0

        vp = w["vp"]
        for seat, points in enumerate(obs["vp"]):
            if points is not None:
                vp[rel[seat]] = min(points / VP_CAP, 1.0)
        winners = w["winners"]
        for seat in obs["winners"]:
            winners[rel[seat]] = 1.0

    return ObservationEncoding(layout, fill, constant)


assert ROYAL == NPROV, "pending_zone puts the royal domain after the provinces"
