"""Excavate (RB "Excavate", "Excavating Tile Cost Rules", "The 3 steps of an Excavation",
"Placement Rule", "Chain Collapse Rule", Azulia).

An excavation runs as one frame, ``frames.Excavation``, that moves through its steps; a
step that needs the player's choice pushes a small frame above it and waits. Each step
works on a ``Dig``, the frame's fields as a mutable copy, and writes it back as a new
frame.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.core.phrases import Arg, Mention
from wintergames.games.ice import artifacts, pieces
from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC
from wintergames.games.ice.curse import advance_marker
from wintergames.games.ice.geometry import BOARD, chain_collapse, excavation
from wintergames.games.ice.words import (
    CHAIN_COLLAPSED,
    COLLAPSED,
    GRAPPLING,
    MSG,
    archaeologists,
    close,
    grow,
    hidden,
    place,
    seat,
    tile,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

# Steps.
COLLAPSE, TAKE, PREPARE, SPREAD, LEADERS, ROPE, CAMP, AFTER = range(8)
ROPE_FRONT, SURVIVORS_FRONT = "abseiling-rope", "expedition-survivors"


def cost(s: IceState, p: int, slot: int, discount: int = 0, cryo: bool = False) -> int | None:
    """EP to excavate ``slot`` for seat ``p`` now, or ``None`` if it cannot be excavated.

    Base 2 / 3 / 4 by depth; +1 at most for a Camp, a Nunatak or one covering tile; -1 per
    Explorer on it; ``discount`` less (Polar Termites); never below 0. With ``cryo``, the
    CryoArchitect's discount where it applies (``cryo_applies``): their own Camp makes it
    1 less instead of 1 more. It is the player's choice ("you may"), so without ``cryo``
    the Camp is a Camp like any other. Every number is the game's (``s.params``).
    """
    cover = excavation(s.tiles, slot)
    if cover is None:
        return None
    params = s.params
    tile = IC.tiles[s.tiles[slot]]
    camp = pieces.camp_at(s, slot)
    cryo = cryo and cryo_applies(s, p, slot)
    hard = cover >= 0 or tile.back == "nunatak" or (camp >= 0 and not cryo)
    value = params.excavate_cost[tile.level] + (params.hard_extra if hard else 0)
    value -= (params.explorer_discount * pieces.explorers_at(s, slot)
              + (params.cryo_discount if cryo else 0) + discount)
    return max(0, value)


def cryo_applies(s: IceState, p: int, slot: int) -> bool:
    """Whether the CryoArchitect's discount may be taken on ``slot``: "Once per turn, you
    may Excavate an Artifact tile on which your Camp is present by paying 1 EP less (not 1
    EP more)" — seat ``p`` plays the CryoArchitect, its own Camp stands on the Artifact
    tile, and the turn's use is still there."""
    tile = s.tiles[slot]
    return (tile >= 0 and IC.tiles[tile].level < 3 and pieces.camp_at(s, slot) == p
            and pieces.has_guild(s, p, "cryoarchitect") and not s.turn_flags[p][fr.TURN_CRYO])


def start(s: IceState, p: int, slot: int, paid: int, how: Arg, rule: str | None = None,
          cryo: bool = False) -> None:
    """Pay and begin excavating the tile on ``slot``; the steps run from ``advance``.
    ``how`` says what it cost (or what made it free), ``rule`` the passage that excavates
    (Excavate unless a Snow tile does). ``cryo``: the CryoArchitect's discount is taken
    (its use for the turn is spent)."""
    s.ep[p] -= paid
    s.spent += paid
    if cryo and cryo_applies(s, p, slot):
        s.turn_flags[p][fr.TURN_CRYO] = 1
    on = s.tiles[slot]
    s.line = MSG("excavate", rule=rule, seat=seat(p), tile=hidden(on), how=how)
    fr.push(s, fr.Excavation(p, COLLAPSE, slot, on, rope_arch=0, apart=0, camp=-1, archs=0,
                             leaders=0))


def targets(slot: int) -> list[int]:
    """The distinct places under ``slot`` (a district owning 2-3 of the cells once)."""
    out: list[int] = []
    for q in BOARD.below[slot]:
        if q not in out:
            out.append(q)
    return out


def _weight(slot: int, place: int) -> int:
    return BOARD.below[slot].count(place)


