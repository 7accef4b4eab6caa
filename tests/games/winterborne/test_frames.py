"""Winterborne's open decisions as typed frames (issue 38): each kind in one class, saved
as the ints it always was, so games saved before frames were classes load unchanged."""

from __future__ import annotations

from tests.games.winterborne.scenario import act, new, set_hand
from wintergames.games.winterborne.moving import Move
from wintergames.games.winterborne.specials import Act
from wintergames.games.winterborne.state import WinterborneState


def test_a_saved_frame_is_its_code_then_its_arguments() -> None:
    s = new(2)
    set_hand(s, 0, "T1", "SHA1")
    act(s, "T1 S")
    assert s.pending == (Move(figure=0, character=0),)
    assert s.to_json()["state"]["pending"] == [[2, 0, 0]]  # MOVE, shaman, shaman's hex
    act(s, "SHA1 m2")
    assert s.to_json()["state"]["pending"] == [[4, 0, 0]]  # ACT, shaman, shaman


def test_an_open_stack_reads_back_equal_and_answers_alike() -> None:
    s = new(2)
    set_hand(s, 0, "T1", "SHA1")
    act(s, "T1 S")
    act(s, "SHA1 m2")
    back = WinterborneState.from_json(s.to_json())
    assert back.pending == s.pending and isinstance(back.pending[-1], Act)
    assert back.legal_actions(0) == s.legal_actions(0)
    assert back.decision(0) == s.decision(0)
