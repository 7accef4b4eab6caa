"""Winterborne's legal actions and their effects: the turn and its open decisions.

With no decision open, the player to move may play a card (from hand or reserve) or a
spoils tile for one of its uses, place a card into the reserve or pick one up, use a
Winterborne power in winter, or ``end`` the turn.
Every use that needs more choices opens a frame (``frames.py``); the legal actions are
then those of the innermost frame. A compound move is logged as one line when its last
frame closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.errors import IllegalActionError
from wintergames.core.events import Event
from wintergames.core.frames import FrameKinds
from wintergames.core.phrases import Phrase
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import effects, moving, turn
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.components import WB, Use
from wintergames.games.winterborne.effects import (
    AnySpoils,
    Direction,
    Gain,
    Horn,
    PowerDiscard,
    Relocate,
    Replace,
    Sacked,
    Swap,
    TradeOnly,
    Wylds,
)
from wintergames.games.winterborne.frames import WbFrame
from wintergames.games.winterborne.moving import Exit, Figure, Move
from wintergames.games.winterborne.refusals import why_not
from wintergames.games.winterborne.specials import Act, FreeConquer, PayAny, Room, Sack, Spoils
from wintergames.games.winterborne.turn import Cap, Cleanup
from wintergames.games.winterborne.words import MSG, first_clause, gains, res, seat, spoils
from wintergames.games.winterborne.words import card as card_named
from wintergames.games.winterborne.words import use as use_named

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

# Every frame kind, by its code in saved states.
FRAMES: FrameKinds[WbFrame] = FrameKinds([
    Figure, Move, Exit, Act, Spoils, PayAny, Sack, FreeConquer, Wylds, Direction, Sacked,
    Gain, PowerDiscard, Relocate, Swap, AnySpoils, Replace, TradeOnly, Horn, Room, Cleanup,
    Cap])


# -- legal actions ------------------------------------------------------------------------


def legal_actions(s: WinterborneState, p: int) -> list[Action]:
    frame = fr.top(s)
    if frame is None:
        return main_actions(s, p)
    return frame.legal(s, p)


def main_actions(s: WinterborneState, p: int) -> list[Action]:
    out: list[Action] = []
    cards = fr.playable_cards(s, p)
    context = _context(s, p, cards)
    for card in cards:
        out += _card_actions(s, p, card, context)
    for tile in sorted(set(s.spoils[p])):
        if spoils_playable(s, p, tile):
            out.append(act.SPOILS[tile])
    out += turn.play_reserve_actions(s, p)
    out += effects.power_actions(s, p)
    out.append(act.END)
    return out


def _context(s: WinterborneState, p: int, cards: list[int]) -> tuple[int, bool, list[bool]]:
    """What every hex asks, looked up once: the cards with a circle, whether a circle spoils
    is at hand, which characters have a figure to move (the search's hot path)."""
    circles = sum(moving.CIRCLE[c] for c in cards)
    circle_spoils = any(WB.spoils[t].kind == "move" for t in s.spoils[p])
    return circles, circle_spoils, [bool(fr.figures_for_hex(s, p, c)) for c in range(3)]


def _card_actions(s: WinterborneState, p: int, card: int,
                  context: tuple[int, bool, list[bool]]) -> list[Action]:
    circles, circle_spoils, movable = context
    # A hex needs a circle on another card or a spoils ("Then play a second card").
    circle = circle_spoils or circles > moving.CIRCLE[card]
    out: list[Action] = []
    for kind, choice, use, action in _MAIN_USES[card]:
        if kind == "hex":
            ok = circle and movable[choice]
        elif kind == "hire":
            ok = circle and movable[choice] and s.res[p][0] >= 1
        else:
            ok = use_playable(s, p, kind, use)
        if ok:
            out.append(action)
    return out


def _legal_main(s: WinterborneState, p: int, action: Action) -> bool:
    """Whether ``action`` is among ``main_actions`` without listing them all (every action
    of a search is checked before it is applied)."""
    if isinstance(action, act.PlayCard):
        cards = fr.playable_cards(s, p)
        return action.card in cards and action in _card_actions(
            s, p, action.card, _context(s, p, cards))
    if isinstance(action, act.UseSpoils):
        return action.value in s.spoils[p] and spoils_playable(s, p, action.value)
    if isinstance(action, act.Power):
        return action in effects.power_actions(s, p)
    if isinstance(action, act.Reserve | act.Unreserve):
        return action in turn.play_reserve_actions(s, p)
    return action is act.END


def spoils_playable(s: WinterborneState, p: int, tile: int) -> bool:
    """A hex spoils needs a circle to go with it; a Wylds spoils, Wylds to activate."""
    spoils = WB.spoils[tile]
    if spoils.kind == "hex":
        return moving.can_start_move(s, p, spoils.character, tile=tile)
    return spoils.kind == "wylds" and bool(fr.wylds_in_reserve(s, p))


def use_playable(s: WinterborneState, p: int, kind: str, use: Use) -> bool:
    """Whether a use other than a hex can do anything now."""
    if kind in ("gain", "gain-any"):
        return True
    if kind == "draw":
        # The banner is discarded first; with nothing else in deck or discard it would
        # only draw itself back, a loop that changes nothing.
        return bool(s.deck[p] or s.discard[p])
    if kind == "wylds":
        return any(fr.is_wylds(c) for c in s.reserve[p])
    if kind == "horn":
        return bool(effects.horn_actions(s, p, use.variant))
    if kind == "castle":
        return moving.is_castle_card_usable(s, p, use.character)
    raise AssertionError(f"unknown use {kind}")


# Per card, the uses that may start something with no decision open: every use but a
# movement circle, which is "a second card" after a hex, never played on its own.
_MAIN_USES: tuple[tuple[tuple[str, int, Use, Action], ...], ...] = tuple(
    tuple((WB.cards[card].uses[u].kind, choice, WB.cards[card].uses[u], act.PLAY[card][(u, choice)])
          for u, choice, _ in act.PLAYS[card] if WB.cards[card].uses[u].kind != "move")
    for card in range(len(WB.cards)))


# -- checking -----------------------------------------------------------------------------


def check(s: WinterborneState, action: Action, p: int) -> None:
    if fr.top(s) is None and _legal_main(s, p, action):
        return
    legal = legal_actions(s, p)
    if action in legal:
        return
    shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    reason, rule = why_not(s, action, p)
    asked = s.decision(p)  # the prompt the seat is answering (prompts.py)
    now = f" {asked.prompt.text}." if asked is not None else ""
    raise IllegalActionError(f"{action} is not allowed: {reason}.{now} Allowed: {shown}",
                             rule=rule)


# -- doing ----------------------------------------------------------------------------------


def do(s: WinterborneState, action: Action, p: int) -> None:
    frame = fr.top(s)
    if frame is None:
        if action is act.END:
            s.log.append(Event(MSG("end", seat=seat(p)), kind="end", player=p))
            turn.end_turn(s, p)
            return
        if isinstance(action, act.Reserve | act.Unreserve):
            turn.play_reserve(s, p, action)  # its own log line, no compound move
            return
        s.line_kind = "move"
        _do_main(s, p, action)  # begins the move's line
    else:
        frame.resolve(s, p, action)
    # Every Wylds card resolved: the activation is over, nothing is left to decide.
    while isinstance(top := fr.top(s), Wylds) and not top.cards:
        fr.pop(s)
    if not s.pending and s.line is not None:
        s.log.append(Event(MSG("move", _line_rule(s, s.line), did=s.line), kind=s.line_kind,
                           player=p))
        s.line, s.line_kind = None, "move"


# A move's line applies the rule of its first special action (its kind, frames.mark) when
# it began by moving a character; otherwise the rule of the card, spoils or power it
# began with (a Horn's build is the Horn's, a power's trade the power's).
_KIND_RULES = {"trade": "shaman.trade", "tax": "shaman.tax", "pray": "shaman.pray",
               "explore": "explorer.explore", "raid": "explorer.raid",
               "conquer": "warrior.conquer", "build": "warrior.build"}
_MOVING = frozenset({"turn.move", "cards.mercenary", "cards.spoils"})


def _line_rule(s: WinterborneState, line: Phrase) -> str:
    rule = first_clause(line).rule
    if rule in _MOVING and s.line_kind in _KIND_RULES:
        return _KIND_RULES[s.line_kind]
    return rule


# The rule a move that begins with a card applies, by the use it is played for.
_USE_RULES = {"hex": "turn.move", "hire": "cards.mercenary", "gain": "turn.play",
              "gain-any": "turn.play", "wylds": "cards.wylds", "draw": "banners.bag",
              "castle": "banners.potion", "horn": "banners.horn"}


def _do_main(s: WinterborneState, p: int, action: Action) -> None:
    if isinstance(action, act.Power):
        effects.use_power(s, p, action.value)
        return
    if isinstance(action, act.UseSpoils):
        tile = WB.spoils[action.value]
        s.spoils[p].remove(action.value)
        s.line = MSG("use-spoils", seat=seat(p), spoils=spoils(action.value))
        if tile.kind == "hex":
            s.sacked_spoils.append(action.value)  # "Sack the tile after use"
            moving.start_move(s, p, tile.character)
        else:  # Wylds spoils: "return these tiles to the box"
            s.spent_spoils.append(action.value)
            effects.activate_wylds(s, p)
        return
    assert isinstance(action, act.PlayCard)
    card, use = action.card, WB.cards[action.card].uses[action.use]
    fr.remove_played(s, p, card)
    s.line = MSG("play", _USE_RULES[use.kind], seat=seat(p), card=card_named(card),
                 use=use_named(card, action.code))
    if use.kind == "horn":
        s.sacked_cards.append(card)  # "Sack the card after performing the special action"
        fr.push(s, Horn(fr.HORN_VARIANTS.index(use.variant), card))
        return
    if use.kind in ("draw", "castle"):
        s.discard[p].append(card)  # "Discard this banner to take the special ... action"
    else:
        s.played.append(card)
    if use.kind == "hex":
        moving.start_move(s, p, action.choice)
    elif use.kind == "hire":
        s.res[p][0] -= 1
        fr.say(s, "hire", gold=res(1, 0))
        moving.start_move(s, p, action.choice)
    elif use.kind == "gain":
        fr.gain(s, p, use.resources)
        fr.say(s, "gain", gains=gains(use.resources))
    elif use.kind == "gain-any":
        s.res[p][action.choice] += 1
    elif use.kind == "wylds":
        effects.activate_wylds(s, p)
    elif use.kind == "draw":
        effects.bag_draw(s, p)
    elif use.kind == "castle":
        moving.to_castle(s, p, use.character)
