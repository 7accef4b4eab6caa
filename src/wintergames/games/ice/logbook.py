"""The Logbook (RB "Logbook Cards"): a card revealed at each Sunrise from Day 2, and the
event it starts.

``reveal`` runs inside ``days.sunrise`` after the guild reset, with the first player's
turn already set up. What an event decides by itself happens at once; each decision is a
``frames.Logbook`` frame (``EVENTS``) naming the seat that owes it. The frames
sit under the Sunrise frames pushed after ``reveal`` returns (Prismatic moves, the
Gentle variant's Study token), so those are settled first and the Logbook card last, as
Sunrise step 4; the first player's turn starts once the stack is empty ("no other
regular actions ... are possible until the Day officially begins").

Events played in turn run seat by seat, clockwise from the first player: a seat with no
real choice is resolved on the spot and the next seat is asked. Frames that a step
leaves behind for the same moment (the Archaeologists following a free Move, a
Navigator's Camp that must move) are put back on top, so they are settled before the
next seat decides.

>>> from wintergames.games.ice import frames as fr
>>> fr.StormMove(seat=2, order=1, slot=40).encode()  # saved: LOGBOOK, seat, its question
(16, 2, 17, 1, 40)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.events import Event
from wintergames.core.phrases import Phrase
from wintergames.games.ice import frames as fr
from wintergames.games.ice import pieces
from wintergames.games.ice.actions import WORDS, Buy, Choose, Move, Put, Sell, Word
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import (
    BOARD,
    adjacent,
    chain_collapse,
    exposed,
    nearest,
    snowstorm_slots,
    uncovered,
)
from wintergames.games.ice.model import BACKS, PRISMATIC, RP_TOKENS
from wintergames.games.ice.words import (
    ARCHAEOLOGIST,
    CAMP,
    CATACLYSM,
    CHAIN_COLLAPSED,
    MSG,
    archaeologists,
    close,
    hidden,
    logbook_card,
    logbook_effect,
    place,
    rp_tokens,
    seat,
    study_token,
    tile,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

PASS, DONE = WORDS.index("pass"), WORDS.index("done")
SOLD, BOUGHT = 1, 2  # the Merchant Caravan's done mask
Ask = fr.Logbook | None  # the question for a seat, or None: nothing to ask
Placing = type[fr.Flow] | type[fr.Haven]  # an event placing an Archaeologist on each tile
_FLOW_RULES = {fr.Flow: "logbook.prismatic-flow", fr.Haven: "logbook.safe-haven"}


def _log(s: IceState, said: Phrase, p: int | None = None, rp: int = 0,
         item: str | None = None) -> None:
    """A Logbook line; ``rp``: the RP tokens it gives seat ``p`` (negative: pays)."""
    s.log.append(Event(said, kind="logbook", player=p, vp=rp,
                       category=RP_TOKENS if rp else None, item=item))


def reveal(s: IceState) -> None:
    """Sunrise step 4: "The new first player then reveals the first card of the Logbook
    deck and applies its effects." Nothing happens once the deck is empty."""
    if not s.logbook_deck:
        return
    card = s.logbook_deck.pop()
    s.logbook_shown.append(card)
    _log(s, MSG("logbook", card=logbook_card(card),
                effect=logbook_effect(card, s.params.logbook[card].text)))
    _START[IC.logbook[card].event](s)


# -- Prismatic Flow, Safe Haven: an Archaeologist on each tile of a kind -------------------


def _flow_tiles(s: IceState, kind: Placing) -> list[int]:
    """Exposed Prismatic Artifact tiles (Prismatic Flow) or Nunatak tiles (Safe Haven):
    the type of a face-down Artifact and the back of a Snow tile are public."""
    out = []
    for level in (1, 2, 3):
        for slot in BOARD.slots[level]:
            tile = s.tiles[slot]
            if tile < 0 or not exposed(s.tiles, slot):
                continue
            t = IC.tiles[tile]
            if (t.type == PRISMATIC) if kind is fr.Flow else (t.back == "nunatak"):
                out.append(slot)
    return out


