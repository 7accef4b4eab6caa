"""Messages a person reads count seats from 1, as the log does ("Player 1")."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.core.testing import snapshot


def test_acting_out_of_turn_names_the_seats_from_one() -> None:
    state = wg.make("winter-queen", 2, seed=3)
    (mover,) = state.to_move
    other = 1 - mover
    before = snapshot(state)
    with pytest.raises(wg.NotYourTurnError) as refused:
        state.apply(state.legal_actions(mover)[0], other)
    assert str(refused.value) == (
        f"it is not Player {other + 1}'s turn; waiting for Player {mover + 1}")
    assert snapshot(state) == before


def test_a_bot_asked_out_of_turn_names_the_seat_from_one() -> None:
    state = wg.make("winter-queen", 2, seed=3)
    other = 1 - state.to_move[0]
    with pytest.raises(wg.NotYourTurnError,
                       match=rf"^Player {other + 1} has no decision to make now$"):
        wg.bots.make("random", seed=1).choose(state, other)
