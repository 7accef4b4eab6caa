"""The decks: a house deck drawn from (reshuffled from its discard pile when it runs
out), and the season decks that replenish the province boards (RB "Ending Your Turn",
"Seasons").

Below turn.py, effects.py and balaur.py, which all draw or replenish.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.games.winterborne.words import MSG, cards, season, seat

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

WINTER = 3


def draw(s: WinterborneState, p: int, n: int, rule: str | None = None) -> None:
    """Draw ``n`` cards; "whenever your personal deck is empty and you need to draw a card,
    reshuffle the discard pile". ``rule``: the passage that draws, when not the end of the
    turn's draw."""
    drawn = []
    for _ in range(n):
        if not s.deck[p]:
            if not s.discard[p]:
                break
            s.deck[p] = s.discard[p]
            s.discard[p] = []
            s.rng.shuffle(s.deck[p])
            s.log.append(Event(MSG("shuffle", seat=seat(p)), kind="shuffle", player=p))
        card = s.deck[p].pop()
        s.hand[p].append(card)
        drawn.append(card)
    if drawn:
        s.log.append(Event(MSG("draw", rule, cards=cards(drawn)),
                           visible_to=frozenset({p}), kind="draw", player=p))


def replenish(s: WinterborneState) -> None:
    """Fill empty exploration spaces from the current season deck, from 12 o'clock
    clockwise; an emptied deck moves the season on."""
    for province in range(6):
        if s.explore_slot[province] < 0:
            card = next_exploration_card(s)
            if card < 0:
                return
            s.explore_slot[province] = card


def source_deck(s: WinterborneState) -> int:
    """The deck replenishing draws from: the season's, or Winter's once Autumn ran out
    ("If the autumn deck is empty and you are continuing the round, replenish cards from
    the winter deck")."""
    return WINTER if s.autumn_out else s.season


def next_exploration_card(s: WinterborneState) -> int:
    while True:
        d = source_deck(s)
        deck = s.season_decks[d]
        if deck:
            card = deck.pop()
            if not deck:
                deck_emptied(s, d)
            return card
        if d == WINTER:
            return -1
        deck_emptied(s, d)


def deck_emptied(s: WinterborneState, d: int) -> None:
    if d < 2:
        s.season = d + 1
        s.log.append(Event(MSG("season", season=season(d), next=season(d + 1)),
                           kind="season"))
    elif d == 2 and not s.autumn_out:
        s.autumn_out = True
        s.log.append(Event(MSG("autumn-out"), kind="season"))
