"""Expert mode: Nuuka's Curse (RB "Moving on the Curse Track", "Curses", the Gentle
variant).

The marker moves one space per Anima of an excavated Artifact, space by space: a space
with a Curse token of a kind the player does not have yet gives them that token (the
previous token is discarded); reaching space 7 flips a light token, space 13 a dark one;
past 13 nothing new happens ("plundered"). Curses add up: a grown light Curse still
limits Moves to 2 Archaeologists after the dark token replaced it on the trigger slot
("When a Curse token is flipped, a new curse applies to you as well as any previous
curses"; "all previous curses still apply").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import RP_TOKENS
from wintergames.games.ice.words import (
    DARK_CURSE,
    DARK_CURSE_TOKEN,
    LIGHT_CURSE,
    LIGHT_CURSE_TOKEN,
    MSG,
    archaeologists,
    rp_tokens,
    seat,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

LIGHT_TOKENS = (fr.TRIGGER_LIGHT, fr.TRIGGER_LIGHT_FLIPPED)
DARK_TOKENS = (fr.TRIGGER_DARK, fr.TRIGGER_DARK_FLIPPED)


def is_dark_space(space: int) -> bool:
    """Dark tokens lie past the light flip (spaces 10-12), light ones before it."""
    return space > IC.curse_flip[0]


def advance_marker(s: IceState, p: int, anima: int) -> None:
    """Move seat ``p``'s marker ``anima`` spaces, applying each space it enters."""
    for _ in range(anima):
        if s.curse[p] >= IC.curse_end:
            return  # "you won't receive any new curses"
        s.curse[p] += 1
        space = s.curse[p]
        _enter(s, p, space)


def _enter(s: IceState, p: int, space: int) -> None:
    token = s.trigger[p]
    if s.curse_tokens[space] > 0:
        dark = is_dark_space(space)
        have = token in (DARK_TOKENS if dark else LIGHT_TOKENS)
        if not have:
            s.curse_tokens[space] -= 1
            s.trigger[p] = fr.TRIGGER_DARK if dark else fr.TRIGGER_LIGHT
            s.log.append(Event(MSG("cursed", seat=seat(p), space=space,
                                   token=DARK_CURSE_TOKEN if dark else LIGHT_CURSE_TOKEN),
                               kind="curse", player=p))
    if space == IC.curse_flip[0] and s.trigger[p] == fr.TRIGGER_LIGHT:
        s.trigger[p] = fr.TRIGGER_LIGHT_FLIPPED
        most = s.params.light_flipped_followers
        s.follow_cap[p] = min(s.follow_cap[p], most)
        s.log.append(Event(MSG("curse-grows", seat=seat(p), curse=LIGHT_CURSE, space=space,
                               n=archaeologists(most)), kind="curse", player=p))
    if space == IC.curse_flip[1] and s.trigger[p] == fr.TRIGGER_DARK:
        s.trigger[p] = fr.TRIGGER_DARK_FLIPPED
        most = s.params.dark_flipped_followers
        s.follow_cap[p] = min(s.follow_cap[p], most)
        s.log.append(Event(MSG("curse-grows", seat=seat(p), curse=DARK_CURSE, space=space,
                               n=archaeologists(most)), kind="curse", player=p))


def gentle(s: IceState) -> None:
    """Gentle variant, at each Sunrise but the first: "the last player(s) on the Curse
    track take any 1 Study token that they do not already have. If they already have all 5
    types of Study tokens, they then take 2 RP tokens instead." A choice per seat."""
    low = min(s.curse)
    order = [(s.first + i) % s.num_players for i in range(s.num_players)]
    for p in reversed(order):  # pushed last first: the first player chooses first
        if s.curse[p] != low:
            continue
        if all(s.study[p]):
            gained = s.params.all_studies_rp
            s.rp[p] += gained
            s.log.append(Event(MSG("gentle-rp", seat=seat(p), rp=rp_tokens(gained)),
                               kind="gentle", player=p, vp=gained, category=RP_TOKENS,
                               item="gentle"))
        else:
            fr.push(s, fr.Study(p))