def _flow(s: IceState, kind: Placing) -> None:
    """"Place an Archaeologist from the reserve on each ... tile. If there is not enough
    Archaeologists in the reserve, the first player chooses the ... tiles"."""
    slots = _flow_tiles(s, kind)
    rule = _FLOW_RULES[kind]
    if len(slots) <= s.arch_supply:
        for slot in slots:
            pieces.add_archaeologists(s, slot, 1)
        if len(slots) > 1:
            said = MSG("flow-each", rule=rule, archaeologist=ARCHAEOLOGIST, n=len(slots),
                       places=tuple(place(q) for q in slots))
        elif slots:
            said = MSG("flow-one", rule=rule, archaeologist=ARCHAEOLOGIST, place=place(slots[0]))
        else:
            said = MSG("flow-none", rule=rule, archaeologist=ARCHAEOLOGIST)
        _log(s, said)
    elif s.arch_supply > 0:
        fr.push(s, kind(s.first))
    else:
        _log(s, MSG("flow-pool-empty", rule=rule, archaeologist=ARCHAEOLOGIST))


def _flow_pick(s: IceState, frame: fr.Flow | fr.Haven, slot: int) -> None:
    kind, chosen = type(frame), (*frame.chosen, slot)
    pieces.add_archaeologists(s, slot, 1)
    _log(s, MSG("flow-pick", rule=_FLOW_RULES[kind], seat=seat(frame.seat),
                archaeologist=ARCHAEOLOGIST, place=place(slot)), frame.seat)
    if s.arch_supply > 0 and [q for q in _flow_tiles(s, kind) if q not in chosen]:
        fr.push(s, kind(frame.seat, chosen))


# -- Artifact Study (and the Gentle variant's frame) -----------------------------------------


def _lacking(s: IceState, p: int) -> list[int]:
    """Types of Study token seat ``p`` does not have (a flipped token is still had)."""
    return [t for t in range(5) if s.study[p][t] == 0]


def _take_study(s: IceState, p: int, t: int) -> None:
    s.study[p][t] = 1
    _log(s, MSG("study-token", seat=seat(p), token=study_token(t)), p)


def _artifact_study(s: IceState) -> None:
    """"Each player can take an Artifact Study token they don't already have. If a player
    has all 5 types, they take 2 RP instead." A seat lacking one type takes it."""
    for p in reversed(fr.seat_order(s)):
        lacking = _lacking(s, p)
        if not lacking:
            gained = s.params.all_studies_rp
            s.rp[p] += gained
            _log(s, MSG("all-studies", seat=seat(p), rp=rp_tokens(gained)), p, rp=gained,
                 item="artifact-study")
        elif len(lacking) == 1:
            _take_study(s, p, lacking[0])
        else:
            fr.push(s, fr.Study(p))


# -- events played seat by seat ---------------------------------------------------------------


def _advance(s: IceState, kind: type[fr.Ordered], i: int, extra: tuple[int, ...] = ()) -> None:
    """Run the event whose question is ``kind`` from the ``i``-th seat clockwise from the
    first player until one must decide (push its frame) or every seat is done."""
    order = fr.seat_order(s)
    batches: list[tuple[fr.IceFrame, ...]] = []
    ask: Ask = None
    while i < len(order):
        base = len(s.pending)
        ask = _BEGIN[kind](s, order[i], i, extra)
        batches.append(s.pending[base:])  # left behind by automatic work: settle first
        s.pending = s.pending[:base]
        if ask is not None:
            fr.push(s, ask)
            break
        i += 1
    if ask is None and kind is fr.Caravan:
        _log(s, MSG("caravan-leaves"))
    for batch in reversed(batches):  # the earliest on top
        s.pending = (*s.pending, *batch)


# -- Something is Coming ---------------------------------------------------------------------


def _coming_steps(s: IceState, p: int) -> list[int]:
    """"If they can move to an upper layer with this move, they must do so": only the
    upward steps when there is one."""
    at = s.leaders[p]
    if at < 0:
        return []
    steps = adjacent(s.tiles, s.rift, at)
    up = [q for q in steps if BOARD.level[q] > BOARD.level[at]]
    return up or steps


