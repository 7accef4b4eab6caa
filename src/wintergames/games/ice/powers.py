"""Artifact effects (RB "Effects of the 5 Artifact Types", "Prismatic Artifacts") as free
actions, and the routing of the guild abilities (``guilds.py``).

An effect is triggered with ``trigger TYPE`` when its slot can (``artifacts.can_trigger``:
enough Anima with at least one Artifact, once a Day per type, or the Incandescent's
Activation token) and it does something now (``can_apply``). Philosophical is never a
free action: it is offered when a tile collapses or is destroyed on your turn
(``excavate.lose_tile``). Exalted costs 1 EP of the turn's spending.

``apply_effect`` applies an effect without spending the day's use (the Anima Gemstone
Snow tile calls it):

>>> import wintergames as wg
>>> s = wg.make("ice", 3, seed=1, options={"logbook": "off", "first_player": "1"})
>>> available(s, 0)  # the opening Requests are still being chosen: no Artifacts yet
[]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.events import Event
from wintergames.games.ice import artifacts, excavate, guilds, pieces
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import Put, Trigger
from wintergames.games.ice.artifacts import (
    ACHIEVEMENT,
    EXALTED,
    HARMONY,
    OBLITERATION,
    PHILOSOPHICAL,
)
from wintergames.games.ice.geometry import BOARD, adjacent, uncovered
from wintergames.games.ice.words import (
    ACTIVATION,
    ARCHAEOLOGIST,
    DESTROYED,
    MSG,
    archaeologists,
    artifact_type,
    close,
    ep,
    place,
    seat,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

# Obliteration's "adjacent" is the Adjacency Rule, not a Move: a Rift does not stop it.
NO_RIFT = (-1,) * BOARD.n
# The passage of each effect, by type.
EFFECT_RULES = ("artifact.harmony", "artifact.exalted", "artifact.achievement",
                "artifact.philosophical", "artifact.obliteration")


# -- what can be used now ------------------------------------------------------------------


def available(s: IceState, p: int) -> list[Action]:
    """Free actions of seat ``p`` now (no frame open, its turn): each Artifact effect that
    can be triggered and does something, then the guild abilities."""
    if s.day < 1 or s.current != p or s.pending:
        return []
    # Without an Artifact on its slot or the Activation token there, a type cannot
    # trigger (a hot path: most seats hold few Artifacts).
    arts, token = s.art[p], s.activation[p]
    out: list[Action] = [Trigger.ALL[t] for t in range(5) if t != PHILOSOPHICAL
                         and (arts[t] or token == t)
                         and artifacts.can_trigger(s, p, t) and can_apply(s, p, t)]
    return out + guilds.available(s, p)


def can_apply(s: IceState, p: int, t: int) -> bool:
    """Whether effect ``t`` would do something for seat ``p`` now, its day's use aside.

    Harmony only right after an excavation's allocation (and with an Archaeologist in the
    pool); Exalted needs 1 EP the turn may still spend and an Archaeologist next to the
    Leader; Achievement needs room under the 6 EP cap; Obliteration a tile to destroy;
    Philosophical (an Anima Gemstone's) arms one collect for the turn, once.
    """
    at = s.leaders[p]
    params = s.params  # the effects' numbers (setup.toml [effects], a what-if overlay)
    if t == HARMONY:
        return (s.turn_flags[p][fr.TURN_EXCAVATED] > 0 and at >= 0
                and s.arch_supply >= params.harmony_archaeologists)
    if t == EXALTED:
        return (at >= 0 and fr.can_spend(s, p, params.exalted_ep)
                and any(s.archs[q] > 0 for q in adjacent(s.tiles, s.rift, at)))
    if t == ACHIEVEMENT:
        return s.ep[p] < params.ep_max
    if t == OBLITERATION:
        return bool(obliteration_targets(s, p))
    return not artifacts.armed(s, p, PHILOSOPHICAL)


def obliteration_targets(s: IceState, p: int) -> list[int]:
    """"Destroy a fully uncovered tile adjacent to the tile where your Expedition Leader
    is located. ... You can also use an Obliteration Artifact to destroy the tile your
    Leader is on." Edges and Azulia are no tiles to destroy."""
    at = s.leaders[p]
    if at < 0:
        return []
    near = {at, *adjacent(s.tiles, NO_RIFT, at)}
    return sorted(q for q in near if pieces.is_tile(q) and uncovered(s.tiles, q))


# -- using them ----------------------------------------------------------------------------


def use(s: IceState, p: int, action: Action) -> None:
    """Carry out a free action from ``available`` (already checked legal)."""
    if isinstance(action, Trigger):
        trigger(s, p, action.value)
    else:
        guilds.use(s, p, action)


def trigger(s: IceState, p: int, t: int) -> None:
    """Spend today's use of ``t`` (the top Artifact turns face down, or the Activation
    token goes back grey side up), then apply the effect."""
    token = not artifacts.slot_ready(s, p, t)
    artifacts.use(s, p, t)
    if token:
        s.line = MSG("trigger-token", rule=EFFECT_RULES[t], seat=seat(p), type=artifact_type(t),
                     token=ACTIVATION)
    else:
        s.line = MSG("trigger", rule=EFFECT_RULES[t], seat=seat(p), type=artifact_type(t))
    apply_effect(s, p, t)


def apply_effect(s: IceState, p: int, t: int) -> None:
    """Apply Artifact effect ``t`` for seat ``p`` as if triggered, without spending the
    day's use. The caller checked ``can_apply``. The log line starts with ``s.line`` when
    one is under way. Exalted still costs 1 EP ("You still have to pay 1 EP if you want to
    trigger an Exalted Artifact"); Obliteration opens a frame for its target.
    """
    at = s.leaders[p]
    params = s.params
    if s.line is None:
        s.line = MSG("use-effect", rule=EFFECT_RULES[t], seat=seat(p), type=artifact_type(t))
    if t == OBLITERATION:
        fr.push(s, fr.Obliterate(p))
        return
    if t == HARMONY:
        n = pieces.add_archaeologists(s, at, params.harmony_archaeologists)
        said = close(s.line, "harmony", n=archaeologists(n), place=place(at))
    elif t == EXALTED:
        s.ep[p] -= params.exalted_ep
        s.spent += params.exalted_ep
        sources = [q for q in adjacent(s.tiles, s.rift, at) if s.archs[q] > 0]
        for q in sources:
            s.archs[q] -= 1
            s.archs[at] += 1
        said = close(s.line, "exalted", ep=ep(params.exalted_ep), archaeologist=ARCHAEOLOGIST,
                     places=tuple(place(q) for q in sources), place=place(at))
    elif t == ACHIEVEMENT:
        s.ep[p] = min(params.ep_max, s.ep[p] + params.achievement_ep)
        said = close(s.line, "achievement", ep=ep(params.achievement_ep), now=ep(s.ep[p]))
    else:
        s.turn_flags[p][fr.TURN_PHILOSOPHICAL] = 1
        said = close(s.line, "philosophical")
    s.line = None
    s.log.append(Event(said, kind="trigger", player=p))


# -- the frames ------------------------------------------------------------------------------


def obliterate_options(s: IceState, frame: fr.Obliterate) -> list[Action]:
    return [Put.ALL[q] for q in obliteration_targets(s, frame.seat)]


def resolve_obliterate(s: IceState, frame: fr.Obliterate, action: Action) -> None:
    assert isinstance(action, Put)
    obliterate(s, frame.seat, action.value)


def obliterate(s: IceState, p: int, slot: int) -> None:
    """Destroy the tile on ``slot``: "Any game elements on an obliterated tile ... are
    returned to their respective reserves or players"; the tile goes to the discard pile
    unless a Philosophical Artifact collects it ("this can be combined with the
    Philosophical Artifact to collect that tile"); then chain collapses, and an Azulia
    icon it uncovered pays seat ``p`` (whose turn uncovered it)."""
    s.log.append(Event(close(s.line, "destroyed", place=place(slot)), kind="destroy",
                       player=p))
    s.line = None
    excavate.lose_tile(s, p, slot, DESTROYED)
    excavate.collapse_chain(s, p)
    pieces.award_icons(s, p)
