"""Free actions during a turn (RB "Effects or Abilities"): Snow tiles from the hand
(``effects.py``), Artifact effects and guild abilities (``powers.py``). This module only
lists them; their follow-up decisions are frames (``rules.HANDLERS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.games.ice import effects, powers

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

def free_actions(s: IceState, p: int) -> list[Action]:
    """Snow tiles, Artifact effects and abilities seat ``p`` may use now."""
    return [*effects.playable(s, p), *powers.available(s, p)]


def do_free(s: IceState, p: int, action: Action) -> None:
    if effects.handles(action):
        effects.play(s, p, action)
    else:
        powers.use(s, p, action)
