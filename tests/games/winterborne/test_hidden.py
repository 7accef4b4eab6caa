"""What another seat's determinization deals a seat in the middle of its move."""

from __future__ import annotations

import random

import wintergames as wg
from wintergames.games.winterborne.moving import CIRCLE, Move
from wintergames.games.winterborne.state import WinterborneState


def mid_move_positions(count: int) -> list[WinterborneState]:
    """Seeded random 4-player games, stopped where the seat to move owes a movement
    circle after a hex, holds one card (hidden from the others) and no spoils, and no
    card of its deck has a circle: most hands dealt from its hand and deck together
    would leave it without a legal action."""
    found: list[WinterborneState] = []
    seed = 0
    while len(found) < count:
        state = wg.make("winterborne", 4, seed=seed)
        assert isinstance(state, WinterborneState)
        rng = random.Random(seed)
        while not state.is_over and len(found) < count:
            p = state.to_move[0]
            if state.pending and isinstance(state.pending[-1], Move) \
                    and len(state.hand[p]) == 1 and not state.spoils[p] \
                    and not any(CIRCLE[c] for c in state.deck[p]) and state.deck[p]:
                found.append(state.clone())
            actions = state.legal_actions(p)
            state.apply(actions[rng.randrange(len(actions))], p)
        seed += 1
    return found


def test_the_other_seat_never_deals_a_seat_in_mid_move_a_hand_that_cannot_finish_it() -> None:
    """It saw the hex played, so it knows the hand holds a way to move: every world it
    imagines gives the seat to move a legal action, and keeps what it sees."""
    for state in mid_move_positions(10):
        mover = state.to_move[0]
        for other in range(4):
            if other == mover:
                continue
            for k in range(5):
                world = state.determinize(other, random.Random(k))
                assert world.legal_actions(mover), f"seed {state.seed}: a dead world"
                assert world.observation(other) == state.observation(other)
                assert sorted(world.hand[mover] + world.deck[mover]) == \
                    sorted(state.hand[mover] + state.deck[mover])
