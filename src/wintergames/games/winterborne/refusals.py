"""Why Winterborne refuses an action: the rule it breaks, in words and as the id of its
rule passage (data/rules.toml), as precisely as the common cases allow.

``rules.check`` asks only once an action is not among the legal ones, so these read the
state freely; they never change it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.components import CHARACTERS, RESOURCES, WB
from wintergames.games.winterborne.effects import Horn, TradeOnly, power_cost
from wintergames.games.winterborne.frames import WbFrame
from wintergames.games.winterborne.moving import Move
from wintergames.games.winterborne.specials import Act, FreeConquer, Room
from wintergames.games.winterborne.turn import Cleanup

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

Refusal = tuple[str, str]  # why an action is refused, and the id of the rule passage


def why_not(s: WinterborneState, action: Action, p: int) -> Refusal:
    """The rule an illegal action breaks, as precisely as the common cases allow: the
    reason in words and the id of its rule passage."""
    frame = fr.top(s)
    if isinstance(action, act.PlayCard):
        refused = _why_not_card(s, action, p, frame)
        if refused is not None:
            return refused
    if isinstance(action, act.UseSpoils):
        refused = _why_not_spoils(s, action, p, frame)
        if refused is not None:
            return refused
    if isinstance(action, act.Discard) and not isinstance(frame, Cleanup):
        return ("cards are discarded from hand in the clean-up, after end (or by the "
                "Discard and Draw power)", "turn.cleanup")
    special = _SPECIAL_OF.get(type(action)) if action not in _WORD_SPECIALS \
        else _WORD_SPECIALS[action]
    if special is not None and frame is not None and not isinstance(frame, FreeConquer) \
            and not (isinstance(frame, Horn) and isinstance(action, act.Build)):
        acting = _acting_character(frame)
        if isinstance(frame, Move):
            return ("after a hex comes a card with a movement circle; the special action "
                    "follows", "turn.move")
        if acting is None:
            return ("a special action follows a character's move (play a hex, then a "
                    "circle)", "turn.special-action")
        if acting != special:
            return (f"after a {CHARACTERS[acting]} hex only the {CHARACTERS[acting]}'s "
                    "special actions may follow", "turn.special-action")
    if special is not None and frame is None:
        return ("a special action follows a character's move (play a hex, then a circle)",
                "turn.special-action")
    if action is act.PRAY and not s.favor_supply:
        return ("praying takes favor tokens from the supply, and none are left",
                "shaman.pray")
    if isinstance(action, act.Conquer):
        return _why_not_conquer(s, action, p), "warrior.conquer"
    if isinstance(action, act.Build):
        return _why_not_build(s, action, p)
    if isinstance(action, act.Explore):
        return (f"exploring costs {fr.explore_cost(s, p)} meat this season and takes the "
                "card of a province adjacent to the explorer", "explorer.explore")
    if isinstance(action, act.Trade):
        return ("the shaman trades with the top ally of an adjacent province it can pay",
                "shaman.trade")
    if isinstance(action, act.Power):
        return _why_not_power(s, p), "winter.powers"
    if isinstance(action, act.Reserve | act.Unreserve):
        return _why_not_reserve(s, action, p, frame), "turn.reserve"
    if action is act.DONE and isinstance(frame, Cleanup):
        # the only clean-up refusal of done: turn.cleanup_actions offers it within the limit
        return (f"your hand holds {len(s.hand[p])} cards: discard down to "
                f"{s.params.hand_size} "
                "(reserve cards do not count towards the hand limit)", "turn.cleanup")
    return "it does not answer the open decision", "turn.decisions"


def _why_not_card(s: WinterborneState, action: act.PlayCard, p: int,
                  frame: WbFrame | None) -> Refusal | None:
    """Why a card may not be played for that use now, where the card itself says."""
    card = action.card
    if card not in fr.playable_cards(s, p):
        return f"{WB.cards[card].id} is not in your hand or reserve", "turn.play"
    use = WB.cards[card].uses[action.use]
    if isinstance(frame, Move) and use.kind != "move":
        return "after a hex comes a card with a movement circle", "turn.move"
    if use.kind == "move" and not isinstance(frame, Move):
        return "a movement circle is played after a card with a character hex", "turn.move"
    if use.kind in ("hex", "hire"):
        if use.kind == "hire" and s.res[p][0] < 1:
            return "hiring the mercenary costs 1 gold", "cards.mercenary"
        return (f"moving the {CHARACTERS[action.choice]} needs another card or spoils "
                "with a movement circle", "turn.move")
    if use.kind == "wylds":
        return "there is no Wylds card in your reserve to activate", "cards.wylds"
    if use.kind == "castle":
        return (f"the {CHARACTERS[use.character]} must stand on a gray space to go to the "
                "castle", "banners.potion")
    return None


def _why_not_spoils(s: WinterborneState, action: act.UseSpoils, p: int,
                    frame: WbFrame | None) -> Refusal | None:
    """Why a spoils tile may not be used now, where the tile itself says."""
    tile = WB.spoils[action.value]
    if action.value not in s.spoils[p]:
        return f"{tile.id} is not in your supply", "cards.spoils"
    if tile.kind == "move" and not isinstance(frame, Move):
        return "a movement circle is played after a card with a character hex", "turn.move"
    if frame is None and tile.kind == "hex":
        return (f"moving the {CHARACTERS[tile.character]} needs a card or spoils with a "
                "movement circle", "turn.move")
    if frame is None and tile.kind == "wylds":
        return "there is no Wylds card in your reserve to activate", "cards.wylds"
    return None


def _amounts(cost: tuple[int, int, int]) -> str:
    """A price in words: "1 gold and 1 military", or "nothing"."""
    return " and ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(cost) if n) or "nothing"


def _why_not_conquer(s: WinterborneState, action: act.Conquer, p: int) -> str:
    if not fr.can_pay(s, p, s.params.conquer_cost):
        return f"conquering costs {_amounts(s.params.conquer_cost)}"
    if action.section < 6 or s.sections[p][action.section] >= 0:
        return f"{WB.section_names[action.section]} is not an empty conquer section"
    if action.colour not in WB.borders[action.section - 6]:
        return "the conquer tile must match one of the two colours bordering the section"
    return "the warrior conquers an empty section adjacent to it, after moving"


def _why_not_build(s: WinterborneState, action: act.Build, p: int) -> Refusal:
    if action.building == 1 and s.rows[p][action.row] != 2:
        return "a church needs both settlements of its row built first", "warrior.church"
    if action.building == 0 and s.rows[p][action.row] >= 2:
        return "both settlements of that row are built", "warrior.build"
    if s.buildings[p][action.section]:
        return "only 1 building may stand on each province section", "warrior.build"
    return ("the warrior builds on a province section adjacent to it, after moving; "
            f"a settlement costs {_amounts(s.params.settlement_cost)}", "warrior.build")


def _why_not_power(s: WinterborneState, p: int) -> str:
    if not s.winter_round:
        return "Winterborne powers are used only during winter"
    if s.power_used[p][s.winter_round - 1]:
        return "only 1 power may be used each round"
    if s.favor[p] < power_cost(s):
        return f"a power costs {power_cost(s)} favor this round"
    return "that power is not on your Winterborne card or cannot do anything now"


def _why_not_reserve(s: WinterborneState, action: act.Reserve | act.Unreserve, p: int,
                     frame: WbFrame | None) -> str:
    """Why a card may not go into the reserve or out of it now."""
    card = action.value
    name = WB.cards[card].id
    # (a full reserve's card also goes back to hand for an arriving Wylds card: ROOM)
    answers = (Cleanup, Room) if isinstance(action, act.Unreserve) else (Cleanup,)
    if frame is not None and not isinstance(frame, answers):
        return ("cards go into and out of the reserve when no other decision is open, or in "
                "the clean-up")
    if isinstance(action, act.Unreserve):
        if card not in s.reserve[p]:
            return f"{name} is not in your reserve"
        if fr.is_wylds(card):
            return "the Wylds cards are locked in the reserve"
        return "a card moves between hand and reserve at most once in the clean-up"
    if card not in s.hand[p]:
        return f"{name} is not in your hand"
    if not WB.cards[card].reserve:
        return f"{name} has no reserve icon: only such cards may lie in the reserve"
    if len(s.reserve[p]) >= s.params.reserve_size:
        return f"the reserve holds up to {s.params.reserve_size} cards (the Wylds count)"
    if frame is None:
        return (f"{name} was picked up from the reserve this turn: it stays in hand until the "
                "clean-up (or until it leaves your hand)")
    return "a card moves between hand and reserve at most once in the clean-up"


_SPECIAL_OF: dict[type, int] = {act.Trade: fr.SHAMAN, act.Explore: fr.EXPLORER,
                                 act.Conquer: fr.WARRIOR, act.Build: fr.WARRIOR}
_WORD_SPECIALS: dict[Action, int] = {act.TAX: fr.SHAMAN, act.PRAY: fr.SHAMAN,
                                     act.RAID: fr.EXPLORER}


def _acting_character(frame: WbFrame | None) -> int | None:
    """The character whose special action the open frame asks for, if any."""
    if isinstance(frame, Act):
        return frame.character
    if isinstance(frame, TradeOnly):
        return fr.SHAMAN
    return None
