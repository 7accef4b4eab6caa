"""Winter Queen's observation encoding (``games/winter_queen/encoding.py``)."""

from __future__ import annotations

import numpy as np
import pytest

import wintergames as wg
from tests.games.winter_queen.helpers import BOOK, C, act, blank, cell, give_book, put, stand_with
from wintergames.core.encoding_check import check_observation_encoding, encoding_for
from wintergames.games.winter_queen.state import WinterQueenState


@pytest.mark.parametrize("n", [2, 3, 4])
def test_generic_encoding_checks(n: int) -> None:
    seen = check_observation_encoding("winter-queen", n, range(4))
    assert seen["board"] > 20 and seen["books"] > 10


def test_a_fixed_first_player_keeps_the_layout() -> None:
    plain = encoding_for("winter-queen", 3)
    fixed = encoding_for("winter-queen", 3, {"first_player": "2"})
    assert plain.layout.size == fixed.layout.size
    check_observation_encoding("winter-queen", 3, range(2), options={"first_player": "2"},
                               every=3)


def test_sizes_per_player_count() -> None:
    sizes = {n: encoding_for("winter-queen", n).layout.size for n in (2, 3, 4)}
    # 3 stands with 2 and 3 players, 4 with 4; 20 books x 11 per seat.
    assert sizes == {2: 741, 3: 965, 4: 1195}


def _split(s: WinterQueenState, player: int) -> dict[str, np.ndarray]:
    enc = encoding_for("winter-queen", s.num_players)
    return enc.layout.split(enc.encode(s.observation(player), player))


def test_board_books_and_stands_read_back_in_a_known_position() -> None:
    s = blank(3)  # Player 1 holds the token and moves
    put(s, c1="red", e5="purple")
    give_book(s, 1, "SB12", a="green")
    stand_with(s, 0, red=2, blue=1)
    mine = _split(s, 0)
    board = mine["board"]
    c1, e5 = cell("c1"), cell("e5")
    assert board[c1].tolist() == [0, 0, 0, 0, 1, 0]  # red is colour 4, not printed
    assert board[e5].tolist() == [0, 0, 0, 1, 0, 0]
    assert board.sum() == 2  # the blank board has no printed floes
    assert mine["stands"][0].tolist() == pytest.approx([1 / 9, 0, 0, 0, 2 / 9])
    assert mine["stands_yours"].tolist() == [1, 0, 1]  # stands 3 and 1 touch Player 1
    assert mine["to_move"].tolist() == [1, 0, 0]
    assert mine["first_player"].tolist() == [1, 0, 0]
    # Player 2's book, seen by Player 1: the next seat, book SB12, green on page A.
    row = mine["books"][1, BOOK["SB12"]]
    assert row.tolist() == [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    assert mine["books"][0].sum() == 0 and mine["books"][2].sum() == 0
    # Player 3 sees the same book one seat further round (Player 2 is two seats on).
    third = _split(s, 2)
    assert third["books"][2, BOOK["SB12"]].tolist() == row.tolist()
    assert third["to_move"].tolist() == [0, 1, 0]
    assert third["stands_yours"].tolist() == [0, 1, 1]
    tops = mine["stack_tops"]
    assert [int(np.argmax(t)) for t in tops] == [stack[-1] for stack in s.stacks]
    assert mine["stack_sizes"].tolist() == pytest.approx([len(st) / 5 for st in s.stacks])


def test_choosing_a_book_shows_the_zone_then_the_book_taken() -> None:
    s = blank(3)
    stand_with(s, 0, red=2)
    top = s.stacks[0][-1]
    act(s, "r1-c1")  # red province
    view = _split(s, 0)
    assert view["phase"].tolist() == [0, 1, 0, 0]
    assert view["pending_zone"].tolist() == [1, 0, 0, 0, 0]  # red, the first province
    assert view["stands"][0, C["red"]] == pytest.approx(1 / 9)
    act(s, "take red")
    view = _split(s, 0)
    assert view["phase"].tolist() == [1, 0, 0, 0] and view["pending_zone"].sum() == 0
    assert view["books"][0, top].tolist() == [1] + [0] * 10
    assert view["stack_sizes"][0] == pytest.approx(4 / 5)
    assert view["to_move"].tolist() == [0, 1, 0]
    # an open royal space (c3 in a blank board) lets the mover take from any stack
    stand_with(s, 1, blue=2)
    act(s, "b2-c3")
    assert _split(s, 1)["pending_zone"].tolist() == [0, 0, 0, 0, 1]


def test_seats_differ_where_their_views_differ() -> None:
    s = blank(2)
    s.vp = [7, 3]
    first, second = _split(s, 0), _split(s, 1)
    # each sees its own face-down VP only, in the first slot
    assert first["vp"].tolist() == pytest.approx([0.07, 0])
    assert second["vp"].tolist() == pytest.approx([0.03, 0])
    assert first["to_move"].tolist() == [1, 0] and second["to_move"].tolist() == [0, 1]
    enc = encoding_for("winter-queen", 2)
    assert not np.array_equal(enc.encode(s.observation(0), 0), enc.encode(s.observation(1), 1))


def test_the_end_shows_every_score_and_the_winners() -> None:
    s = wg.make("winter-queen", 3, seed=5)
    assert isinstance(s, WinterQueenState)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    view = _split(s, 1)
    vp = [s.vp[1], s.vp[2], s.vp[0]]
    assert view["vp"].tolist() == pytest.approx([min(v / 100, 1) for v in vp])
    assert view["winners"].tolist() == [float(p in s.winners()) for p in (1, 2, 0)]
    assert view["phase"].tolist() == [0, 0, 0, 1] and view["to_move"].sum() == 0
    assert view["final_phase"].tolist() == [float(s.final_phase)]
