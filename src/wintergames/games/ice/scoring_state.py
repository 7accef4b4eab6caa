"""A seat's score from the game state (RB "End of Game: Scoring"): the items a player
scores Decrees with, the validated Requests, and the final log lines.

During the game the same count is the score "if the game ended now", which the
heuristic and the screens show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from wintergames.core.events import Event
from wintergames.core.kept import Kept
from wintergames.core.phrases import Mention
from wintergames.core.spec import ScoreBreakdown
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import BONUS, BREAKDOWN_CATEGORIES, DECREES, PLANNING
from wintergames.games.ice.payment import Item, study
from wintergames.games.ice.scoring import Breakdown, final_score
from wintergames.games.ice.words import MSG, decree, rp, seat, second_requests
from wintergames.games.ice.words import PLANNING as PLANNING_TOKEN

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.ice.state import IceState



_CATEGORIES = {c: Mention("category", c, c) for c in BREAKDOWN_CATEGORIES}


def decree_items(s: IceState, p: int) -> list[Item]:
    """"Players bring any remaining Artifacts ... to their Ship's Hold, and flip up any
    Study tokens": every Artifact they have, and every Study token, flipped or not."""
    tiles = [*s.hold[p], *(tile for t in range(5) for tile in s.art[p][t])]
    items = [Item("artifact", tile, IC.tiles[tile].type, IC.tiles[tile].shape,
                  IC.tiles[tile].anima) for tile in tiles]
    return items + [study(t) for t in range(5) if s.study[p][t]]


# Breakdowns already worked out (immutable values), by everything one reads: a search
# scores the same seat in the same shape again and again (49 calls in 50 in an ICE
# search), and every view shows the seat's score.
_KEPT: Kept[Breakdown] = Kept(most=50_000)


def breakdown(s: IceState, p: int) -> Breakdown:
    """Seat ``p``'s score if the game ended now (its final score once it has)."""
    key = (tuple(s.decrees), tuple(s.hold[p]), tuple(map(tuple, s.art[p])),
           tuple(s.study[p]), tuple(s.validated[p]), s.bonus2[p], s.rp[p], s.planning[p])
    kept = _KEPT.get(key, s.params)
    return kept if kept is not None else _KEPT.put(key, s.params, _breakdown(s, p))


def _breakdown(s: IceState, p: int) -> Breakdown:
    params = s.params
    v = s.validated[p]
    validated = [(params.requests[v[i]], v[i + 2]) for i in range(0, len(v), 3)]
    return final_score([params.decrees[d] for d in s.decrees], decree_items(s, p), validated,
                       s.bonus2[p], s.rp[p], bool(s.planning[p]), params)


def final_events(s: IceState, p: int) -> list[Event]:
    """What seat ``p`` scores only at the end, as events: each revealed Decree, the
    second-Request bonuses, an unused Planning token (only what scores). Requests and RP
    tokens were logged with their points as they were gained (``validate``, ``rp``...),
    so they are not counted again here."""
    b = breakdown(s, p)
    who = seat(p)
    out = []
    for d, vp in zip(s.decrees, b.decrees, strict=True):
        if vp:
            out.append(Event(MSG("score-decree", seat=who, rp=rp(vp), decree=decree(d)),
                             kind="score", player=p, vp=vp, category=DECREES,
                             item=IC.decrees[d].id))
    if b.bonuses:
        out.append(Event(MSG("score-bonus", seat=who, rp=rp(b.bonuses),
                             count=second_requests(s.bonus2[p])),
                         kind="score", player=p, vp=b.bonuses, category=BONUS))
    if b.planning:
        out.append(Event(MSG("score-planning", seat=who, rp=rp(b.planning), token=PLANNING_TOKEN),
                         kind="score", player=p, vp=b.planning, category=PLANNING))
    return out


def log_final(s: IceState) -> None:
    """The end-only scoring, then each total as before (vp 0: every point of it is in an
    event already, the in-game ones included)."""
    for p in range(s.num_players):
        s.log += final_events(s, p)
        b = breakdown(s, p)
        parts = tuple(MSG("score-part", category=_CATEGORIES[c], n=v)
                      for c, v in zip(BREAKDOWN_CATEGORIES, _row(b), strict=True))
        s.log.append(Event(MSG("score-total", seat=seat(p), total=rp(b.total), parts=parts),
                           kind="total", player=p))


def _row(b: Breakdown) -> tuple[int, int, int, int, int]:
    """A seat's RP by ``BREAKDOWN_CATEGORIES``."""
    return sum(b.decrees), sum(b.requests), b.bonuses, b.tokens, b.planning


def score_breakdown(state: State) -> ScoreBreakdown:
    """Each seat's RP by the rulebook's scoring steps (the parts of ``breakdown``)."""
    # By the game id: the state class sits above this module (its module imports this
    # one), and the spec hands over only its own game's states.
    assert state.game_id == "ice"
    s = cast("IceState", state)
    rows = []
    for p in range(s.num_players):
        rows.append(_row(breakdown(s, p)))
    return ScoreBreakdown(BREAKDOWN_CATEGORIES, tuple(rows))
