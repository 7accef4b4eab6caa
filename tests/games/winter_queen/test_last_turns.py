"""The last turns in Winter Queen's observation: public facts the browser marks."""

from __future__ import annotations

import json

from tests.games.winter_queen.helpers import BOOK, act, blank, give_book, put, stand_with
from wintergames.games.winter_queen.state import WinterQueenState
from wintergames.games.winter_queen.words import book


def played_round() -> WinterQueenState:
    """Player 1 places on the board and takes a book, Player 2 uses a two-floe book and
    returns a floe, Player 3 places on a page of its book."""
    s = blank(3)
    put(s, a2="red", e2="red")
    stand_with(s, 0, red=1)
    stand_with(s, 1, blue=1)
    stand_with(s, 2, green=1)
    give_book(s, 1, "SB12", a="red", b="blue")
    give_book(s, 2, "SB03")
    act(s, "r1-c1")
    act(s, "take red")
    act(s, "use SB12")
    act(s, "return a2")
    act(s, "g3-SB03.B")
    return s


def test_a_new_game_has_no_last_turns() -> None:
    assert blank(3).observation(None)["last_turns"] == []


def test_each_seat_s_last_turn_is_listed_oldest_first() -> None:
    s = played_round()
    took = s.observation(None)["books"][0][-1]["id"]  # the top of the red stack
    turns = s.observation(None)["last_turns"]
    # each turn also in the engine's words, as the browser lists it
    said = [turn.pop("said") for turn in turns]
    assert [line["text"] for line in said] == [
        f"Player 1: placed a red floe from stand 1 on c1 and took {book(BOOK[took]).text}",
        f"Player 2: used {book(BOOK['SB12']).text} and returned the floe on a2 to the bag",
        f"Player 3: placed a green floe from stand 3 on page B of {book(BOOK['SB03']).text}",
    ]
    assert turns == [
        {"player": 0, "placed": {"floe": "red", "stand": 1, "cell": "c1"}, "took": took,
         "used": None, "returned": None, "passed": False},
        {"player": 1, "placed": None, "took": None, "used": "SB12", "returned": "a2",
         "passed": False},
        {"player": 2, "placed": {"floe": "green", "stand": 3, "book": "SB03", "page": "B"},
         "took": None, "used": None, "returned": None, "passed": False},
    ]


def test_a_turn_in_progress_replaces_its_seat_s_older_one() -> None:
    s = played_round()
    stand_with(s, 0, yellow=1)
    act(s, "y1-e1")  # Player 1 again: its placement, no book taken yet
    turns = s.observation(None)["last_turns"]
    assert [t["player"] for t in turns] == [1, 2, 0]
    assert turns[-1]["placed"] == {"floe": "yellow", "stand": 1, "cell": "e1"}
    assert turns[-1]["took"] is None


def test_every_seat_and_a_spectator_see_the_same_last_turns() -> None:
    s = played_round()
    seen = {json.dumps(s.observation(viewer)["last_turns"]) for viewer in (None, 0, 1, 2)}
    assert len(seen) == 1
