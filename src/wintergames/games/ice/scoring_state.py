"""A seat's score from the game state (RB "End of Game: Scoring"): the items a player
scores Decrees with, the validated Requests, and the final log lines.

During the game the same count is the score "if the game ended now", which the
heuristic and the screens show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.events import Event, seat_name
from wintergames.core.spec import ScoreBreakdown
from wintergames.games.ice.components import IC
from wintergames.games.ice.payment import Item, study
from wintergames.games.ice.scoring import Breakdown, final_score

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.ice.state import IceState

# RB "Scoring" in its order: 1. Decrees; 2. validated Requests and the 2 RP bonus per
# second Request of Days 2 and 3; 3. RP tokens, and 1 RP for an unused Planning token.
BREAKDOWN_CATEGORIES = ("Decrees", "Requests", "Bonus", "RP tokens", "Planning")


def decree_items(s: IceState, p: int) -> list[Item]:
    """"Players bring any remaining Artifacts ... to their Ship's Hold, and flip up any
    Study tokens": every Artifact they have, and every Study token, flipped or not."""
    tiles = [*s.hold[p], *(tile for t in range(5) for tile in s.art[p][t])]
    items = [Item("artifact", tile, IC.tiles[tile].type, IC.tiles[tile].shape,
                  IC.tiles[tile].anima) for tile in tiles]
    return items + [study(t) for t in range(5) if s.study[p][t]]


def breakdown(s: IceState, p: int) -> Breakdown:
    v = s.validated[p]
    validated = [(IC.requests[v[i]], v[i + 2]) for i in range(0, len(v), 3)]
    return final_score([IC.decrees[d] for d in s.decrees], decree_items(s, p), validated,
                       s.bonus2[p], s.rp[p], bool(s.planning[p]))


def log_final(s: IceState) -> None:
    for p in range(s.num_players):
        b = breakdown(s, p)
        parts = ", ".join(f"{k} {v}" for k, v in b.parts.items())
        s.log.append(Event(f"{seat_name(p)} scores {b.total} RP ({parts}).", kind="score",
                           player=p, vp=b.total))


def score_breakdown(state: State) -> ScoreBreakdown:
    """Each seat's RP by the rulebook's scoring steps (the parts of ``breakdown``)."""
    from wintergames.games.ice.state import IceState  # the state module imports this one

    assert isinstance(state, IceState)
    rows = []
    for p in range(state.num_players):
        b = breakdown(state, p)
        rows.append((sum(b.decrees), sum(b.requests), b.bonuses, b.tokens, b.planning))
    return ScoreBreakdown(BREAKDOWN_CATEGORIES, tuple(rows))
