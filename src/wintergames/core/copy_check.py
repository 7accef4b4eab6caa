"""Generic checks that a game's copies are exact and independent: ``clone()`` and
``determinizer()`` (``core.testing`` runs them along every checked game)."""

from __future__ import annotations

import json
import random

from wintergames.core.events import seat_name
from wintergames.core.state import State


def snapshot(state: State) -> tuple[object, ...]:
    """The whole truth of a state as one comparable (and immutable) value.

    The same content as ``to_json()``, but the log, history and RNG are compared as the
    immutable values they are, which keeps thousands of snapshots per test cheap.
    """
    return (
        state.game_id,
        state.num_players,
        state.seed,
        json.dumps(state.options, sort_keys=True),
        json.dumps(state._state_json(), sort_keys=True),
        tuple(state.log),
        tuple(state.history),
        state._rng.getstate(),
    )


def play_on(state: State, rng: random.Random, most: int) -> None:
    """Up to ``most`` random legal actions on ``state``; the seat to move always has one."""
    for _ in range(most):
        if state.is_over:
            return
        player = state.to_move[0]
        actions = state.legal_actions(player)
        assert actions, f"{seat_name(player)} is to move with no legal action"
        state.apply(actions[rng.randrange(len(actions))], player)


def check_clone(state: State, rng: random.Random) -> None:
    """A clone is equal, and playing on it never touches the original."""
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before, "clone() differs from the original"
    play_on(twin, rng, 5)
    assert snapshot(state) == before, "playing on a clone changed the original"


def check_determinizer(state: State, rng: random.Random) -> None:
    """``determinizer(p)`` draws what ``determinize(p, ...)`` does with the same RNG, and
    neither the state nor a later draw shares anything with a world played on."""
    before = snapshot(state)
    for player in range(state.num_players):
        draw = state.determinizer(player)
        seeds = (rng.randrange(1 << 30), rng.randrange(1 << 30))
        world = draw(random.Random(seeds[0]))
        assert snapshot(world) == snapshot(state.determinize(player, random.Random(seeds[0]))), \
            f"determinizer({player}) draws another world than determinize({player})"
        play_on(world, rng, 3)
        assert snapshot(draw(random.Random(seeds[1]))) == snapshot(
            state.determinize(player, random.Random(seeds[1]))), \
            f"a world of determinizer({player}) played on changed its later draws"
    assert snapshot(state) == before, "determinizer() changed the state"


__all__ = ["check_clone", "check_determinizer", "snapshot"]
