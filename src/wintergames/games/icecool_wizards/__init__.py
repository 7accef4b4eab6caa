"""ICECOOL Wizards (Brain Games): flick penguins through a wizard school.

2-4 players. Every flick runs on the pymunk physics engine (``wintergames.physics``).
Rulebook: ``shared/rulebooks/icecool-wizards.txt``; interpretations and reconstructed
components: ``docs/rules/icecool-wizards.md``.
"""

from __future__ import annotations

from typing import Any

from wintergames.core.spec import GameSpec
from wintergames.games.icecool_wizards import heuristic
from wintergames.games.icecool_wizards.actions import CODEC, NOTATION_HELP
from wintergames.games.icecool_wizards.layout import layout
from wintergames.games.icecool_wizards.plot import save_png
from wintergames.games.icecool_wizards.propose import propose
from wintergames.games.icecool_wizards.state import IcecoolState, check_components
from wintergames.games.icecool_wizards.text import render


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> IcecoolState:
    return IcecoolState(num_players, seed, options)


SPEC = GameSpec(
    id="icecool-wizards",
    title="ICECOOL Wizards",
    min_players=2,
    max_players=4,
    summary="Flick your penguin through classrooms, collect lessons, pass exams.",
    new_state=_new,
    state_from_json=IcecoolState.from_json,
    codec=CODEC,
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    propose=propose,
    check_invariants=check_components,
    sampled_kinds=frozenset({"flick"}),
    simultaneous=True,  # a Fire spell's discards are chosen at once, hidden
    plot=save_png,
    plot_after=frozenset({"flick"}),
)

__all__ = ["SPEC", "IcecoolState"]