def _coming_begin(s: IceState, p: int, i: int, extra: tuple[int, ...]) -> Ask:
    return fr.Coming(p, i) if _coming_steps(s, p) else None


def _coming_move(s: IceState, p: int, to: int) -> None:
    """A free Move as a normal Move: up to 3 Archaeologists from the Leader's place may
    follow (fewer under a flipped Curse token); a FOLLOW frame asks how many."""
    origin = s.leaders[p]
    s.leaders[p] = to
    s.line = MSG("coming", seat=seat(p), place=place(to))
    most = min(fr.followers_limit(s, p), s.archs[origin])
    if most > 0:
        fr.push(s, fr.Follow(p, origin, most, 0))
        return
    s.log.append(Event(close(s.line, "moved"), kind="move", player=p))
    s.line = None


# -- Merchant Caravan -------------------------------------------------------------------------


def _caravan_display(s: IceState) -> None:
    """"Display up to 5 discarded Snow Tiles", drawn at random; they stay in the discard
    pile (face up, so public) until bought."""
    snow = sorted(t for t in s.tile_discard if IC.tiles[t].level == 3)
    shown = tuple(sorted(s.rng.sample(snow, min(s.params.caravan_display, len(snow)))))
    for t in shown:
        s.seen[t] = 1
    _log(s, MSG("caravan-shows", tiles=tuple(tile(t) for t in shown)) if shown
         else MSG("caravan-empty"))
    _advance(s, fr.Caravan, 0, shown)


def _caravan_sells(s: IceState, p: int, done: int) -> list[int]:
    if done & SOLD:
        return []
    return sorted(tile for slot in s.art[p] for tile in slot)


def _caravan_buys(s: IceState, p: int, done: int, display: tuple[int, ...]) -> list[int]:
    if done & BOUGHT or s.rp[p] < s.params.caravan_buy_rp:
        return []
    return list(display)


def _caravan_ask(s: IceState, p: int, i: int, done: int, display: tuple[int, ...]) -> Ask:
    if _caravan_sells(s, p, done) or _caravan_buys(s, p, done, display):
        return fr.Caravan(p, i, done, display)
    return None


def _caravan_begin(s: IceState, p: int, i: int, extra: tuple[int, ...]) -> Ask:
    return _caravan_ask(s, p, i, 0, extra)


def _caravan(s: IceState, frame: fr.Caravan, action: Action) -> tuple[Ask, tuple[int, ...]]:
    """"Discard 1 Artifact for 2 RP and/or spend 1 RP to get one of the displayed tiles",
    each at most once, in either order; ``done`` ends the seat's visit."""
    p, i, done, display = frame.seat, frame.order, frame.done, frame.display
    sell_rp, buy_rp = s.params.caravan_sell_rp, s.params.caravan_buy_rp
    if isinstance(action, Sell):
        n = action.value
        for slot in s.art[p]:
            if n in slot:
                slot.remove(n)
        s.down[n] = 0
        s.seen[n] = 1
        s.tile_discard.append(n)
        s.rp[p] += sell_rp
        _log(s, MSG("sell", seat=seat(p), tile=tile(n), rp=rp_tokens(sell_rp)), p,
             rp=sell_rp, item="merchant-caravan")
        done |= SOLD
    elif isinstance(action, Buy):
        n = action.value
        s.tile_discard.remove(n)
        s.hand[p].append(n)
        s.rp[p] -= buy_rp
        display = tuple(t for t in display if t != n)
        _log(s, MSG("buy", seat=seat(p), tile=tile(n), rp=rp_tokens(buy_rp)), p,
             rp=-buy_rp, item="merchant-caravan")
        done |= BOUGHT
    else:
        return None, display
    return _caravan_ask(s, p, i, done, display), display


# -- Blizzard -------------------------------------------------------------------------------


def _nearest(s: IceState, p: int) -> list[int]:
    """The places holding the Archaeologists nearest to seat ``p``'s own Camp (Move steps
    from it), none on a tile with any Camp; [] when none can be reached."""
    camped = {at for at in s.camps if at >= 0}
    return nearest(s.tiles, s.rift, s.camps[p],
                   lambda q: s.archs[q] > 0 and q not in camped)


