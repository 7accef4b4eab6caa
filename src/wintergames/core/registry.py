"""The registry of games: ``make``, ``available_games``, ``get_spec``.

Each game package exposes a ``SPEC``; the registry imports it on first use, so
importing ``wintergames`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import Any

from wintergames.core.errors import UnknownGameError
from wintergames.core.rng import check_seed
from wintergames.core.spec import GameSpec
from wintergames.core.state import State

# One line per game: adding a game touches its own folder and this table.
_GAME_MODULES: dict[str, str] = {
    "ice": "wintergames.games.ice",
    "icecool-wizards": "wintergames.games.icecool_wizards",
    "snow-time": "wintergames.games.snow_time",
    "winterborne": "wintergames.games.winterborne",
    "winter-queen": "wintergames.games.winter_queen",
}

_loaded: dict[str, GameSpec] = {}


def get_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id`` or ``UnknownGameError`` listing the known ids."""
    spec = _loaded.get(game_id)
    if spec is not None:
        return spec
    module = _GAME_MODULES.get(game_id)
    if module is None:
        known = ", ".join(sorted(_GAME_MODULES))
        raise UnknownGameError(f"no game {game_id!r}; available: {known}")
    spec = importlib.import_module(module).SPEC
    _loaded[game_id] = spec
    return spec


def available_games() -> list[GameSpec]:
    """Every registered game's spec, in id order."""
    return [get_spec(game_id) for game_id in sorted(_GAME_MODULES)]


def make(
    game_id: str,
    num_players: int,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
) -> State:
    """A new game of ``game_id``.

    >>> import wintergames as wg
    >>> state = wg.make("winter-queen", num_players=3, seed=7)
    >>> state.to_move
    (0,)
    """
    spec = get_spec(game_id)
    full = spec.validate(num_players, options)
    return spec.new_state(num_players, None if seed is None else check_seed(seed), full)
