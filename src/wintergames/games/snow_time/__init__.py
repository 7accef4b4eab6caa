"""Snow Time (Lui-Meme): a treetop snowball fight played with simultaneous cards.

3-5 players, and a two-player variant in which each seat runs two colours. Rulebook:
``shared/rulebooks/snow-time.txt``; interpretations and reconstructed components:
``docs/rules/snow-time.md``.
"""

from __future__ import annotations

from typing import Any

from wintergames.core.spec import GameSpec
from wintergames.games.snow_time import heuristic
from wintergames.games.snow_time.actions import CODEC, NOTATION_HELP
from wintergames.games.snow_time.layout import layout
from wintergames.games.snow_time.state import SnowTimeState, check_components
from wintergames.games.snow_time.text import render


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> SnowTimeState:
    return SnowTimeState(num_players, seed, options)


SPEC = GameSpec(
    id="snow-time",
    title="Snow Time",
    min_players=2,
    max_players=5,
    summary="Everyone plays a card at once; climb the tree, fight, eat fruit, race to the end "
    "(2 players: two colours each).",
    new_state=_new,
    state_from_json=SnowTimeState.from_json,
    codec=CODEC,
    simultaneous=True,
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    check_invariants=check_components,
)

__all__ = ["SPEC", "SnowTimeState"]
