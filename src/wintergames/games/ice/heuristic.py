"""An estimate of each seat's final score, for bots.

The estimate is the score as it stands (``scoring_state.breakdown``: Decrees from the
items held, validated Requests, bonuses, RP tokens, Planning) plus what is in progress,
weighted by how much of the game is left:

- a Request in hand that the seat could pay now counts most of its RP (while a Sunset
  with validation is still to come), one it is partway to a little;
- EP still to spend today, Snow tiles in hand, Archaeologists with the Leader (they make
  excavations cheap) and an uncovered tile under the Leader are worth a fraction of a
  point each.

At the start nothing is paid or on its way, and no Leader is on the board: only the RP
tokens of each guild count (the CryoArchitect starts with 1).

>>> import wintergames as wg
>>> s = wg.make("ice", 2, seed=1, options={"logbook": "off"})
>>> [round(v, 1) for v in estimate(s)], s.rp
([2.0, 1.0], [2, 1])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.kept import Kept
from wintergames.games.ice import days, excavate, pieces
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import Request
from wintergames.games.ice.payment import Item, payments
from wintergames.games.ice.scoring_state import breakdown

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.ice.state import IceState

SCALE = 4.0  # points that make a clear difference between two seats
PAYABLE = 0.85  # share of a payable Request's RP
PARTIAL = 0.6  # share of a Request's RP at full progress, times progress squared
EP = 0.15  # an EP still to spend today (low: hoarding EP must never beat using them)
SNOW = 0.6  # a Snow tile in hand
HELPER = 0.25  # an Archaeologist on the Leader's place (cheaper excavations)
STANDING = 0.3  # the Leader on a tile it could excavate, per Anima (a Snow tile: 1)


def progress(request: Request, items: list[Item]) -> float:
    """How far ``items`` go towards paying ``request`` (its ``need`` in the game played),
    0..1."""
    def anima(ts: tuple[int, ...]) -> int:
        return sum(i.anima for i in items if i.type in ts or i.wild)

    kind, types, need = request.kind, request.types, request.need
    if kind == "mono" or kind == "trio":
        done = anima(types)
    elif kind == "either":
        done = max(anima((t,)) for t in types)
    elif kind == "duo":
        done = len({i.type for i in items if i.type in types}) + (
            1 if any(i.wild for i in items) else 0)
    elif kind == "shapes":
        done = len({i.shape for i in items if i.kind == "artifact" and i.type == types[0]})
    else:  # prism
        done = sum(i.anima for i in items if i.wild)
    return min(1.0, done / need)


# What each Request in hand is worth to the seat, by the hand and what can pay (a search
# meets the same hand and guild board again and again).
_REQUESTS: Kept[tuple[float, ...]] = Kept(most=50_000)


def request_values(s: IceState, p: int) -> tuple[float, ...]:
    """Each Request in seat ``p``'s hand, in hand order: most of its RP if the seat can
    pay it now, else a share of it by how far its holdings go."""
    key = (tuple(map(tuple, s.art[p])), tuple(s.study[p]), tuple(s.requests[p]))
    kept = _REQUESTS.get(key, s.params)
    if kept is not None:
        return kept
    have = days.holdings(s, p)
    cards = s.params.requests
    values = []
    for card in s.requests[p]:
        request = cards[card]
        value = max(request.rp, request.rp3)
        if payments(request, have):
            values.append(PAYABLE * value)
        else:
            done = progress(request, have)
            values.append(PARTIAL * value * done * done)
    return _REQUESTS.put(key, s.params, tuple(values))


def seat_value(s: IceState, p: int) -> float:
    total = float(breakdown(s, p).total)
    if s.over:
        return total
    for value in request_values(s, p):  # one by one, as the sum always was
        total += value
    if not s.finished[p]:
        total += EP * s.ep[p]
    total += SNOW * len(s.hand[p])
    at = s.leaders[p]
    if at >= 0:
        # (as many as a Move may bring along)
        total += HELPER * min(s.params.move_followers, s.archs[at])
        if pieces.is_tile(at) and s.tiles[at] >= 0 and excavate.cost(s, p, at) is not None:
            total += STANDING * max(1, IC.tiles[s.tiles[at]].anima)
    return total


def estimate(state: State) -> list[float]:
    """Each seat's estimated final score."""
    s: IceState = state  # type: ignore[assignment]
    if s.over:
        return [float(x) for x in s.scores()]
    return [seat_value(s, p) for p in range(s.num_players)]