def _blizzard_take(s: IceState, p: int, at: int, count: int) -> None:
    s.archs[at] -= count
    s.archs[s.camps[p]] += count
    _log(s, MSG("blizzard", n=archaeologists(count), place=place(at), seat=seat(p), camp=CAMP,
                to=place(s.camps[p])), p)


def _blizzard(s: IceState, p: int, i: int, need: int) -> Ask:
    """"Each player takes the 2 nearest Archaeologists closest to their own Camp and
    brings them back to it" (none already on a Camp); a tie that leaves a choice goes to
    that player, one Archaeologist at a time."""
    if s.camps[p] < 0:
        return None
    while need > 0:
        group = _nearest(s, p)
        if not group:
            return None
        total = sum(s.archs[q] for q in group)
        if total <= need or len(group) == 1:
            for q in group:
                take = min(need, s.archs[q])
                _blizzard_take(s, p, q, take)
                need -= take
            continue
        return fr.Blizzard(p, i, need)
    return None


def _blizzard_begin(s: IceState, p: int, i: int, extra: tuple[int, ...]) -> Ask:
    return _blizzard(s, p, i, s.params.blizzard_archaeologists)


# -- Cataclysm -------------------------------------------------------------------------------


def _cataclysm_tiles(s: IceState) -> list[int]:
    """"a fully revealed tile that has no Expedition Leader on it"."""
    leaders = set(s.leaders)
    return [slot for level in (1, 2, 3) for slot in BOARD.slots[level]
            if uncovered(s.tiles, slot) and slot not in leaders]


def _cataclysm_begin(s: IceState, p: int, i: int, extra: tuple[int, ...]) -> Ask:
    slots = _cataclysm_tiles(s)
    if len(slots) == 1:
        _cataclysm(s, p, slots[0])
    return fr.Cataclysm(p, i) if len(slots) > 1 else None


def _cataclysm(s: IceState, p: int, slot: int) -> None:
    """Discard the tile (what stood on it goes back), then any chain collapse. No
    Philosophical collect: it is nobody's turn. An Azulia icon it uncovers pays the
    discarding player (docs/rules/ice.md)."""
    name = hidden(s.tiles[slot])
    pieces.discard_tile(s, pieces.remove_tile(s, slot, CATACLYSM))
    _log(s, MSG("cataclysm", seat=seat(p), tile=name, place=place(slot)), p)
    for q in chain_collapse(s.tiles):
        _log(s, MSG("chain-collapse", tile=hidden(s.tiles[q]), place=place(q)))
        pieces.discard_tile(s, pieces.remove_tile(s, q, CHAIN_COLLAPSED))
    pieces.award_icons(s, p)


# -- Snowstorm -------------------------------------------------------------------------------


def _storm_begin(s: IceState, p: int, i: int, extra: tuple[int, ...]) -> Ask:
    """A random discarded Snow tile for this seat. Only its back is drawn now (the
    public side the player sees while placing it); which tile of that back it is is
    drawn when it is placed, so no frame holds an unseen tile."""
    snow = sorted(t for t in s.tile_discard if IC.tiles[t].level == 3)
    slots = snowstorm_slots(s.tiles)
    if not snow or not slots:
        _log(s, MSG("storm-nothing" if not snow else "storm-no-slot", seat=seat(p)), p)
        return None
    back = BACKS.index(IC.tiles[s.rng.choice(snow)].back)
    if len(slots) == 1:
        return _storm_place(s, p, i, back, slots[0])
    return fr.Storm(p, i, back)


def _storm_place(s: IceState, p: int, i: int, back: int, slot: int) -> Ask:
    same = sorted(t for t in s.tile_discard if IC.tiles[t].level == 3
                  and IC.tiles[t].back == BACKS[back])
    n = s.rng.choice(same)
    s.tile_discard.remove(n)
    s.tiles[slot] = n
    s.rift[slot] = s.rng.randrange(3) if IC.tiles[n].back == "rift" else -1
    _log(s, MSG("storm-place", seat=seat(p), tile=hidden(n), place=place(slot)), p)
    if _storm_collapse(s, slot):
        return None
    return _storm_spread(s, p, i, slot)


