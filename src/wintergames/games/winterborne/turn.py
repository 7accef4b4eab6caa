"""Ending a turn, the seasons and the end of the game (RB "Ending Your Turn",
"Seasons", "Entering Winter", "General Rules").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.decisions import Decision
from wintergames.core.events import Event
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import scoring
from wintergames.games.winterborne import words as w
from wintergames.games.winterborne.balaur import balaur_turn
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.decks import WINTER, draw, replenish
from wintergames.games.winterborne.frames import WbFrame, is_wylds, pop, push

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState


# -- the clean-up -------------------------------------------------------------------------


def end_turn(s: WinterborneState, p: int) -> None:
    """``end``: the cards played go to the discard pile; the clean-up decisions follow
    (with a fresh count of the cards moved between hand and reserve)."""
    s.discard[p] += s.played
    s.played = []
    s.moved = []
    push(s, Cleanup())


def play_reserve_actions(s: WinterborneState, p: int) -> list[Action]:
    """"During your turn, you may freely place and pick up cards in your reserve": with no
    decision open, put a card with the reserve icon from hand into the reserve while it
    has room (3 places, the Wylds count), or pick up a non-Wylds reserve card. A card
    picked up stays in hand until the clean-up (putting it back would only undo the
    pick-up; the clean-up may place it again) or until it leaves the hand (``frames.leave_hand``:
    played, swapped, discarded), so reserve moves alone always run out: a card moves at
    most twice each time it comes into hand."""
    out: list[Action] = []
    if len(s.reserve[p]) < s.params.reserve_size:
        out += [act.RESERVE[c] for c in sorted(set(s.hand[p]))
                if WB.cards[c].reserve and c not in s.moved]
    out += [act.UNRESERVE[c] for c in sorted(s.reserve[p]) if not is_wylds(c)]
    return out


def play_reserve(s: WinterborneState, p: int, action: act.Reserve | act.Unreserve) -> None:
    """Place or pick up a reserve card during the turn's play (``play_reserve_actions``)."""
    if isinstance(action, act.Reserve):
        place_in_reserve(s, p, action.value)
    else:
        pick_up_from_reserve(s, p, action.value)
        s.moved.append(action.value)  # it stays in hand until the clean-up or it leaves


def place_in_reserve(s: WinterborneState, p: int, card: int) -> None:
    s.hand[p].remove(card)
    s.reserve[p].append(card)
    s.log.append(Event(w.MSG("reserve", seat=w.seat(p), card=w.card(card)),
                       kind="reserve", player=p))


def pick_up_from_reserve(s: WinterborneState, p: int, card: int) -> None:
    s.reserve[p].remove(card)
    s.hand[p].append(card)
    s.log.append(Event(w.MSG("unreserve", seat=w.seat(p), card=w.card(card)),
                       kind="reserve", player=p))


def cleanup_actions(s: WinterborneState, p: int) -> list[Action]:
    """Reserve cards with the reserve icon (up to 3, Wylds count), take non-Wylds reserve
    cards back, discard any cards in hand, then ``done`` once the hand is within its limit
    of 4 ("they do not count towards your hand limit"). A card moves between hand and
    reserve at most once per clean-up, so the clean-up always ends (the cards picked up
    during the play may go back: ``end`` starts the count afresh)."""
    out: list[Action] = []
    hand = sorted(set(s.hand[p]))
    if len(s.reserve[p]) < s.params.reserve_size:
        out += [act.RESERVE[c] for c in hand if WB.cards[c].reserve and c not in s.moved]
    out += [act.UNRESERVE[c] for c in sorted(s.reserve[p])
            if not is_wylds(c) and c not in s.moved]
    out += [act.DISCARD[c] for c in hand]
    if len(s.hand[p]) <= s.params.hand_size:  # the hand limit: reserve cards do not count
        out.append(act.DONE)
    return out


def cleanup(s: WinterborneState, p: int, action: Action) -> None:
    if isinstance(action, act.Reserve):
        place_in_reserve(s, p, action.value)
        s.moved.append(action.value)
    elif isinstance(action, act.Unreserve):
        pick_up_from_reserve(s, p, action.value)
        s.moved.append(action.value)
    elif isinstance(action, act.Discard):
        s.hand[p].remove(action.value)
        s.discard[p].append(action.value)
        s.log.append(Event(w.MSG("discard", seat=w.seat(p), card=w.card(action.value)),
                           kind="discard", player=p))
    else:
        pop(s)
        if sum(s.res[p]) > s.params.resource_cap:
            push(s, Cap())
        else:
            finish_turn(s, p)


