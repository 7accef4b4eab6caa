"""An estimate of each seat's final score, for bots.

The estimate is the score as it stands (``scoring.score``) plus what is in progress,
weighted by how much of the game is left:

- resources count 1/3 point each at the end (as scoring does, without rounding) and a
  little more while they can still be spent on settlements, conquests and exploring;
- a province section without a building is a place for a future building worth its
  province's sections; a row whose two settlements stand has a free church to come;
- spoils tiles still to be played, and (solo) progress towards the objectives.

A compound move in progress (a hex played, its figure, circle and special action still
to choose) is judged by its best completion: the estimate looks a few of the mover's own
decisions ahead, so a bot with one step of lookahead sees what playing a hex leads to.

>>> import wintergames as wg
>>> [round(v, 1) for v in estimate(wg.make("winterborne", 2, seed=1))]
[4.1, 4.1]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.kept import Kept
from wintergames.games.winterborne import scoring
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.turn import Cap, Cleanup

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.winterborne.state import WinterborneState

SCALE = 5.0  # points that make a clear difference between two seats

# Exploration cards leaving the season decks per seat-turn (measured in bot games: the
# seats' explores and churches, and in the solo game the Balaur's turns).
CARDS_PER_TURN = 0.3
SOLO_CARDS_PER_TURN = 0.5
HORIZON = 8.0  # own turns it takes to turn what is in progress into points
RESOURCE_BONUS = 0.15  # a resource's worth beyond its end-game third, while usable
SPOT = 0.3  # share of a free section's building value counted before it is built
CHURCH = 0.7  # share of a ready church's value (its section and exploration card)
HALF_ROW = 0.25  # share of it for a row with one settlement
CARD = 1.5  # about what an exploration card adds to the sets
SPOILS = 0.6  # an unplayed hex, move or Wylds spoils tile
OBJECTIVE = 0.5  # share of an unmet solo objective's points, times progress squared
LOOKAHEAD = 3  # own decisions followed inside a compound move
_NO_LOOKAHEAD = (Cleanup, Cap)  # the turn's choices are over: judge the position as is


BALAUR_PER_TURN = 0.5  # an explorer card (2 of its 6) adds about 1.5 to its sets
# What a solo seat's own turns still add beyond its estimate (measured over greedy solo
# games: 3.5 to 4 points per turn left until Winter, more in the winter rounds).
SEAT_PER_TURN = 4.0


def par(state: State) -> float:
    """What a solo seat's estimate must reach to be even with the Balaur: the Balaur's
    expected final score (what it has, and what its turns still add) less what the
    seat's own turns still to come are expected to add, which the estimate leaves out."""
    s: WinterborneState = state  # type: ignore[assignment]
    left = turns_left(s)
    return scoring.balaur_score(s).total + (BALAUR_PER_TURN - SEAT_PER_TURN) * left


def turns_left(s: WinterborneState) -> float:
    """About how many turns each seat still has."""
    if s.over:
        return 0.0
    rounds = s.params.winter_rounds
    if s.winter_round:
        return float(rounds - s.winter_round + 1)
    left = 0 if s.autumn_out else sum(len(d) for d in s.season_decks[:3])
    rate = SOLO_CARDS_PER_TURN if s.num_players == 1 else CARDS_PER_TURN * s.num_players
    return rounds + left / rate


def _progress(s: WinterborneState, p: int, letter: str) -> float:
    """How far the seat is towards a solo objective, 0..1."""
    if letter == "A":
        return scoring.sets_points(s, scoring.owned(s, p)) / 20
    if letter == "B":
        return scoring.building_points(s, p) / 20
    if letter == "C":
        return scoring.settlements_built(s, p) / (2 * WB.rows)
    if letter == "D":
        return len(set(scoring.conquered_colours(s, p))) / 6
    if letter == "E":
        return len({WB.allies[a].colour for a in s.allies[p]}) / 6
    if letter == "F":
        return sum(1 for c in scoring.owned(s, p) if WB.cards[c].type == "banner") / 3
    if letter == "G":
        return scoring.wylds_count(s, p, orbs=False) / 3
    return sum(s.power_used[p]) / s.params.winter_rounds