@dataclass(slots=True)
class Dig:
    """An ``Excavation`` frame's fields, to change as a step runs (``receives`` a list)."""

    seat: int
    step: int
    slot: int
    tile: int
    rope_arch: int
    apart: int
    camp: int
    archs: int
    leaders: int
    receives: list[int]

    @classmethod
    def of(cls, frame: fr.Excavation) -> Dig:
        return cls(frame.seat, frame.step, frame.slot, frame.tile, frame.rope_arch, frame.apart,
                   frame.camp, frame.archs, frame.leaders, list(frame.receives))

    def frame(self) -> fr.Excavation:
        return fr.Excavation(self.seat, self.step, self.slot, self.tile, self.rope_arch,
                             self.apart, self.camp, self.archs, self.leaders,
                             tuple(self.receives))


def _digging(s: IceState) -> bool:
    """Whether the innermost open frame is an excavation's."""
    return isinstance(fr.top(s), fr.Excavation)


def advance(s: IceState) -> None:
    """Run the excavation on top of the stack until it needs a choice or is over."""
    while isinstance(frame := fr.top(s), fr.Excavation):
        if _STEPS[frame.step](s, Dig.of(frame)):
            return


def _set(s: IceState, dig: Dig) -> None:
    fr.replace_top(s, dig.frame())


def _next(s: IceState, dig: Dig, step: int) -> None:
    dig.step = step
    _set(s, dig)


def _collapse(s: IceState, dig: Dig) -> bool:
    """A: "If you Excavate a tile partially covered by one tile, the tile that was
    covering collapses: discard it and return any game pieces". The Chain Collapse Rule
    follows at once ("As soon as a tile has only one adjacent tile at the same level, it
    collapses"), before the tile is taken: so the Artifact being excavated cannot collect
    these tiles either. The decisions come in the order the tiles fell, the cover first."""
    p, slot = dig.seat, dig.slot
    cover = excavation(s.tiles, slot)
    _next(s, dig, TAKE)
    if cover is not None and cover >= 0:
        s.line = grow(s.line, "cover-collapses", tile=hidden(s.tiles[cover]))
        before = len(s.pending)
        lose_tile(s, p, cover, COLLAPSED)
        collapse_chain(s, p)
        _in_order(s, before)
        return not _digging(s)
    return False


def _take(s: IceState, dig: Dig) -> bool:
    """B: a Snow tile secretly into the hand, an Artifact face up onto its slot."""
    # The tile is read from its slot: a determinization may have swapped the face-down tile
    # lying there since the excavation began.
    p, slot = dig.seat, dig.slot
    tile = dig.tile = s.tiles[slot]
    # The tile leaves the board; what stood on it is placed below in step C, not returned.
    s.tiles[slot] = -1
    s.rift[slot] = -1
    camp = pieces.camp_at(s, slot)
    if camp >= 0:
        s.camps[camp] = fr.OFF
        dig.camp = camp
    dig.archs = s.archs[slot]
    s.archs[slot] = 0
    mask = 0
    for q in pieces.leaders_at(s, slot):
        mask |= 1 << q
        s.leaders[q] = fr.OFF
    dig.leaders = mask
    _next(s, dig, PREPARE)
    # A Prismatic waits for its slot (a frame); any other tile is placed at once.
    prismatic = IC.tiles[tile].level < 3 and artifacts.natural_slot(tile) < 0
    if not prismatic:
        gain(s, p, tile)
    if IC.tiles[tile].level < 3 and s.options["curse"] != "off":
        advance_marker(s, p, IC.tiles[tile].anima)
    # The tile has left the board: the Chain Collapse Rule runs now, before the Explorers
    # are placed (C) and before a Camp looks for a tile. "From now on, these Snow or
    # Artifact tiles can be used by you": the Artifact just taken may collect what
    # collapses. A Prismatic's collect is asked after its slot is chosen (its frame goes
    # on top; a collect it cannot make is dropped then, ``rules.settle``).
    before = len(s.pending)
    collapse_chain(s, p, maybe_collect=prismatic and _prismatic_may_collect(s, p, tile))
    _in_order(s, before)
    if prismatic:
        gain(s, p, tile)
    return bool(s.pending) and not _digging(s)


