"""Free actions during a turn (RB "Effects or Abilities"): Snow tiles from the hand
(``effects.py``), Artifact effects and guild abilities (``powers.py``). This module only
lists them and routes their follow-up decisions.

Frame codes: an ``EFFECT`` frame's first argument below ``POWER_EFFECTS`` belongs to a
Snow tile (``effects``), from it on to an Artifact effect (``powers``); every
``ABILITY`` frame belongs to ``powers``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.games.ice import effects, powers

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

POWER_EFFECTS = 30


def free_actions(s: IceState, p: int) -> list[Action]:
    """Snow tiles, Artifact effects and abilities seat ``p`` may use now."""
    return [*effects.playable(s, p), *powers.available(s, p)]


def do_free(s: IceState, p: int, action: Action) -> None:
    if effects.handles(action):
        effects.play(s, p, action)
    else:
        powers.use(s, p, action)


def effect_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    if frame[2] < POWER_EFFECTS:
        return effects.options(s, frame)
    return powers.effect_options(s, frame)


def do_effect(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    if frame[2] < POWER_EFFECTS:
        effects.resolve(s, frame, action)
    else:
        powers.resolve_effect(s, frame, action)


def ability_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return powers.ability_options(s, frame)


def do_ability(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    powers.resolve_ability(s, frame, action)
