"""Winterborne (Talon Strikes Studios): a year in the life of a kingdom, deck building on
a rondel; 1-4 players, solo against the Balaur.

Rulebook: ``shared/rulebooks/winterborne.txt``; interpretations and reconstructed
components: ``docs/rules/winterborne.md``.
"""

from __future__ import annotations

from typing import Any

from wintergames.core.spec import GameSpec, OptionSpec
from wintergames.games.winterborne import heuristic, setup
from wintergames.games.winterborne.actions import CODEC, NOTATION_HELP
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.layout import layout
from wintergames.games.winterborne.state import WinterborneState, check_components
from wintergames.games.winterborne.text import render

MAX_PLAYERS = 4


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> WinterborneState:
    return WinterborneState(num_players, seed, options)


def _solo_only(num_players: int) -> tuple[str, ...]:
    return tuple(WB.difficulties) if num_players == 1 else ("medium",)


SPEC = GameSpec(
    id="winterborne",
    title="Winterborne",
    min_players=1,
    max_players=MAX_PLAYERS,
    summary="Move your shaman, explorer and warrior round your kingdom with cards; conquer, "
    "build, trade and explore through four seasons (solo: against the Balaur).",
    new_state=_new,
    state_from_json=WinterborneState.from_json,
    codec=CODEC,
    options=(
        OptionSpec(
            "banners",
            default=setup.FIRST_GAME,
            description="banner sets in the exploration deck, as many as the season board's "
            "chart gives for the player count: 'first-game' (the rulebook's recommendation, "
            "from Mask, Book and Rune), 'random', or the sets joined by '+' in box order "
            f"({', '.join(setup.BANNERS)})",
            choices=setup.all_banner_choices(),
            choices_for=setup.banner_choices,
            limited_by="the season board's chart fixes the number of banner sets",
        ),
        OptionSpec(
            "difficulty",
            default="medium",
            description="the solo game's difficulty: the Balaur's base score and the number "
            "of objectives (easy 40 / 3, medium 50 / 4, hard 60 / 5)",
            choices=tuple(WB.difficulties),
            choices_for=_solo_only,
            limited_by="only the solo game has a difficulty",
        ),
        OptionSpec("mercenary", default=False, kind=bool,
                   description="shuffle a mercenary card into every starting deck"),
        OptionSpec("promo_wylds", default=False, kind=bool,
                   description="add the promotional Wylds cards to those drawn at random"),
        OptionSpec("round_power", default=False, kind=bool,
                   description="each winter round's power (act with the round's character "
                   "without moving) is open to every player"),
        OptionSpec(
            "first_player",
            default="random",
            description="who plays first: 'random' (drawn from the game's seed) or a seat",
            choices=setup.first_player_choices(MAX_PLAYERS),
            choices_for=setup.first_player_choices,
            limited_by="the first player is one of the players",
        ),
    ),
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    par=heuristic.par,
    check_invariants=check_components,
)

__all__ = ["SPEC", "WinterborneState"]
