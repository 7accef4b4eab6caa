"""Generic checks every game passes; each game's tests call them with its id.

    from wintergames.core import testing
    testing.run_generic_checks("winter-queen", num_players=3, seeds=range(200))

They raise ``AssertionError`` with the seed and step that broke.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from wintergames.core.errors import GameOverError, IllegalActionError, NotYourTurnError
from wintergames.core.registry import get_spec, make
from wintergames.core.replay import replay, state_from_json
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


def check_clone(state: State, rng: random.Random) -> None:
    """A clone is equal, and playing on it never touches the original."""
    before = snapshot(state)
    twin = state.clone()
    assert snapshot(twin) == before, "clone() differs from the original"
    steps = 0
    while not twin.is_over and steps < 5:
        player = twin.to_move[0]
        actions = twin.legal_actions(player)
        twin.apply(actions[rng.randrange(len(actions))], player)
        steps += 1
    assert snapshot(state) == before, "playing on a clone changed the original"


def check_persistence(state: State) -> None:
    """``record()``/``replay()`` and ``to_json()``/``from_json()`` give the same state."""
    truth = snapshot(state)
    record = json.loads(json.dumps(state.record()))
    assert snapshot(replay(record)) == truth, "replay(record()) differs"
    stored = json.loads(json.dumps(state.to_json()))
    assert snapshot(state_from_json(stored)) == truth, "from_json(to_json()) differs"


def check_actions(
    state: State, rng: random.Random, unlisted: int = 5, applied: int | None = None
) -> None:
    """Every listed action applies; unlisted ones raise and change nothing.

    ``applied`` caps how many listed actions are applied (a seeded sample), for games
    whose actions are costly to apply (a flick is a physics simulation); every listed
    action is still round-tripped through its codec, notation and JSON.
    """
    spec = get_spec(state.game_id)
    n = state.num_players
    for player in state.to_move:
        actions = state.legal_actions(player)
        assert actions, f"player {player} is to move but has no legal action"
        assert len(set(actions)) == len(actions), "legal_actions() lists an action twice"
        for action in actions:
            assert spec.decode(spec.encode(action, n, state.options), n, state.options) == action
            assert spec.parse_action(str(action)) == action, f"notation {action} does not parse"
            assert spec.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        chosen = actions if applied is None or len(actions) <= applied else rng.sample(
            actions, applied)
        for action in chosen:
            state.clone().apply(action, player)
        legal = set(actions)
        size = spec.num_distinct_actions(n, state.options)
        before = snapshot(state)
        tried = 0
        for _ in range(unlisted * 20):
            action = spec.decode(rng.randrange(size), n, state.options)
            if action in legal:
                continue
            try:
                state.apply(action, player)
            except IllegalActionError as err:
                assert str(err), "an IllegalActionError must say why"
            else:
                raise AssertionError(f"unlisted action {action} was accepted")
            assert snapshot(state) == before, f"refused action {action} changed the state"
            tried += 1
            if tried >= unlisted:
                break
    for player in range(n):
        if player not in state.to_move:
            try:
                state.apply(spec.decode(0, n, state.options), player)
            except NotYourTurnError:
                continue
            raise AssertionError(f"player {player} acted out of turn")


def check_observations(state: State, rng: random.Random) -> None:
    """Views are JSON and do not change when what the seat cannot see is resampled."""
    spectator = state.observation(None)
    json.dumps(spectator)
    for player in range(state.num_players):
        view = state.observation(player)
        json.dumps(view)
        twin = state.determinize(player, random.Random(rng.random()))
        assert twin.observation(player) == view, f"player {player}'s view leaks hidden state"
        assert twin.observation(None) == spectator, "the spectator view leaks hidden state"
        assert [e.text for e in twin.events_for(player)] == [
            e.text for e in state.events_for(player)
        ]
        if player in state.to_move:
            # A seeded chooser over the seat's legal actions stands in for any bot that
            # reads only what the seat sees: resampling the unseen must not move it.
            seed = rng.randrange(1 << 30)
            mine = random.Random(seed).choice(state.legal_actions(player))
            theirs = random.Random(seed).choice(twin.legal_actions(player))
            assert theirs == mine, "the legal actions depend on hidden state"


def check_hidden_choices(state: State, rng: random.Random) -> None:
    """At a simultaneous step, what one seat sees never depends on another's choice.

    For every pair of seats still to choose, two clones let the other seat choose
    differently; the first seat's view, log, legal actions and the spectator's view must
    be identical while the step is still open.
    """
    if not state.simultaneous:
        return
    movers = state.to_move
    for other in movers:
        choices = state.legal_actions(other)
        if len(choices) < 2:
            continue
        a, b = rng.sample(choices, 2)
        left, right = state.clone(), state.clone()
        left.apply(a, other)
        right.apply(b, other)
        for seat in movers:
            if seat == other or seat not in left.to_move or seat not in right.to_move:
                continue
            where = f"player {seat}'s view after player {other} chose {a} or {b}"
            assert left.observation(seat) == right.observation(seat), where
            assert [e.text for e in left.events_for(seat)] == [
                e.text for e in right.events_for(seat)
            ], where + " (log)"
            assert left.legal_actions(seat) == right.legal_actions(seat), where + " (actions)"
            assert left.observation(None) == right.observation(None), "spectator " + where


def play_checked(
    game_id: str,
    num_players: int,
    seed: int,
    *,
    deep_every: int = 10,
    max_steps: int = 5000,
    applied: int | None = None,
) -> State:
    """One random game with every check on the way; returns the finished state."""
    spec = get_spec(game_id)
    state = make(game_id, num_players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        try:
            assert spec.simultaneous or not state.simultaneous, (
                "a simultaneous step in a game whose GameSpec says it has none")
            if spec.check_invariants is not None:
                spec.check_invariants(state)
            if steps % deep_every == 0:
                check_actions(state, rng, applied=applied)
                check_observations(state, rng)
                check_clone(state, rng)
                check_hidden_choices(state, rng)
        except AssertionError as err:
            where = f"{game_id} {num_players}p seed {seed} step {steps}"
            raise AssertionError(f"{where}: {err}") from err
        player = state.to_move[0]
        actions = state.legal_actions(player)
        state.apply(actions[rng.randrange(len(actions))], player)
        steps += 1
        assert steps < max_steps, f"{game_id} seed {seed}: no end after {max_steps} steps"
    if spec.check_invariants is not None:
        spec.check_invariants(state)
    scores = state.scores()
    assert len(scores) == num_players
    winners = state.winners()
    assert winners and set(winners) <= set(range(num_players)), f"bad winners {winners}"
    assert state.legal_actions() == [] and state.to_move == ()
    try:
        state.apply(spec.decode(0, num_players, state.options), 0)
    except GameOverError as err:
        assert "over" in str(err)
    else:
        raise AssertionError("an action was accepted after the end")
    check_persistence(state)
    return state


def run_generic_checks(
    game_id: str,
    num_players: int,
    seeds: Iterable[int],
    *,
    deep_every: int = 10,
    max_steps: int = 5000,
    applied: int | None = None,
) -> list[State]:
    """``play_checked`` over many seeds; returns the finished games."""
    return [
        play_checked(game_id, num_players, s, deep_every=deep_every, max_steps=max_steps,
                     applied=applied)
        for s in seeds
    ]
