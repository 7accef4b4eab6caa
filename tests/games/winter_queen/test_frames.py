"""A turn's second choice (a book after a placement, a floe back after a two-floe book) as
a frame of ``core.frames`` (issue 38), saved as the phase and zone it always was."""

from __future__ import annotations

from tests.games.winter_queen.helpers import act, blank, give_book, stand_with
from wintergames.games.winter_queen import rules
from wintergames.games.winter_queen.state import WinterQueenState


def test_a_placement_opens_the_book_choice_of_its_zone_and_the_answer_closes_it() -> None:
    s = blank(3)
    stand_with(s, 0, red=2)
    act(s, "r1-c1")  # the red province: zone 0
    assert s.pending == (rules.BookChoice(zone=0),)
    saved = s.to_json()["state"]
    assert (saved["phase"], saved["pending_zone"]) == (rules.TAKE_BOOK, 0)
    assert s.observation(1)["phase"] == "take-book"
    act(s, "take none")
    assert s.pending == () and s.to_json()["state"]["pending_zone"] == -1


def test_an_open_choice_reads_back_from_a_save_of_either_age() -> None:
    s = blank(3)
    stand_with(s, 0, red=2)
    act(s, "r1-c1")
    back = WinterQueenState.from_json(s.to_json())
    assert back.pending == s.pending and back.legal_actions() == s.legal_actions()
    assert back.decision(0) == s.decision(0)


def test_using_a_book_with_two_floes_opens_the_floe_return() -> None:
    s = blank(3)
    stand_with(s, 0, red=2)
    act(s, "r1-c1")
    act(s, "take none")
    s.current = 0
    book = s.stacks[1][-1]
    give_book(s, 0, rules._BOOK_IDS[book], "red", "red")
    act(s, f"use {rules._BOOK_IDS[book]}")
    assert s.pending == (rules.FloeReturn(),)
    assert s.to_json()["state"]["phase"] == rules.RETURN_FLOE
    back = WinterQueenState.from_json(s.to_json())
    assert back.pending == (rules.FloeReturn(),) and back.legal_actions() == s.legal_actions()