def cap_actions(s: WinterborneState, p: int) -> list[Action]:
    return [act.CHOOSE[r] for r in range(3) if s.res[p][r] > 0]


def return_resource(s: WinterborneState, p: int, resource: int) -> None:
    """"You cannot have more than 12 resources at the end of your turn; return the excess
    to the general supply" (one at a time, of the player's choice)."""
    s.res[p][resource] -= 1
    cap = s.params.resource_cap
    s.log.append(Event(w.MSG("cap", seat=w.seat(p), resource=w.res(1, resource), cap=cap),
                       kind="cap", player=p))
    if sum(s.res[p]) <= cap:
        pop(s)
        finish_turn(s, p)


def finish_turn(s: WinterborneState, p: int) -> None:
    """Draw to 4, replenish the province boards, then the Balaur (solo) or the next seat."""
    s.moved = []
    s.discount = 0
    draw(s, p, s.params.hand_size - len(s.hand[p]))
    replenish(s)
    if s.num_players == 1:
        balaur_turn(s)
    next_turn(s)


# -- seasons ------------------------------------------------------------------------------


def next_turn(s: WinterborneState) -> None:
    """Play passes clockwise; a round ends after the seat before the first player."""
    nxt = (s.current + 1) % s.num_players
    if nxt == s.first:
        end_round(s)
        if s.over:
            return
    s.current = nxt


def end_round(s: WinterborneState) -> None:
    if s.winter_round:
        if s.winter_round == s.params.winter_rounds:
            end_game(s)
            return
        s.winter_round += 1
        s.log.append(Event(w.MSG("winter-round", round=s.winter_round), kind="season"))
    elif s.autumn_out:
        s.season, s.winter_round = WINTER, 1
        # a power costs as much favor as the round's number (params: power_favor)
        s.log.append(Event(w.MSG("winter-begins", round=1, cost=w.favor(s.params.power_favor[0])),
                           kind="season"))


def end_game(s: WinterborneState) -> None:
    s.over = True
    s.pending = ()
    # Item by item, then each total as before (vp 0: its points are in the items).
    for p in range(s.num_players):
        s.log += scoring.scoring_events(s, p)
        b = scoring.score(s, p)
        s.log.append(Event(w.MSG("total", seat=w.seat(p), total=w.vp(b.total),
                                 parts=b.said()), kind="total", player=p))
    if s.num_players == 1:
        s.log += scoring.balaur_events(s)
        balaur = scoring.balaur_score(s)
        said = "balaur-total-beaten" if s.winners() else "balaur-total"
        s.log.append(Event(w.MSG(said, total=w.vp(balaur.total), parts=balaur.said(),
                                 seat=w.seat(0)), kind="total"))


# -- the frames ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cleanup(WbFrame):
    """After ``end``: reserve, take back and discard cards, then ``done``."""

    CODE = 21
    NAME = "CLEANUP"
    KEY = "cleanup"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return cleanup_actions(s, p)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        cleanup(s, p, action)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        n, most = len(s.hand[p]), s.params.hand_size
        if n > most:
            limit = w.MSG("limit-hand", n=n, most=most, more=n - most)
            return Decision(w.MSG("ask-cleanup"), limit=limit, remaining=n - most)
        limit = w.MSG("limit-hand-ok", n=n, most=most, r=len(s.reserve[p]),
                      size=s.params.reserve_size)
        return Decision(w.MSG("ask-cleanup"), limit=limit)


@dataclass(frozen=True, slots=True)
class Cap(WbFrame):
    """The end of the turn with more than 12 resources: the next one to return."""

    CODE = 22
    NAME = "CAP"
    KEY = "cap"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return cap_actions(s, p)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Choose)
        return_resource(s, p, action.value)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        have, cap = sum(s.res[p]), s.params.resource_cap
        return Decision(w.MSG("ask-cap", cap=cap),
                        limit=w.MSG("limit-cap", n=have, more=have - cap),
                        remaining=have - cap)
