"""Generic checks that bad input at the public API is refused, and refused cleanly.

Every game is held to the same table: seats that are no seats (a text, a float, a bool,
a number out of range), seeds that are no seeds, and snapshots damaged in every field
the game writes. Each must raise a project error (``WintergamesError``) and change
nothing: neither the state asked nor the object handed in.

    from wintergames.core import testing_refusals
    testing_refusals.check_refusals(state)   # any position of any game

They raise ``AssertionError`` saying which input got through, and how.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable, Iterator
from typing import Any

from wintergames.core.errors import (
    InvalidOptionError,
    InvalidSeatError,
    ReplayError,
    WintergamesError,
)
from wintergames.core.registry import make
from wintergames.core.replay import replay, state_from_json
from wintergames.core.rng import SEED_LIMIT
from wintergames.core.state import State

# A damage: what it does, in words, and a function that applies it to a snapshot copy.
Damage = tuple[str, Callable[[dict[str, Any]], None]]

BAD_SEEDS: tuple[object, ...] = ("abc", "7", 1.5, 7.0, -1, SEED_LIMIT, 2 ** 200, True, [7])
_FAR = 10 ** 9  # a number no counter, seat or index of any game reaches


def bad_seats(num_players: int) -> tuple[object, ...]:
    """Values that must never be taken for a seat of a ``num_players`` game."""
    return ("0", "x", 1.0, 0.0, True, False, -1, num_players, num_players + 7, 2 ** 70, [0])


def check_refusals(state: State, extra: tuple[Damage, ...] = ()) -> None:
    """Bad seats, bad seeds and damaged snapshots (the generic table and ``extra``, the
    game's own) are each refused with a project error; ``state`` stays as it was."""
    before = json.dumps(state.to_json(), sort_keys=True)
    check_bad_seats(state)
    assert json.dumps(state.to_json(), sort_keys=True) == before, \
        "a refused seat changed the state"
    check_bad_seeds(state)
    check_damaged_snapshots(state, extra)
    assert json.dumps(state.to_json(), sort_keys=True) == before, \
        "reading a damaged snapshot of the state changed the state"


def check_bad_seats(state: State) -> None:
    """``apply``, ``legal_actions``, ``observation`` and ``events_for`` refuse every bad
    seat with ``InvalidSeatError``."""
    action = None
    if state.to_move:
        action = state.legal_actions(state.to_move[0])[0]
    for seat in bad_seats(state.num_players):
        calls: list[tuple[str, Callable[[], object]]] = [
            ("legal_actions", lambda s=seat: state.legal_actions(s)),  # type: ignore[misc]
            ("observation", lambda s=seat: state.observation(s)),  # type: ignore[misc]
            ("events_for", lambda s=seat: state.events_for(s)),  # type: ignore[misc]
        ]
        if action is not None:
            calls.append(("apply", lambda s=seat: state.apply(action, s)))  # type: ignore[misc]
        for name, call in calls:
            _expect(InvalidSeatError, f"{name}({seat!r})", call)


def check_bad_seeds(state: State) -> None:
    """``make`` refuses every bad seed with ``InvalidOptionError`` and a record holding
    one with ``ReplayError``; the highest seed makes a game that replays."""
    game, n, options = state.game_id, state.num_players, state.options
    for seed in BAD_SEEDS:
        _expect(InvalidOptionError, f"make(seed={seed!r})",
                lambda s=seed: make(game, n, seed=s, options=options))  # type: ignore[misc]
        record = {**state.record(), "seed": seed}
        _expect(ReplayError, f"replay of a record with seed {seed!r}",
                lambda r=record: replay(r))  # type: ignore[misc]
    top = make(game, n, seed=SEED_LIMIT - 1, options=options)
    assert replay(top.record()).to_json() == top.to_json(), "the highest seed does not replay"


def check_damaged_snapshots(state: State, extra: tuple[Damage, ...] = ()) -> None:
    """Each damage of ``state.to_json()`` is refused by ``state_from_json`` with
    ``ReplayError`` (``InvalidStateError`` for the state's fields), and the damaged
    object is left as it was handed in."""
    # The snapshot as a reader gets it (JSON values only), serialized once: each damage
    # works on a fresh copy of it. Pickles, not JSON texts, because the snapshot of a
    # finished game holds its whole log and actions and these run a hundred times at
    # once; a pickle costs a fraction of a sorted JSON dump and is at least as strict a
    # witness of "unchanged": it keeps True, 1 and 1.0 and a list and a tuple apart, and
    # two pickles of one object graph are equal bytes unless a container in it changed.
    whole = json.loads(json.dumps(state.to_json()))
    # A damage elsewhere than in the log does not depend on how long the log is (nothing
    # reads the log against the actions), so only the log's own damages copy the whole of
    # it: a finished game's log of phrases is most of its snapshot.
    pristine = {True: pickle.dumps(whole),
                False: pickle.dumps({**whole, "log": whole["log"][-3:]})}
    for what, damage in (*generic_damages(state), *extra):
        obj = pickle.loads(pristine[what.startswith("log")])
        damage(obj)
        handed = pickle.dumps(obj)
        _expect(ReplayError, f"a snapshot whose {what}", lambda o=obj: state_from_json(o))  # type: ignore[misc]
        assert pickle.dumps(obj) == handed, \
            f"reading a snapshot whose {what} changed the object handed in"


def generic_damages(state: State) -> Iterator[Damage]:
    """The damages every game's snapshot is refused for: the record's parts, then every
    field of the game's own state (gone, of another kind, and numbers out of any range)."""
    n = state.num_players
    yield "format is wrong", lambda o: o.update(format="wintergames-replay")
    yield "game is unknown", lambda o: o.update(game="chess")
    yield "seed is text", lambda o: o.update(seed="abc")
    yield "seed is negative", lambda o: o.update(seed=-1)
    yield "player count is 0", lambda o: o.update(num_players=0)
    yield "player count is a text", lambda o: o.update(num_players=str(n))
    yield "options are a list", lambda o: o.update(options=[])
    yield "options name no option", lambda o: o["options"].update(no_such_option=1)
    yield "options lack one", lambda o: o["options"].pop(next(iter(o["options"])), None) \
        if o["options"] else o.update(options=None)
    yield "rng is a text", lambda o: o.update(rng="x")
    yield "rng is cut short", lambda o: o.update(rng=o["rng"][:1])
    yield "log is a text", lambda o: o.update(log="x")
    yield "log holds no event", lambda o: o["log"].append({})
    if state.messages is not None:
        yield "log holds a phrase of no message", lambda o: o["log"].append(
            {"text": "x", "said": {"msg": "no-such-message", "args": {}, "rule": "x"}})
        yield "log holds a phrase with a field missing", lambda o: o["log"].append(
            {**o["log"][0], "said": {**o["log"][0]["said"], "args": {}}})
    yield "actions are a text", lambda o: o.update(actions="x")
    yield "actions name no seat", lambda o: o["actions"].append([n, o["actions"][0][1]]) \
        if o["actions"] else o["actions"].append([n, {}])
    yield "actions hold no action", lambda o: o["actions"].append([0, {"kind": "no-such-kind"}])
    yield "state is a list", lambda o: o.update(state=[])
    yield "state has an unknown field", lambda o: o["state"].update(no_such_field=1)
    fields = state.to_json()["state"]
    for name, value in fields.items():
        yield f"{name!r} is gone", lambda o, k=name: o["state"].pop(k)  # type: ignore[misc]
        yield (f"{name!r} is of another kind",
               lambda o, k=name, v=value: o["state"].update({k: _other_kind(v)}))  # type: ignore[misc]
        if isinstance(value, int) and not isinstance(value, bool):
            for far in (_FAR, -_FAR):
                yield (f"{name!r} is {far}",
                       lambda o, k=name, f=far: o["state"].update({k: f}))  # type: ignore[misc]


def _other_kind(value: object) -> object:
    """A value of another JSON kind than ``value`` (never ``None``, which some fields
    legitimately hold)."""
    if isinstance(value, str):
        return 7
    if isinstance(value, list | tuple | dict):
        return "not a list" if not isinstance(value, dict) else [1, 2]
    return "not a number"


def _expect(error: type[WintergamesError], what: str, call: Callable[[], object]) -> None:
    try:
        call()
    except error:
        return
    except Exception as err:  # reported as the failure it is
        raise AssertionError(
            f"{what} raised {type(err).__name__}: {err}; expected {error.__name__}") from err
    raise AssertionError(f"{what} was accepted; expected {error.__name__}")