def _storm_collapse(s: IceState, slot: int) -> bool:
    """The Chain Collapse Rule, "As soon as a tile has only one adjacent tile at the same
    level, it collapses", for the tile just placed on ``slot``: one with at most one
    tile beside it on its level (not on the rim) goes back to the discard pile at once,
    before any Explorer steps aside, so nothing under it moves (docs/rules/ice.md). No
    Philosophical collect: it is nobody's turn. Whether it collapsed."""
    gone = chain_collapse(s.tiles)  # only the new tile: the board was stable before it
    for q in gone:
        _log(s, MSG("storm-collapse", tile=hidden(s.tiles[q]), place=place(q)))
        pieces.discard_tile(s, pieces.remove_tile(s, q, CHAIN_COLLAPSED))
    return slot in gone


def _covered(s: IceState, slot: int) -> list[int]:
    """The places under ``slot`` no longer exposed (their Explorers must move)."""
    return [q for q in dict.fromkeys(BOARD.below[slot]) if not exposed(s.tiles, q)]


def storm_current(s: IceState, slot: int) -> int:
    for q in _covered(s, slot):
        if pieces.explorers_at(s, q):
            return q
    return -1


def _storm_tied(s: IceState, place: int, slot: int) -> list[int]:
    """Where the next Explorer from ``place`` may go: the adjacent places (the new tile
    only when there is no other) with the fewest Explorers — empty ones first, then as
    evenly as possible."""
    near = [q for q in dict.fromkeys(adjacent(s.tiles, s.rift, place)) if q != slot] or [slot]
    counts = {q: pieces.explorers_at(s, q) for q in near}
    low = min(counts.values())
    return [q for q in near if counts[q] == low]


def _storm_step(s: IceState, at: int, to: int) -> None:
    """The next Explorer on ``at`` (Leaders first, by seat) goes to ``to``."""
    leaders = pieces.leaders_at(s, at)
    if leaders:
        s.leaders[leaders[0]] = to
        said = MSG("storm-step-leader", seat=seat(leaders[0]), origin=place(at), to=place(to))
    else:
        s.archs[at] -= 1
        s.archs[to] += 1
        said = MSG("storm-step", archaeologist=ARCHAEOLOGIST, origin=place(at), to=place(to))
    _log(s, said)


def _storm_spread(s: IceState, p: int, i: int, slot: int) -> Ask:
    """Explorers on a place the new tile covers completely step aside; where a place
    keeps a visible part they stay ("first move Explorers on another area of the same
    tile"). A Camp on a covered tile goes back to its owner or the pool (a Navigator's
    Camp moves by its ability)."""
    for at in _covered(s, slot):
        camp = pieces.camp_at(s, at)
        if camp >= 0:
            s.camps[camp] = fr.OFF
            owner = pieces.camp_owner(s, camp)
            _log(s, MSG("storm-camp", camp=CAMP, place=place(at)))
            if owner >= 0 and pieces.has_guild(s, owner, "navigator"):
                pieces.move_navigator_camp(s, owner, at)
        while pieces.explorers_at(s, at):
            tied = _storm_tied(s, at, slot)
            leader = bool(pieces.leaders_at(s, at))
            if len(tied) == 1:
                _storm_step(s, at, tied[0])
            elif not leader and len(tied) <= s.archs[at]:
                for q in tied:
                    _storm_step(s, at, q)
            else:
                return fr.StormMove(p, i, slot)
    return None


# -- the frames ------------------------------------------------------------------------------


# The Logbook events' questions (``frames``), answered by ``options`` and ``resolve``.
Asked = (fr.Study | fr.Flow | fr.Haven | fr.Coming | fr.Caravan | fr.Blizzard | fr.Cataclysm
         | fr.Storm | fr.StormMove)
EVENTS: tuple[type[fr.Logbook], ...] = (fr.Study, fr.Flow, fr.Haven, fr.Coming, fr.Caravan,
                                        fr.Blizzard, fr.Cataclysm, fr.Storm, fr.StormMove)


