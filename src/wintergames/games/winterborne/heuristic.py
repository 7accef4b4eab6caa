"""An estimate of each seat's final score, for bots (to be refined)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.games.winterborne import scoring

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.winterborne.state import WinterborneState

SCALE = 5.0  # points that make a clear difference between two seats


def estimate(state: State) -> list[float]:
    s: WinterborneState = state  # type: ignore[assignment]
    return [float(scoring.score(s, p).total) for p in range(s.num_players)]
