"""Guild abilities used as free actions or frames (RB "Guild Boards"): the Navigator's
move to its Camp, the Incandescent's Activation token, the Nourisher's Archaeologists,
the CryoArchitect's rebuilt Camp. Never in a first game (``pieces.has_guild``).

Elsewhere: the Navigator's follower (``pieces.navigator_follower``, after Sail / Build a
Camp in ``turn.py`` and after ``navigate`` here) and its Camp moved when its tile goes
(``rules.py``); the Icewalker's Grappling token and the CryoArchitect's cheaper
excavation (``excavate.py``); the Sunrise resets (``days.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.events import Event
from wintergames.games.ice import frames as fr
from wintergames.games.ice import pieces
from wintergames.games.ice.actions import WORDS, Choose, Nourish, Put, Word
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import GUILDS, PRISMATIC
from wintergames.games.ice.words import (
    ACTIVATION,
    CAMP,
    MSG,
    archaeologists,
    artifact_type,
    ep,
    place,
    seat,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

NAVIGATE, ACTIVATE = WORDS.index("navigate"), WORDS.index("activate")


def available(s: IceState, p: int) -> list[Action]:
    """The abilities seat ``p`` may use now as free actions."""
    if s.options["first_game"]:  # no guild abilities (a hot path: asked every turn)
        return []
    guild = GUILDS[s.guild[p]]  # one guild, so at most one kind of ability
    if guild == "navigator":
        return [Word.ALL[NAVIGATE]] if can_navigate(s, p) else []
    if guild == "incandescent":
        return [Word.ALL[ACTIVATE]] if can_activate(s, p) else []
    if guild == "nourisher":
        return [Nourish.ALL[q] for q in nourish_sites(s, p)]
    return []


def can_navigate(s: IceState, p: int) -> bool:
    """Navigator: "Once per Day you can move your Expedition Leader for free to the tile
    containing your own Guild Camp" (not already there; from the board or the reserve)."""
    return (pieces.has_guild(s, p, "navigator") and not s.day_flags[p][fr.DAY_NAV_CAMP]
            and s.camps[p] >= 0 and s.leaders[p] != s.camps[p])


def artifact_under(s: IceState, p: int) -> int:
    """The type (0..4, or PRISMATIC) of the Artifact tile seat ``p``'s Leader is on, or -1."""
    at = s.leaders[p]
    if at < 0 or not pieces.is_tile(at) or s.tiles[at] < 0:
        return -1
    tile = IC.tiles[s.tiles[at]]
    return -1 if tile.level == 3 else tile.type


def can_activate(s: IceState, p: int) -> bool:
    """Incandescent: "Once per Day, during your turn, if your Expedition Leader is on an
    Artifact tile, you may place your Activation token on the corresponding Artifact
    slot"."""
    return (pieces.has_guild(s, p, "incandescent") and not s.day_flags[p][fr.DAY_INCANDESCENT]
            and s.activation[p] == fr.READY and artifact_under(s, p) >= 0)


def nourish_sites(s: IceState, p: int) -> list[int]:
    """Nourisher: "Once per turn, you can bring 1 Archaeologist from your Guild board to a
    Snow tile for free. Your Expedition Leader doesn't have to be present"."""
    if not (pieces.has_guild(s, p, "nourisher") and s.guild_archs[p] > 0
            and not s.turn_flags[p][fr.TURN_NOURISH]):
        return []
    return pieces.snow_tiles(s)


def use(s: IceState, p: int, action: Action) -> None:
    """Carry out an ability from ``available`` (already checked legal)."""
    if action == Word.ALL[NAVIGATE]:
        navigate(s, p)
    elif action == Word.ALL[ACTIVATE]:
        activate(s, p)
    elif isinstance(action, Nourish):
        nourish(s, p, action.value)
    else:
        raise AssertionError(f"{action} is no guild ability")


def navigate(s: IceState, p: int) -> None:
    """The Leader goes to the Navigator's own Camp, which flips grey for the Day; "Once per
    turn, 1 Archaeologist may follow ... Using the once per Day ability"."""
    origin = s.leaders[p]
    s.leaders[p] = s.camps[p]
    s.day_flags[p][fr.DAY_NAV_CAMP] = 1
    s.log.append(Event(MSG("navigate", seat=seat(p), camp=CAMP, place=place(s.camps[p])),
                       kind="navigate", player=p))
    pieces.navigator_follower(s, p, origin)  # the one rule for every Navigator move


def activate(s: IceState, p: int) -> None:
    """Place the Activation token on the slot of the Artifact under the Leader; "If your
    Expedition Leader is on a Prismatic Artifact tile, you can place your Activation
    token on the slot of your choice" (a frame asks)."""
    s.day_flags[p][fr.DAY_INCANDESCENT] = 1
    t = artifact_under(s, p)
    if t == PRISMATIC:
        fr.push(s, fr.Activate(p))
        return
    _place_token(s, p, t)


def _place_token(s: IceState, p: int, t: int) -> None:
    s.activation[p] = t
    s.log.append(Event(MSG("activation", seat=seat(p), token=ACTIVATION, type=artifact_type(t)),
                       kind="activate", player=p))


def nourishing(s: IceState, p: int) -> int:
    """Archaeologists the Nourisher's once-a-turn move brings: "1 Archaeologist from your
    Guild board" (the game's ``params``), as many as the board holds."""
    return min(s.params.nourish_archaeologists, s.guild_archs[p])


def nourish(s: IceState, p: int, to: int) -> None:
    n = nourishing(s, p)
    s.guild_archs[p] -= n
    s.archs[to] += n
    s.turn_flags[p][fr.TURN_NOURISH] = 1
    s.log.append(Event(MSG("nourish", seat=seat(p), n=archaeologists(n), place=place(to)),
                       kind="nourish", player=p))


def rebuild_sites(s: IceState, p: int) -> list[int]:
    """CryoArchitect: "take your Camp and your Expedition Leader and place them on any
    fully revealed tile" (uncovered, without a Camp, never an edge or Azulia)."""
    return pieces.camp_sites(s, p)


def ability_options(s: IceState, frame: fr.Rebuild | fr.Activate) -> list[Action]:
    if isinstance(frame, fr.Rebuild):
        return [Put.ALL[q] for q in rebuild_sites(s, frame.seat)]
    return [Choose.ALL[t] for t in range(5)]


def resolve_ability(s: IceState, frame: fr.Rebuild | fr.Activate, action: Action) -> None:
    p = frame.seat
    if isinstance(frame, fr.Rebuild):
        assert isinstance(action, Put)
        s.camps[p] = action.value
        s.leaders[p] = action.value
        s.log.append(Event(MSG("rebuild", seat=seat(p), camp=CAMP, place=place(action.value),
                               ep=ep(s.params.cryo_rebuild_ep)), kind="camp", player=p))
    else:
        assert isinstance(action, Choose)
        _place_token(s, p, action.value)