def _prismatic_may_collect(s: IceState, p: int, tile: int) -> bool:
    """Whether the Prismatic ``tile``, slotted as a Philosophical Artifact, would make that
    effect ready for seat ``p``."""
    ph = artifacts.PHILOSOPHICAL
    return (not s.used[p][ph]
            and artifacts.slot_anima(s, p, ph) + IC.tiles[tile].anima >= artifacts.needed(s, p))


def _in_order(s: IceState, before: int) -> None:
    """The frames pushed since the stack held ``before`` are asked in the order the tiles
    fell (the first pushed on top)."""
    s.pending = (*s.pending[:before], *reversed(s.pending[before:]))


def gain(s: IceState, p: int, n: int) -> None:
    """Tile ``n`` to seat ``p``: Snow into the hand, an Artifact onto its slot (a
    Prismatic's slot is the player's choice)."""
    if IC.tiles[n].level == 3:
        s.hand[p].append(n)
        s.known[n] |= 1 << p
        s.log.append(Event(MSG("take-snow", seat=seat(p), tile=hidden(n)),
                           kind="take-tile", player=p))
        s.log.append(Event(MSG("take-snow-private", tile=tile(n)), visible_to=frozenset({p}),
                           kind="take-tile", player=p))
        return
    slot = artifacts.natural_slot(n)
    if slot < 0:
        fr.push(s, fr.PrismSlot(p, n))
        return
    artifacts.place_artifact(s, p, n, slot)
    said = (MSG("place-face-down", seat=seat(p), tile=hidden(n)) if s.down[n]
            else MSG("place-artifact", seat=seat(p), tile=tile(n)))
    s.log.append(Event(said, kind="take-tile", player=p))


def prepare_options(s: IceState) -> list[int]:
    """Snow tiles in hand that may join the excavation under way: Abseiling Rope (once),
    Expedition Survivors (each adds 2 Archaeologists)."""
    dig = _excavation(s)
    p = dig.seat
    fronts = (SURVIVORS_FRONT,) if dig.apart else (SURVIVORS_FRONT, ROPE_FRONT)
    return sorted(t for t in s.hand[p] if IC.tiles[t].front in fronts)


def can_grapple(s: IceState) -> bool:
    """Icewalker, once a turn: a Grappling token for the Leader's own place below."""
    dig = _excavation(s)
    p = dig.seat
    return (not dig.apart and dig.leaders >> p & 1 == 1 and s.grapple[p] > 0
            and not s.turn_flags[p][fr.TURN_GRAPPLE] and pieces.has_guild(s, p, "icewalker"))


def held_archaeologists(s: IceState) -> int:
    """Archaeologists an excavation under way holds off the board (conservation)."""
    return sum(f.archs for f in s.pending if isinstance(f, fr.Excavation))


def _excavation(s: IceState) -> Dig:
    """The innermost excavation under way."""
    for frame in reversed(s.pending):
        if isinstance(frame, fr.Excavation):
            return Dig.of(frame)
    raise AssertionError("no excavation under way")


def _prepare(s: IceState, dig: Dig) -> bool:
    """Before the Explorers are placed, Abseiling Rope and Expedition Survivors in hand
    may still be played ("This tile can be used immediately for the excavation that
    reveals it"), and an Icewalker may use a Grappling token."""
    _next(s, dig, SPREAD)
    if prepare_options(s) or can_grapple(s):
        fr.push(s, fr.Prepare(dig.seat))
        return True
    return False


def play_prepared(s: IceState, n: int) -> None:
    """Abseiling Rope or Expedition Survivors (tile ``n``) played into the excavation under
    way."""
    dig = _excavation(s)
    p = dig.seat
    s.hand[p].remove(n)
    s.seen[n] = 1
    s.tile_discard.append(n)
    if IC.tiles[n].front == ROPE_FRONT:
        dig.apart = 1
        s.line = grow(s.line, "rope", tile=tile(n))
    else:
        joined = pieces.from_pool(s, s.params.survivors_archaeologists)
        dig.archs += joined
        s.line = grow(s.line, "survivors", tile=tile(n), n=archaeologists(joined))
    _set_excavation(s, dig)


def grapple(s: IceState) -> None:
    """The Icewalker flips a Grappling token: their Leader is placed apart, after the
    other Explorers."""
    dig = _excavation(s)
    p = dig.seat
    s.grapple[p] -= 1
    s.turn_flags[p][fr.TURN_GRAPPLE] = 1
    dig.apart = 2  # the Leader alone is placed apart
    s.line = grow(s.line, "grapple", token=GRAPPLING)
    _set_excavation(s, dig)


