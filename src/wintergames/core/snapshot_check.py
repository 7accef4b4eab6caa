"""Reading a state snapshot (``State.to_json``) back, checked before anyone plays on it.

A snapshot comes from a file or a client, so it may be damaged anywhere: a field
missing or of the wrong kind, a number out of range, a card lost from a list. Each of
those would load and then fail (or, worse, play on) far from the cause. Here it is
refused when it is read, with ``InvalidStateError`` naming what is wrong:

1. the record around the state: format, game, seats of the actions, seed, player
   count and options, each by the check every other entrance uses;
2. the shape of the game's own fields, against a fresh game of the same setup: the
   same fields, each of the same JSON kind (``None`` stands for anything);
3. the game's own reading of the fields (``GameSpec.state_from_json``);
4. the game's invariants (``GameSpec.check_invariants``: ranges, every component in
   exactly one place);
5. the questions every caller asks at once: who moves, what they may do, the scores
   and every seat's view.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from wintergames.core.errors import InvalidStateError, WintergamesError, excerpt
from wintergames.core.registry import get_spec
from wintergames.core.spec import GameSpec
from wintergames.core.state import State

# What a damaged field makes the game's code raise while it is read or first used.
_DAMAGE = (LookupError, TypeError, ValueError, AttributeError, AssertionError, ArithmeticError)


def load_checked(spec: GameSpec, obj: dict[str, Any]) -> State:
    """The state of snapshot ``obj`` (whose record part is already checked), or
    ``InvalidStateError``; ``obj`` itself is never changed."""
    _check_setup(spec, obj)
    _check_shape(spec, obj)
    try:
        state = spec.state_from_json(obj)
    except _DAMAGE as err:
        raise InvalidStateError(f"the {spec.title} snapshot cannot be read: {_said(err)}") from err
    _check_loaded(spec, state)
    return state


def _check_setup(spec: GameSpec, obj: dict[str, Any]) -> None:
    if not isinstance(obj["options"], dict):
        raise InvalidStateError(
            f"the snapshot's options are a JSON object naming every option, "
            f"not {excerpt(obj['options'])}")
    try:
        options = spec.validate(obj["num_players"], obj["options"])
    except WintergamesError as err:
        raise InvalidStateError(f"the snapshot's setup: {err}") from err
    if options != obj["options"]:
        missing = sorted(set(options) - set(obj["options"]))
        raise InvalidStateError(
            f"the snapshot's options lack {', '.join(missing)}: a snapshot names every "
            "option, as the game was set up" if missing else
            f"the snapshot's options are not as the game reads them: {excerpt(obj['options'])}")
    for name, kind in (("rng", list), ("log", list), ("state", dict)):
        if not isinstance(obj.get(name), kind):
            raise InvalidStateError(
                f"the snapshot's {name!r} is a JSON {_KIND_WORDS[kind]}, "
                f"not {excerpt(obj.get(name))}")


def _check_shape(spec: GameSpec, obj: dict[str, Any]) -> None:
    fields: dict[str, Any] = obj["state"]
    reference = _reference(spec.id, obj["num_players"], json.dumps(obj["options"], sort_keys=True))
    missing = sorted(set(reference) - set(fields))
    extra = sorted(set(fields) - set(reference))
    if missing or extra:
        said = [f"lacks {_first(missing)}" if missing else "",
                f"has no field {_first([excerpt(k, 30) for k in extra])}" if extra else ""]
        raise InvalidStateError(
            f"the {spec.title} snapshot's state {' and '.join(s for s in said if s)}")
    for name, kinds in reference.items():
        value = fields[name]
        top, inner = kinds
        if value is None or top is None:
            continue
        if _kind(value) != top:
            raise InvalidStateError(
                f"the {spec.title} snapshot's {name!r} is a {_word(top)}, not {excerpt(value)}")
        if inner and isinstance(value, list):
            for i, item in enumerate(value):
                if item is not None and _kind(item) not in inner:
                    raise InvalidStateError(
                        f"the {spec.title} snapshot's {name}[{i}] is a "
                        f"{' or '.join(sorted(_word(k) for k in inner))}, not {excerpt(item)}")


def _check_loaded(spec: GameSpec, state: State) -> None:
    step = "its invariants"
    try:
        if spec.check_invariants is not None:
            spec.check_invariants(state)
        step = "who moves"
        movers = state.to_move
        if any(isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < state.num_players
               for p in movers):
            raise InvalidStateError(f"the {spec.title} snapshot has seats {movers} to move")
        for player in movers:
            step = f"what seat {player} may do"
            if not state.legal_actions(player):
                raise InvalidStateError(
                    f"the {spec.title} snapshot has seat {player} to move with nothing to do")
        step = "the scores"
        if len(state.scores()) != state.num_players:
            raise InvalidStateError(f"the {spec.title} snapshot scores the wrong number of seats")
        for seat in (*range(state.num_players), None):
            step = f"the view of {'a spectator' if seat is None else f'seat {seat}'}"
            state.observation(seat)
    except _DAMAGE as err:
        if isinstance(err, InvalidStateError):
            raise
        raise InvalidStateError(
            f"the {spec.title} snapshot is damaged ({step}: {_said(err)})") from err


@lru_cache(maxsize=64)
def _reference(game_id: str, num_players: int, options: str) -> dict[str, Any]:
    """Each field of a fresh game of this setup: its JSON kind and its items' kinds."""
    fields = get_spec(game_id).new_state(num_players, 0, json.loads(options))._state_json()
    return {name: _kinds(value) for name, value in fields.items()}


def _kinds(value: Any) -> tuple[str | None, frozenset[str]]:
    inner = frozenset(_kind(v) for v in value if v is not None) \
        if isinstance(value, list) else frozenset()
    return (None if value is None else _kind(value)), inner


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, list | tuple):
        return "list"
    return type(value).__name__


def _first(names: list[str], most: int = 4) -> str:
    more = f" (and {len(names) - most} more)" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _word(kind: str) -> str:
    return {"str": "text", "dict": "JSON object"}.get(kind, kind)


_KIND_WORDS: dict[type, str] = {list: "list", dict: "object"}


def _said(err: BaseException) -> str:
    """What a low-level error says, in a line: a KeyError quotes only the key."""
    if isinstance(err, KeyError):
        return f"missing {excerpt(err.args[0] if err.args else '')}"
    text = str(err) or type(err).__name__
    return text if len(text) <= 200 else text[:200] + "…"