def options(s: IceState, frame: Asked) -> list[Action]:
    p = frame.seat
    if isinstance(frame, fr.Study):
        return [Choose.ALL[t] for t in _lacking(s, p)]
    if isinstance(frame, fr.Flow | fr.Haven):
        return [Put.ALL[q] for q in _flow_tiles(s, type(frame)) if q not in frame.chosen]
    if isinstance(frame, fr.Coming):
        return [*(Move.ALL[q] for q in _coming_steps(s, p)), Word.ALL[PASS]]
    if isinstance(frame, fr.Caravan):
        return [*(Sell.ALL[t] for t in _caravan_sells(s, p, frame.done)),
                *(Buy.ALL[t] for t in _caravan_buys(s, p, frame.done, frame.display)),
                Word.ALL[DONE]]
    if isinstance(frame, fr.Blizzard):
        return [Put.ALL[q] for q in _nearest(s, p)]
    if isinstance(frame, fr.Cataclysm):
        return [Put.ALL[q] for q in _cataclysm_tiles(s)]
    if isinstance(frame, fr.Storm):
        return [Put.ALL[q] for q in snowstorm_slots(s.tiles)]
    return [Put.ALL[q] for q in _storm_tied(s, storm_current(s, frame.slot), frame.slot)]


def resolve(s: IceState, frame: Asked, action: Action) -> None:
    """Apply the choice (already checked legal); ask the same seat again or go on with
    the next seat. Frames the step leaves (a FOLLOW, a NAV_CAMP) end up on top."""
    p = frame.seat
    value: int = getattr(action, "value", -1)
    if isinstance(frame, fr.Study):
        _take_study(s, p, value)
        return
    if isinstance(frame, fr.Flow | fr.Haven):
        _flow_pick(s, frame, value)
        return
    i = frame.order
    base = len(s.pending)
    ask: Ask = None
    extra: tuple[int, ...] = ()
    if isinstance(frame, fr.Coming):
        if isinstance(action, Move):
            _coming_move(s, p, value)
        else:
            _log(s, MSG("stays", seat=seat(p)), p)
    elif isinstance(frame, fr.Caravan):
        ask, extra = _caravan(s, frame, action)
    elif isinstance(frame, fr.Blizzard):
        _blizzard_take(s, p, value, 1)
        ask = _blizzard(s, p, i, frame.left - 1)
    elif isinstance(frame, fr.Cataclysm):
        _cataclysm(s, p, value)
    elif isinstance(frame, fr.Storm):
        ask = _storm_place(s, p, i, frame.back, value)
    else:
        _storm_step(s, storm_current(s, frame.slot), value)
        ask = _storm_spread(s, p, i, frame.slot)
    left = s.pending[base:]
    s.pending = s.pending[:base]
    if ask is not None:
        fr.push(s, ask)
    else:
        _advance(s, _FAMILY.get(type(frame), type(frame)), i + 1, extra)
    s.pending = (*s.pending, *left)


# A Snowstorm's moves go on with the next seat's Snowstorm.
_FAMILY: dict[type[fr.Ordered], type[fr.Ordered]] = {fr.StormMove: fr.Storm}
_BEGIN: dict[type[fr.Ordered], Callable[[IceState, int, int, tuple[int, ...]], Ask]] = {
    fr.Coming: _coming_begin,
    fr.Caravan: _caravan_begin,
    fr.Blizzard: _blizzard_begin,
    fr.Cataclysm: _cataclysm_begin,
    fr.Storm: _storm_begin,
}
_START: dict[str, Callable[[IceState], None]] = {
    "prismatic-flow": lambda s: _flow(s, fr.Flow),
    "safe-haven": lambda s: _flow(s, fr.Haven),
    "something-is-coming": lambda s: _advance(s, fr.Coming, 0),
    "artifact-study": _artifact_study,
    "merchant-caravan": _caravan_display,
    "blizzard": lambda s: _advance(s, fr.Blizzard, 0),
    "cataclysm": lambda s: _advance(s, fr.Cataclysm, 0),
    "snowstorm": lambda s: _advance(s, fr.Storm, 0),
}
