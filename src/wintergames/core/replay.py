"""Rebuilding games from replay records and state snapshots."""

from __future__ import annotations

from typing import Any

from wintergames.core.errors import (
    InvalidOptionError,
    InvalidSeatError,
    InvalidStateError,
    ReplayError,
    WintergamesError,
    excerpt,
)
from wintergames.core.events import seat_name
from wintergames.core.registry import get_spec, make
from wintergames.core.rng import check_seed
from wintergames.core.seats import check_seat
from wintergames.core.snapshot_check import load_checked
from wintergames.core.state import RECORD_FORMAT, RECORD_VERSION, State

_REQUIRED = ("game", "num_players", "seed", "options", "actions")


def _check_record(record: Any, fmt: str) -> None:
    if not isinstance(record, dict):
        raise ReplayError(f"a {fmt} record is a JSON object, not {type(record).__name__}")
    if record.get("format") != fmt:
        raise ReplayError(f"expected format {fmt!r}, found {record.get('format')!r}")
    if record.get("version") != RECORD_VERSION:
        raise ReplayError(
            f"record version {record.get('version')!r} is not supported; expected {RECORD_VERSION}"
        )
    missing = [k for k in _REQUIRED if k not in record]
    if missing:
        raise ReplayError(f"record lacks {', '.join(missing)}")
    try:
        check_seed(record["seed"])
    except InvalidOptionError as err:
        raise ReplayError(f"the record's seed: {err}") from None
    actions, players = record["actions"], record["num_players"]
    if not isinstance(actions, list):
        raise ReplayError(f"the record's actions are a list of [seat, action] pairs, "
                          f"not {excerpt(actions)}")
    if isinstance(players, bool) or not isinstance(players, int) or players < 1:
        raise ReplayError(f"the record's num_players is a whole number of players, "
                          f"not {excerpt(players)}")
    for index, step in enumerate(actions):
        if not isinstance(step, list | tuple) or len(step) != 2:
            raise ReplayError(f"action {index} is not a [seat, action] pair: {excerpt(step)}")
        try:
            check_seat(step[0], players)
        except InvalidSeatError as err:
            raise ReplayError(f"action {index} of the record: {err}") from None


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """The game of ``record`` after its first ``upto`` actions (all by default)."""
    _check_record(record, RECORD_FORMAT)
    try:
        state = make(record["game"], record["num_players"], record["seed"], record["options"])
        spec = get_spec(record["game"])
        steps = record["actions"] if upto is None else record["actions"][:upto]
        for index, (player, obj) in enumerate(steps):
            try:
                state.apply(spec.action_from_json(obj), player)
            except WintergamesError as err:
                raise ReplayError(
                    f"action {index} ({obj!r} by {seat_name(player)}): {err}") from err
    except ReplayError:
        raise
    except (WintergamesError, TypeError, ValueError) as err:
        raise ReplayError(f"record does not replay: {err}") from err
    return state


def state_from_json(obj: dict[str, Any]) -> State:
    """The state saved by ``State.to_json``; a damaged snapshot raises
    ``InvalidStateError`` (a ``ReplayError``) saying what is wrong, and changes nothing."""
    _check_record(obj, "wintergames-state")
    try:
        spec = get_spec(obj["game"])
    except WintergamesError as err:  # an unknown game, or no text at all
        raise InvalidStateError(f"the snapshot's game: {err}") from None
    return load_checked(spec, obj)