def _set_excavation(s: IceState, dig: Dig) -> None:
    """Write back the innermost excavation, under any frames above it."""
    at = max(i for i, f in enumerate(s.pending) if isinstance(f, fr.Excavation))
    s.pending = (*s.pending[:at], dig.frame(), *s.pending[at + 1:])


def _spread(s: IceState, dig: Dig) -> bool:
    """Work out how many Explorers each place below receives (Placement Rule: "as evenly
    as possible", counting Explorers already there)."""
    p, slot = dig.seat, dig.slot
    archs = dig.archs
    mask = dig.leaders
    if dig.apart and mask >> p & 1:  # Rope or Grappling: the Leader is placed apart
        mask &= ~(1 << p)
        if dig.apart == 1 and archs > 0:  # Rope: one Archaeologist goes with the Leader
            archs -= 1
            dig.rope_arch = 1
    dig.leaders = mask
    dig.receives = [0, 0, 0]
    dig.step = LEADERS
    _fill(s, dig, targets(slot), archs + bin(mask).count("1"))
    return not _digging(s)


def _fill(s: IceState, dig: Dig, places: list[int], left: int) -> None:
    """Give ``left`` more Explorers by the Placement Rule, stopping at a real choice."""
    slot = dig.slot
    while left > 0:
        density = [((pieces.explorers_at(s, q) + dig.receives[i]) / _weight(slot, q), i)
                   for i, q in enumerate(places)]
        low = min(d for d, _ in density)
        tied = [i for d, i in density if d == low]
        if len(tied) <= left:
            for i in tied:
                dig.receives[i] += 1
            left -= len(tied)
            continue
        _set(s, dig)
        fr.push(s, fr.Spread(dig.seat, slot, left))
        return
    _set(s, dig)


def spread_choices(s: IceState) -> list[int]:
    """The places tied for the next Explorer (the SPREAD frame's choice)."""
    dig = _excavation(s)
    slot = dig.slot
    places = targets(slot)
    density = [((pieces.explorers_at(s, q) + dig.receives[i]) / _weight(slot, q), q)
               for i, q in enumerate(places)]
    low = min(d for d, _ in density)
    return [q for d, q in density if d == low]


def spread_to(s: IceState, place: int) -> None:
    """The player gave the next Explorer to ``place``; continue filling."""
    asked = fr.pop(s)
    assert isinstance(asked, fr.Spread)
    dig = _excavation(s)
    places = targets(asked.slot)
    dig.receives[places.index(place)] += 1
    _fill(s, dig, places, asked.left - 1)


def _leaders(s: IceState, dig: Dig) -> bool:
    """Leaders among the Explorers go where the counts allow; the excavating player
    chooses when more than one place is open (their own Leader first)."""
    p, slot = dig.seat, dig.slot
    places = targets(slot)
    for q in dict.fromkeys([p, *range(s.num_players)]):
        dig = _excavation(s)
        if not dig.leaders >> q & 1:
            continue
        open_places = [places[i] for i in range(len(places)) if dig.receives[i] > 0]
        if len(open_places) > 1:
            fr.push(s, fr.LeaderTo(p, q))
            return True
        place_leader(s, q, open_places[0])
    dig = _excavation(s)
    for i, q in enumerate(places):  # the rest are Archaeologists
        s.archs[q] += dig.receives[i]
        dig.archs -= dig.receives[i]
        dig.receives[i] = 0
    _next(s, dig, ROPE)
    return False


def place_leader(s: IceState, q: int, place: int) -> None:
    """Leader ``q`` goes to ``place`` in the spread under way."""
    dig = _excavation(s)
    places = targets(dig.slot)
    dig.receives[places.index(place)] -= 1
    dig.leaders &= ~(1 << q)
    s.leaders[q] = place
    _set_excavation(s, dig)


def leader_choices(s: IceState) -> list[int]:
    dig = _excavation(s)
    places = targets(dig.slot)
    return [places[i] for i in range(len(places)) if dig.receives[i] > 0]


