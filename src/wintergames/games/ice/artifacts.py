"""Artifacts on a guild board: Anima per slot, what triggering needs, and using an
effect once a Day (RB "Effects of the 5 Artifact Types", Expert Mode's Curses, the
Blessing variant, the Incandescent's Activation token).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import PRISMATIC

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

HARMONY, EXALTED, ACHIEVEMENT, PHILOSOPHICAL, OBLITERATION = range(5)


def needed(s: IceState, p: int) -> int:
    """Anima a slot needs to trigger: 2, 1 with a Blessing, 2 / 3 under a Curse (a flipped
    Curse token still needs its Curse's Anima): the game's ``params``."""
    params, token = s.params, s.trigger[p]
    if token == fr.TRIGGER_NONE:
        return params.anima_normal
    if token == fr.TRIGGER_BLESSING:
        return params.anima_blessing
    if token in (fr.TRIGGER_LIGHT, fr.TRIGGER_LIGHT_FLIPPED):
        return params.anima_light
    return params.anima_dark


def slot_anima(s: IceState, p: int, t: int) -> int:
    """Artifacts in slot ``t`` (face up or down: they stay on the board) and a ready Study
    token ("Study tokens count towards the number of Anima")."""
    total = sum(IC.tiles[tile].anima for tile in s.art[p][t])
    return total + (1 if s.study[p][t] == 1 else 0)


def slot_ready(s: IceState, p: int, t: int) -> bool:
    """The slot's own Artifacts can trigger its effect today: enough Anima with at least
    one Artifact ("A Study token alone can't trigger"), not yet used today."""
    return (not s.used[p][t] and bool(s.art[p][t])
            and slot_anima(s, p, t) >= needed(s, p))


def token_ready(s: IceState, p: int, t: int) -> bool:
    """The Incandescent's Activation token lies on slot ``t`` and is unused."""
    return s.activation[p] == t


def armed(s: IceState, p: int, t: int) -> bool:
    """An Anima Gemstone played on a Philosophical Artifact this turn still waits for a
    tile to collect (see powers.apply_effect)."""
    return t == PHILOSOPHICAL and s.turn_flags[p][fr.TURN_PHILOSOPHICAL] == 1


def can_trigger(s: IceState, p: int, t: int) -> bool:
    return slot_ready(s, p, t) or token_ready(s, p, t) or armed(s, p, t)


def use(s: IceState, p: int, t: int) -> None:
    """Spend today's use of type ``t``: an armed Gemstone collect first (it lapses at the
    end of the turn), then the slot's own Artifacts (turn the top one face down), else the
    Activation token (back to its place, grey side up). Nothing is spent when nothing is
    ready (callers check ``can_trigger`` first).

    The Incandescents "are the only Guild that can trigger the effect of the same
    Artifact Type twice in one Day": the slot once, the token once.
    """
    if armed(s, p, t):
        s.turn_flags[p][fr.TURN_PHILOSOPHICAL] = 0
    elif slot_ready(s, p, t):
        s.used[p][t] = 1
        s.down[s.art[p][t][-1]] = 1
    elif token_ready(s, p, t):
        s.activation[p] = fr.SPENT


def place_artifact(s: IceState, p: int, tile: int, slot: int) -> None:
    """An excavated (or collected) Artifact onto its slot: "If there was already an
    Artifact on the slot placed face down, due to it being used, then place the new
    Artifact also face down." A Prismatic goes to the ``slot`` its owner chose."""
    s.art[p][slot].append(tile)
    if s.used[p][slot]:
        s.down[tile] = 1
        s.known[tile] |= 1 << p
    else:
        s.seen[tile] = 1


def natural_slot(tile: int) -> int:
    """The slot of a basic Artifact; -1 for a Prismatic (its owner chooses)."""
    t = IC.tiles[tile].type
    return -1 if t == PRISMATIC else t
