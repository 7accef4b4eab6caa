"""ICE (Second Edition, This Way): lead a guild's expedition for four Days, excavating a
layered ice board for Artifacts to answer the City's Requests; 2-5 players.

Rulebook: ``shared/rulebooks/ice.txt``; interpretations and reconstructed components:
``docs/rules/ice.md``.
"""

from __future__ import annotations

from typing import Any

from wintergames.core.spec import GameSpec, OptionSpec
from wintergames.games.ice import heuristic, setup
from wintergames.games.ice.actions import CODEC, NOTATION_HELP
from wintergames.games.ice.conservation import check
from wintergames.games.ice.layout import layout
from wintergames.games.ice.state import IceState
from wintergames.games.ice.text import render

MAX_PLAYERS = 5


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> IceState:
    return IceState(num_players, seed, options)


def _check(state: Any) -> None:
    assert isinstance(state, IceState)
    check(state)


SPEC = GameSpec(
    id="ice",
    title="ICE",
    min_players=2,
    max_players=MAX_PLAYERS,
    summary="Lead an expedition into the ice for four Days: excavate layer by layer, move "
    "your Archaeologists, collect Artifacts and answer the City's Requests.",
    new_state=_new,
    state_from_json=IceState.from_json,
    codec=CODEC,
    options=(
        OptionSpec("first_game", default=False, kind=bool,
                   description="the rulebook's first game: no guild abilities, 2 RP each, "
                   "1 Request kept of 3, and (with logbook 'auto') no Logbook"),
        OptionSpec("logbook", default="auto", choices=setup.LOGBOOK_CHOICES,
                   description="Logbook cards: 'auto' (on, except in a first game), 'on', "
                   "'off', or 'setup' (on, and the Logbook Setup variant places the "
                   "Archaeologists)"),
        OptionSpec("curse", default="off", choices=setup.CURSE_CHOICES,
                   description="Expert mode, Nuuka's Curse: 'off', 'on', or 'gentle' (with "
                   "the Gentle variant's catch-up)"),
        OptionSpec("blessing", default=False, kind=bool,
                   description="the Blessing variant: Artifacts trigger with 1 Anima"),
        OptionSpec("fluent", default=False, kind=bool,
                   description="the Fluent Move variant for 3 players (with 2 players the "
                   "Fluent Move is a rule)",
                   choices=(False, True), choices_for=setup.fluent_choices,
                   limited_by="the Fluent Move variant is for 3 players"),
        *(OptionSpec(setup.guild_option(seat), default=setup.RANDOM,
                     description=f"seat {seat}'s Guild board, or 'random' (drawn from the "
                     "boards nobody named)",
                     choices=setup.GUILD_CHOICES, choices_for=setup.guild_choices_for(seat),
                     limited_by=f"there is no seat {seat}")
          for seat in range(1, MAX_PLAYERS + 1)),
        OptionSpec("first_player", default=setup.RANDOM,
                   description="who plays first: 'random' (drawn from the game's seed) or "
                   "a seat",
                   choices=setup.first_player_choices(MAX_PLAYERS),
                   choices_for=setup.first_player_choices,
                   limited_by="the first player is one of the players"),
    ),
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    simultaneous=True,
    check_invariants=_check,
    check_options=setup.check_guilds,
)

__all__ = ["SPEC", "IceState"]