def _apart(s: IceState, dig: Dig) -> bool:
    """Abseiling Rope (the Leader and one Archaeologist) or a Grappling token (the Leader)
    onto one of the places below, the player's choice."""
    _next(s, dig, CAMP)
    if dig.apart:
        fr.push(s, fr.Rope(dig.seat) if dig.apart == 1 else fr.Grapple(dig.seat))
        return True
    return False


def place_apart(s: IceState, to: int) -> None:
    """The Rope's or Grappling token's place was chosen."""
    dig = _excavation(s)
    p = dig.seat
    s.leaders[p] = to
    if dig.rope_arch:
        s.archs[to] += 1
        dig.archs -= 1
        dig.rope_arch = 0
        _set_excavation(s, dig)
    s.line = grow(s.line, "apart", seat=seat(p), place=place(to))


def apart_choices(s: IceState) -> list[int]:
    return targets(_excavation(s).slot)


def camp_choices(s: IceState, slot: int) -> list[int]:
    """Where a Camp from an excavated tile may go: a tile below without a Camp (never an
    edge or Azulia)."""
    return [q for q in targets(slot) if pieces.is_tile(q) and pieces.camp_at(s, q) < 0]


def _camp(s: IceState, dig: Dig) -> bool:
    """"If a Camp was present on the removed tile, place it on any of the tiles below ...
    If it can't be placed on a valid tile, return it to its reserve.\""""
    camp, slot = dig.camp, dig.slot
    _next(s, dig, AFTER)
    if camp < 0:
        return False
    owner = pieces.camp_owner(s, camp)
    if owner >= 0 and pieces.has_guild(s, owner, "navigator"):
        # FAQ: a Navigator's Camp is never on an Artifact tile; it moves to a Snow tile.
        pieces.move_navigator_camp(s, owner, slot)
        return not _digging(s)
    options = camp_choices(s, slot)
    if len(options) > 1:
        fr.push(s, fr.CampTo(dig.seat, camp, slot))
        return True
    if options:
        s.camps[camp] = options[0]
    return False


def _after(s: IceState, dig: Dig) -> bool:
    """The Azulia icons, and the excavation is over (its chain collapses came in steps A
    and B, as soon as the tiles had lost their support)."""
    p = dig.seat
    fr.pop(s)
    # Where the Leader was allocated, for a Harmony effect "after an excavation where you
    # allocate your Expedition Leader onto a Harmony Artifact" (Anima Gemstone); 0: none.
    s.turn_flags[p][fr.TURN_EXCAVATED] = s.leaders[p] + 1
    # The log only grows (a watcher and the terminal read it from where they left off):
    # the excavation's line comes as it ends, after what it revealed on the way.
    s.log.append(Event(close(s.line, "excavated"), kind="excavate", player=p))
    s.line = None
    # "If a player uncovers a whole 1 RP icon after an excavation": its chain collapse too.
    pieces.award_icons(s, p)
    return True


def collapse_chain(s: IceState, p: int, maybe_collect: bool = False) -> None:
    """"As soon as a tile has only one adjacent tile at the same level, it collapses";
    a chain collapse can trigger another one. ``maybe_collect``: see ``lose_tile``."""
    for slot in chain_collapse(s.tiles):
        if s.tiles[slot] >= 0:
            s.log.append(Event(MSG("chain-collapse", tile=hidden(s.tiles[slot]),
                                   place=place(slot)), kind="collapse", player=p))
            lose_tile(s, p, slot, CHAIN_COLLAPSED, maybe_collect)


def lose_tile(s: IceState, p: int, slot: int, why: Mention,
              maybe_collect: bool = False) -> None:
    """A tile collapses or is destroyed on seat ``p``'s turn: pieces return, the tile is
    discarded, unless ``p`` collects it with a Philosophical Artifact (a frame asks).
    ``maybe_collect``: the frame waits even if no Philosophical effect is ready yet (a
    Prismatic Artifact still to be slotted may make one); ``rules.settle`` discards the
    tile when the frame comes up and none is."""
    tile = pieces.remove_tile(s, slot, why)
    if maybe_collect or artifacts.can_trigger(s, p, artifacts.PHILOSOPHICAL):
        fr.push(s, fr.Collect(p, tile))
    else:
        pieces.discard_tile(s, tile)


_STEPS = {COLLAPSE: _collapse, TAKE: _take, PREPARE: _prepare, SPREAD: _spread,
          LEADERS: _leaders, ROPE: _apart, CAMP: _camp, AFTER: _after}
