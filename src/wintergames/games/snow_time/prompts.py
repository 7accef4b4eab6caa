"""What a Snow Time seat is deciding, and each of its choices, in the game's words.

The terminal and the browser both show these (``State.decision``, ``State.choices``).
Every decision is made for one colour, at a simultaneous step (RB "2. Playing a Card"):
its prompt names the colour and the step (a card to play, a card after the Watcher, the
cards a Healer takes back), and its limit says how many colours have yet to choose (in
the two-player variant, which of the seat's colours comes next). A seat whose choices
are in is no longer to move, so it has no prompt.

>>> import wintergames as wg
>>> s = wg.make("snow-time", 3, seed=1)
>>> d = s.decision(0)
>>> d.prompt.text
'Choose the card red plays this turn, face down'
>>> d.limit.text
'3 of 3 colours yet to choose; all are revealed together'
>>> [choice.label.text for _, choice in s.choices(0)][:2]
['Play 1', 'Play 2']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.phrases import Mention, Phrase
from wintergames.games.snow_time.actions import Heal, PlayCard
from wintergames.games.snow_time.components import FIGHT, FRUIT, ST, cards_in
from wintergames.games.snow_time.rules import HEAL_STEP, WATCH, deciding_colour
from wintergames.games.snow_time.words import MSG, card, colour, each, level, total, who

if TYPE_CHECKING:
    from wintergames.games.snow_time.state import SnowTimeState as S


def decision(s: S, p: int) -> Decision:
    """The prompt of seat ``p``, who owes a choice for one of its colours."""
    k = deciding_colour(s, p)
    mine = _still_to_choose(s, p)
    step = _step_limit(s, k)
    if len(mine) > 1:  # the two-player variant: this colour first, then the other
        step = MSG("limit-two", colour=colour(k), other=colour(mine[1]), step=step)
    if s.phase == HEAL_STEP:
        prompt = MSG("ask-heal", colour=colour(k), healer=card(ST.healer))
        limit = MSG("limit-heal", most=s.params.healer_takes_back, fallen=_cards(s.discard[k]),
                    step=step)
    elif s.phase == WATCH:
        prompt = MSG("ask-play-again", colour=colour(k), watcher=card(ST.watcher))
        limit = step
    else:
        prompt = MSG("ask-play", colour=colour(k))
        limit = step
    return Decision(prompt, piece=colour(k), limit=limit,
                    remaining=len(mine) if len(mine) > 1 else None)


def _still_to_choose(s: S, p: int) -> list[int]:
    """Seat ``p``'s colours that owe a choice not yet made in this step, in order."""
    return [k for k in s.of_player[p] if s.owes[k] and s.pending[k] is None]


def _step_limit(s: S, k: int) -> Phrase:
    """How many colours of the step have yet to choose (colour ``k`` among them)."""
    owing = sum(s.owes)
    if owing == 1:
        return MSG("limit-alone", colour=colour(k))
    left = sum(1 for j in range(s.colours) if s.owes[j] and s.pending[j] is None)
    return MSG("limit-step", left=left, owing=owing)


def _cards(mask: int) -> tuple[Mention, ...]:
    """The cards of a set, lowest first: "3, 5 and 6"."""
    return tuple(card(c) for c in cards_in(mask))


def choice(s: S, a: Action, p: int) -> Choice:
    """Legal action ``a`` of seat ``p`` as a label and a one-line explanation."""
    if isinstance(a, Heal):
        return _heal_choice(s, a)
    assert isinstance(a, PlayCard)
    return Choice(MSG("play-label", card=card(a.card)), _play_explained(s, a.colour, a.card))


def _play_explained(s: S, k: int, c: int) -> Phrase:
    """What playing card ``c`` of colour ``k`` does, and what it may cost."""
    if ST.is_character(c):
        n = ST.level(c)
        there = total(s.fruit[n - 1], FRUIT)
        beside = tuple(who(s.owner[j], j) for j in range(s.colours) if s.played[j] == c)
        if beside:  # after a Watcher: the cards revealed on that level are in sight
            return MSG("do-play-beside", colour=colour(k), card=card(c), level=level(n),
                       who=beside, fruit=there)
        return MSG("do-play", colour=colour(k), card=card(c), level=level(n), fruit=there)
    if c == ST.healer:
        discard = s.discard[k]
        if discard == ST.all_characters:
            return MSG("do-healer-all", healer=card(c), n=ST.characters)
        if not discard:
            return MSG("do-healer-empty", healer=card(c))
        most = s.params.healer_takes_back
        if not most:  # an overlay's Healer that brings back only a full discard
            return MSG("do-healer-never", healer=card(c), n=ST.characters)
        return MSG("do-healer", healer=card(c), most=most, fallen=_cards(discard))
    if c == ST.watcher:
        return MSG("do-watcher", watcher=card(c), colour=colour(k))
    return MSG("do-snowstorm", snowstorm=card(c), colour=colour(k),
               points=each(s.params.snowstorm_points, FIGHT))


def _heal_choice(s: S, a: Heal) -> Choice:
    """Taking back ``a.cards`` (or none) with colour ``a.colour``'s Healer."""
    k, healer = a.colour, card(ST.healer)
    left = s.discard[k] & ~a.cards
    if not a.cards:
        return Choice(MSG("heal-none-label"), MSG("do-heal-none", healer=healer,
                                                   colour=colour(k), left=_cards(left)))
    taken = _cards(a.cards)
    label = MSG("heal-label", cards=taken)
    if not left:
        return Choice(label, MSG("do-heal-emptied", healer=healer, cards=taken,
                                 colour=colour(k)))
    return Choice(label, MSG("do-heal", healer=healer, cards=taken, colour=colour(k),
                             left=_cards(left)))
