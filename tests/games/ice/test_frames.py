"""ICE's open decisions as typed frames (issue 38): saved as the ints they always were, so
games saved before frames were classes load unchanged; read back equal."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.games.ice import decision_positions as at
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import PLACES
from wintergames.games.ice.state import IceState

POSITIONS: list[Callable[[], IceState]] = [
    at.follow, at.whistle_count, at.collect, at.prism_slot, at.leader_to, at.validation,
    at.pay, at.caravan]


def test_a_saved_frame_is_code_seat_then_its_arguments() -> None:
    s = at.follow()
    saved = s.to_json()["state"]["pending"]
    # FOLLOW (2), seat 0, from T27, up to 3, nothing after: the shape of older saves
    assert saved == [[2, 0, PLACES.index("T27"), 3, 0]]
    caravan = at.caravan().to_json()["state"]["pending"][-1]
    assert caravan[:3] == [16, 0, 13]  # LOGBOOK, seat 0, the Merchant Caravan's question


@pytest.mark.parametrize("position", POSITIONS, ids=lambda f: f.__name__)
def test_every_open_stack_reads_back_equal(position: Callable[[], IceState]) -> None:
    s = position()
    back = IceState.from_json(s.to_json())
    assert back.pending == s.pending and all(type(a) is type(b)
                                             for a, b in zip(back.pending, s.pending, strict=True))
    assert back.legal_actions(back.to_move[0]) == s.legal_actions(s.to_move[0])


def test_a_state_saved_with_tuples_of_ints_loads() -> None:
    """A record written before frames were classes: the same ints, read as frames."""
    s = at.pay()
    data = s.to_json()
    data["state"]["pending"] = [list(f) for f in data["state"]["pending"]]  # plain lists
    back = IceState.from_json(data)
    assert isinstance(back.pending[-1], fr.Pay) and back.pending == s.pending


def test_a_frame_cannot_be_changed_in_place() -> None:
    frame = at.follow().pending[-1]
    assert isinstance(frame, fr.Follow)
    with pytest.raises(AttributeError):
        frame.most = 9  # type: ignore[misc]
