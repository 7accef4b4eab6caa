"""Pieces on the board: who stands where, camps, and what happens to them when a tile
leaves the board (RB "Discard a tile": "return all the items on the tile to their
respective reserves or players").

These are the shared moves every rule uses; none of them decides anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.core.phrases import Mention
from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import (
    BOARD,
    EMPTY,
    exposed,
    icon_uncovered,
    uncovered_tiles,
)
from wintergames.games.ice.model import GUILDS, RP_TOKENS
from wintergames.games.ice.words import CAMP, LEADER, MSG, rp_tokens, seat

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


def leaders_at(s: IceState, place: int) -> list[int]:
    return [p for p, at in enumerate(s.leaders) if at == place]


def explorers_at(s: IceState, place: int) -> int:
    """Archaeologists and Expedition Leaders on ``place`` (RB "Explorers")."""
    return s.archs[place] + sum(1 for at in s.leaders if at == place)


def camp_at(s: IceState, place: int) -> int:
    """The index in ``camps`` of the Camp on ``place``, or -1."""
    for c, at in enumerate(s.camps):
        if at == place:
            return c
    return -1


def camp_owner(s: IceState, camp: int) -> int:
    """The seat owning a guild Camp, or -1 for a White Camp."""
    return camp if camp < s.num_players else -1


def has_guild(s: IceState, p: int, guild: str) -> bool:
    """Whether seat ``p`` plays ``guild`` with its ability (never in a first game)."""
    return played_guild(s, p) == guild


def played_guild(s: IceState, p: int) -> str | None:
    """The guild whose ability seat ``p`` plays; None in a first game (no abilities)."""
    return None if s.options["first_game"] else GUILDS[s.guild[p]]


def is_tile(place: int) -> bool:
    return BOARD.kind[place] == "tile"


def camp_to_build(s: IceState, p: int) -> int:
    """The Camp a Build a Camp places: your own if it is not on the board, else a White
    Camp from the pool; -1 if neither."""
    if s.camps[p] == fr.OFF:
        return p
    for c in range(s.num_players, len(s.camps)):
        if s.camps[c] == fr.OFF:
            return c
    return -1


def camp_sites(s: IceState, p: int | None = None) -> list[int]:
    """"any uncovered tile" without a Camp, on any layer but Azulia (never an edge), for
    the Camp seat ``p`` (the seat to move by default) would build. A Navigator's own Camp
    goes on Snow tiles only (RB FAQ: "As Navigators can you build your camp on an Artifact
    tile? No.")."""
    seat = s.current if p is None else p
    snow_only = camp_to_build(s, seat) == seat and has_guild(s, seat, "navigator")
    camps = set(s.camps)
    sites = [q for q in uncovered_tiles(s.tiles) if q not in camps]
    if snow_only:  # a Snow tile, wherever it lies (a Snowstorm may put one on the Surface)
        return [q for q in sites if IC.tiles[s.tiles[q]].level == 3]
    return sites


def navigator_follower(s: IceState, p: int, origin: int) -> None:
    """Navigator: "Once per turn, 1 Archaeologist may follow your Expedition Leader when
    you move via Sail or Build a Camp actions, ..." (and its move to its Camp)."""
    most = min(s.params.navigator_followers, s.archs[origin]) if origin >= 0 else 0
    if most > 0 and has_guild(s, p, "navigator") \
            and not s.turn_flags[p][fr.TURN_NAV_FOLLOW] and origin != s.leaders[p]:
        fr.push(s, fr.Follow(p, origin, most, fr.NAVIGATOR_FOLLOW))


def add_archaeologists(s: IceState, place: int, count: int) -> int:
    """Up to ``count`` Archaeologists from the pool onto ``place``; how many came (RB FAQ:
    with none left in the pool, none are added)."""
    n = min(count, s.arch_supply)
    s.archs[place] += n
    s.arch_supply -= n
    return n


def from_pool(s: IceState, count: int) -> int:
    """Take up to ``count`` Archaeologists out of the pool; how many there were."""
    n = min(count, s.arch_supply)
    s.arch_supply -= n
    return n


def remove_tile(s: IceState, slot: int, why: Mention) -> int:
    """Take the tile off ``slot`` (to the discard pile unless the caller keeps it) and
    return what stood on it: Archaeologists to the pool, Leaders to their players, Camps
    to their owners or the pool. A Navigator's Camp moves instead: a frame asks where.

    Returns the tile id; the caller decides where the tile goes.
    """
    tile = s.tiles[slot]
    s.tiles[slot] = EMPTY
    s.arch_supply += s.archs[slot]
    s.archs[slot] = 0
    for p in leaders_at(s, slot):
        s.leaders[p] = fr.OFF
        s.log.append(Event(MSG("leader-off", seat=seat(p), leader=LEADER, why=why),
                           kind="leader-off", player=p))
    camp = camp_at(s, slot)
    if camp >= 0:
        owner = camp_owner(s, camp)
        s.camps[camp] = fr.OFF
        if owner >= 0 and has_guild(s, owner, "navigator"):
            move_navigator_camp(s, owner, slot)
    s.rift[slot] = -1
    return tile


_UPPER_SLOTS = (*BOARD.slots[2], *BOARD.slots[3])
_SNOW = tuple(t.level == 3 for t in IC.tiles)


def snow_tiles(s: IceState) -> list[int]:
    """Places showing a Snow tile (wherever it lies: a Snowstorm may put one on the
    Surface) that pieces can stand on."""
    tiles = s.tiles
    return [q for q in _UPPER_SLOTS if tiles[q] >= 0 and _SNOW[tiles[q]] and exposed(tiles, q)]


def nav_camp_sites(s: IceState, slot: int) -> list[int]:
    """The Navigator's Camp "must move ... onto an adjacent Snow tile, if possible. If there
    is no Snow tile immediately adjacent, they can then move their camp onto ANY Snow
    tile" (one without a Camp)."""
    camps = set(s.camps)
    snow = [q for q in snow_tiles(s) if q not in camps]
    near = set(BOARD.sides[slot]) | set(BOARD.above[slot]) | set(BOARD.below[slot])
    return [q for q in snow if q in near] or snow


def move_navigator_camp(s: IceState, owner: int, slot: int) -> None:
    """The Navigator's Camp left ``slot``: its owner chooses a Snow tile for it (a frame),
    or, with no Snow tile free, it goes back to them ("If it can't be placed on a valid
    tile, return it to its reserve")."""
    s.camps[owner] = fr.OFF
    if nav_camp_sites(s, slot):
        fr.push(s, fr.NavCamp(owner, slot))
    else:
        s.log.append(Event(MSG("nav-camp-back", seat=seat(owner), camp=CAMP), kind="camp",
                           player=owner))


def discard_tile(s: IceState, tile: int) -> None:
    s.tile_discard.append(tile)


def award_icons(s: IceState, p: int) -> None:
    """Azulia: "If a player uncovers a whole 1 RP icon after an excavation, they take a 1
    RP token." Each icon pays once, to the seat whose turn uncovered it."""
    for i in range(len(BOARD.icons)):
        if not s.icons_taken[i] and icon_uncovered(s.tiles, i):
            s.icons_taken[i] = 1
            gained = s.params.azulia_rp
            s.rp[p] += gained
            s.log.append(Event(MSG("azulia-icon", seat=seat(p), rp=rp_tokens(gained)),
                               kind="rp", player=p, vp=gained, category=RP_TOKENS,
                               item="azulia-icon"))
