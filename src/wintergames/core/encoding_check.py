"""The generic check of a game's observation encoding (``core.encoding``).

    from wintergames.core.encoding_check import check_observation_encoding
    check_observation_encoding("winter-queen", 3, seeds=range(5))

Over seeded random games, at every step and for every seat, the vector must:

- have the layout's size, be float32 and keep every field within its declared range;
- come out the same when written into a used buffer as into a fresh one;
- leave the observation dict as it was (an encoding reads, it never edits);
- stay the same when everything the seat cannot see is resampled (``determinize``);

and over the games every field must take at least two different contents, unless the
encoding names it constant with a reason: a slice that never moves is a slice that
encodes nothing.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterable, Mapping
from typing import Any

from wintergames.core.encoding import ObservationEncoding, Vector, values_seen
from wintergames.core.events import seat_name
from wintergames.core.registry import get_spec, make
from wintergames.core.state import State


def encoding_for(game_id: str, num_players: int,
                 options: Mapping[str, Any] | None = None) -> ObservationEncoding:
    """The game's encoding at that player count and options (validated)."""
    spec = get_spec(game_id)
    if spec.observation_encoding is None:
        raise AssertionError(f"{spec.title} has no observation encoding on its GameSpec")
    return spec.observation_encoding(num_players, spec.validate(num_players, options))


def check_vector(encoding: ObservationEncoding, state: State, player: int,
                 rng: random.Random, scratch: Vector) -> Vector:
    """One seat's vector at one step, with every per-step check; returns the vector."""
    layout = encoding.layout
    view = state.observation(player)
    # The same view before and after: a pickle is a fraction of a sorted JSON dump and
    # at least as strict (it keeps True, 1 and 1.0 and a list and a tuple apart, and two
    # pickles of one object graph differ only if a container in it was written into).
    before = pickle.dumps(view)
    vector = encoding.encode(view, player)
    assert pickle.dumps(view) == before, "encoding changed the observation"
    assert vector.shape == (layout.size,) and vector.dtype.name == "float32", (
        f"vector of shape {vector.shape} and type {vector.dtype}, not ({layout.size},) float32")
    bad = layout.out_of_range(vector)
    assert not bad, f"{seat_name(player)}'s vector is out of range in {', '.join(bad)}"
    scratch.fill(7.0)
    assert (encoding.encode(view, player, out=scratch) == vector).all(), (
        "encoding into a used buffer differs from a fresh one")
    twin = state.determinize(player, random.Random(rng.random()))
    assert (encoding.encode(twin.observation(player), player) == vector).all(), (
        f"{seat_name(player)}'s vector changes when what it cannot see is resampled")
    return vector


def check_observation_encoding(
    game_id: str,
    num_players: int,
    seeds: Iterable[int],
    *,
    options: Mapping[str, Any] | None = None,
    every: int = 1,
    max_steps: int = 5000,
) -> dict[str, int]:
    """Runs the checks above; returns how many distinct contents each field had."""
    encoding = encoding_for(game_id, num_players, options)
    layout = encoding.layout
    scratch = layout.zeros()
    vectors: list[Vector] = []
    for seed in seeds:
        state = make(game_id, num_players, seed=seed, options=dict(options or {}))
        rng = random.Random(seed)
        steps = 0
        while True:
            if steps % every == 0 or state.is_over:
                for player in range(num_players):
                    try:
                        vectors.append(check_vector(encoding, state, player, rng, scratch))
                    except AssertionError as err:
                        raise AssertionError(
                            f"{game_id} {num_players}p seed {seed} step {steps}: {err}"
                        ) from err
            if state.is_over:
                break
            player = state.to_move[0]
            actions = state.legal_actions(player)
            state.apply(actions[rng.randrange(len(actions))], player)
            steps += 1
            assert steps < max_steps, f"{game_id} seed {seed}: no end after {max_steps} steps"
    seen = values_seen(layout, vectors)
    still = sorted(name for name, n in seen.items() if n < 2 and name not in encoding.constant)
    assert not still, (
        f"{game_id} {num_players}p: fields that never changed over the games: "
        f"{', '.join(still)} (encode something, or name them constant with a reason)")
    return seen