# Seat values already worked out, by everything a value reads (``_inputs``): a search
# meets the same seat in the same shape again and again (about four calls in five in a
# Winterborne search), and a value costs ten times its key.
_VALUES: Kept[float] = Kept(most=100_000)


def _inputs(s: WinterborneState, p: int, w: float) -> tuple[object, ...]:
    """Everything ``seat_value`` of a seat reads (but the solo game's objectives, which
    read more: those are never kept)."""
    return (s.num_players, p, w, s.over, tuple(s.res[p]), s.favor[p],
            s.favor_card[p], tuple(s.sections[p]), tuple(s.buildings[p]), tuple(s.rows[p]),
            tuple(sorted(s.spoils[p])), tuple(sorted(s.allies[p])),
            tuple(sorted(scoring.owned(s, p))), tuple(s.reserve[p]), tuple(s.power_used[p]))


def seat_value(s: WinterborneState, p: int, w: float) -> float:
    """Seat ``p``'s score plus what is in progress, ``w`` (0..1) being how much of the
    game is left to use it."""
    if s.num_players == 1:
        return _seat_value(s, p, w)
    key = _inputs(s, p, w)
    kept = _VALUES.get(key, s.params)
    return kept if kept is not None else _VALUES.put(key, s.params, _seat_value(s, p, w))


def _seat_value(s: WinterborneState, p: int, w: float) -> float:
    parts = scoring.score(s, p).parts
    total = float(sum(parts.values()) - parts["resources"])
    res = min(sum(s.res[p]), s.params.resource_cap)
    per_resource = 1 / s.params.resources_per_vp  # what a resource scores at the end
    total += res * per_resource if s.over else res * (per_resource + w * RESOURCE_BONUS)
    if s.over or w <= 0:
        return total
    per = scoring.section_colours(s, p)
    spots = sorted((per[colour] for sec, colour in enumerate(s.sections[p])
                    if colour >= 0 and not s.buildings[p][sec]), reverse=True)
    rows = s.rows[p]
    settle = sum(2 - min(r, 2) for r in rows)
    ready = sum(1 for r in rows if r == 2)
    total += w * HALF_ROW * CHURCH * (1 + CARD) * sum(1 for r in rows if r == 1)
    # Ready churches take the best free places; settlements the next ones.
    for i, value in enumerate(spots[:ready + settle]):
        total += w * (CHURCH * (value + CARD) if i < ready else SPOT * (value + 1))
    total += w * SPOILS * sum(1 for t in s.spoils[p] if WB.spoils[t].kind != "province")
    if s.num_players == 1:
        for slot, o in enumerate(s.objectives):
            letter = WB.objectives[o].letter
            if not scoring.objective_met(s, p, letter):
                done = min(1.0, _progress(s, p, letter))
                total += w * OBJECTIVE * s.params.objective_vp[slot] * done * done
    return total


def base_estimate(s: WinterborneState) -> list[float]:
    """The estimate of the position as it lies, without looking ahead."""
    w = min(1.0, turns_left(s) / HORIZON)
    return [seat_value(s, p, w) for p in range(s.num_players)]


def _margin(values: list[float], p: int) -> float:
    others = [v for q, v in enumerate(values) if q != p]
    return values[p] - (max(others) if others else 0.0)


def _lookahead(s: WinterborneState, depth: int) -> list[float]:
    if depth == 0 or s.over or not s.pending or isinstance(s.pending[-1], _NO_LOOKAHEAD):
        return base_estimate(s)
    p = s.current
    best: list[float] | None = None
    best_margin = float("-inf")
    for action in s.legal_actions(p):
        child = s.clone()
        child.apply_legal(action, p)  # from this very state's list
        values = _lookahead(child, depth - 1)
        m = _margin(values, p)
        if m > best_margin:
            best, best_margin = values, m
    return best if best is not None else base_estimate(s)


def estimate(state: State) -> list[float]:
    """Each seat's estimated final score; a compound move in progress counts as its best
    completion (a few of the mover's decisions ahead)."""
    s: WinterborneState = state  # type: ignore[assignment]
    if s.over:
        return [float(x) for x in s.scores()]
    return _lookahead(s, LOOKAHEAD)
