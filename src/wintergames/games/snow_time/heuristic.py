"""An estimate of each seat's final position on the track, for bots.

A colour's pawn is most of it; cards in hand (characters not fallen, specials not spent)
are future moves. In the two-player variant a seat's better colour counts.

>>> import wintergames as wg
>>> estimate(wg.make("snow-time", 3, seed=1))
[3.0, 3.0, 3.0]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.snow_time.state import SnowTimeState

PER_CARD = 0.3  # a card in hand is a turn's worth of options
SCALE = 4.0  # spaces that make a clear difference


def estimate(state: State) -> list[float]:
    s: SnowTimeState = state  # type: ignore[assignment]
    value = [s.pawn[k] + PER_CARD * s.hand[k].bit_count()
             for k in range(s.colours)]
    return [max(value[k] for k in s.of_player[p]) for p in range(s.num_players)]
