"""Winter Queen (CrowD Games): lay out magic ice patterns for the Winter Queen.

2-4 players. Rulebook: ``shared/rulebooks/winter-queen.txt``; interpretations and
reconstructed components: ``docs/rules/winter-queen.md``.
"""

from __future__ import annotations

from typing import Any

from wintergames.core.spec import GameSpec, OptionSpec
from wintergames.games.winter_queen import heuristic, rules
from wintergames.games.winter_queen.actions import CODEC, NOTATION_HELP
from wintergames.games.winter_queen.layout import layout
from wintergames.games.winter_queen.state import WinterQueenState, check_components
from wintergames.games.winter_queen.text import render

MAX_PLAYERS = 4


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> WinterQueenState:
    return WinterQueenState(num_players, seed, options)


SPEC = GameSpec(
    id="winter-queen",
    title="Winter Queen",
    min_players=2,
    max_players=MAX_PLAYERS,
    summary="Place ice floes in patterns, fill spellbooks and score their effects.",
    new_state=_new,
    state_from_json=WinterQueenState.from_json,
    codec=CODEC,
    options=(
        OptionSpec(
            "first_player",
            default="random",
            description="seat that holds the Winter Queen token and plays first: "
            "'random' (setup step 8, drawn from the game's seed) or a seat number",
            choices=rules.first_player_choices(MAX_PLAYERS),
            choices_for=rules.first_player_choices,
            limited_by="setup step 8: the token goes to one of the players",
        ),
    ),
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    check_invariants=check_components,
)

__all__ = ["SPEC", "WinterQueenState"]
