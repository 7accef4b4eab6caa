"""What each seat of Winterborne may see, built from an allow-list.

Public: every kingdom board (figures, conquered sections, buildings), house boards,
resources, favor, spoils tiles in supplies, reserves (face up), discard piles, the
cards played this turn, the cards that may not move between hand and reserve now (each
was picked up or put in for all to see), the province boards (top ally of each deck,
conquer tiles, face-up spoils, exploration cards), deck and hand sizes, the season and
winter round, the number of winter rounds and each season's explore cost (the game's
own, an overlay may change them), the Balaur's board and score pile; the open decision:
whose it is and its context
(``decision_context``: the frame's kind and its public arguments); its words are the
seat to move's own (``State.decision``, prompts.py).
Private: a seat's own hand and its face-down allies (others see their colours).
Hidden from everyone: the order of decks, the season decks' cards, the Wylds left in
the box, the ally cards under each top, face-down spoils (solo).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from wintergames.core.events import seat_name
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.components import CHARACTERS, POWERS, RESOURCES, SEASONS, WB
from wintergames.games.winterborne.effects import powers_of
from wintergames.games.winterborne.frames import WbFrame
from wintergames.games.winterborne.rules import FRAMES
from wintergames.games.winterborne.scoring import balaur_score
from wintergames.games.winterborne.setup import CASTLE, OUT, is_solo

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

BUILDING_NAMES = (None, "settlement", "church")


# Names looked up by index, made once (every view names a few hundred things).
_CARD_IDS = tuple(c.id for c in WB.cards)
_SPOILS_IDS = tuple(t.id for t in WB.spoils)
_FIGURE_NAMES = (*CHARACTERS, "white")
_ALLY_IDS = tuple(a.id for a in WB.allies)
_ALLY_COLOURS = tuple(WB.colours[a.colour] for a in WB.allies)


def _card_ids(cards: list[int]) -> list[str]:
    ids = _CARD_IDS
    return [ids[c] for c in sorted(cards)]


# A figure's place by its position: a space, the castle (after the spaces), or none
# (``OUT``, -1: the last entry).
_PLACES = (*WB.space_names, "castle", None)
assert _PLACES[CASTLE] == "castle" and _PLACES[OUT] is None


# A row's view by its count (0-2 settlements, 3 a church): a view copies it.
_ROWS = tuple({"settlements": min(r, 2), "church": r == 3} for r in range(4))
_COLOURS = (*WB.colours, None)  # by colour index; -1 (none) is the last entry


def _kingdom(s: WinterborneState, p: int) -> dict[str, Any]:
    colours, kinds = _COLOURS, BUILDING_NAMES
    return {
        "figures": dict(zip(_FIGURE_NAMES, itemgetter(*s.figures[p])(_PLACES), strict=True)),
        "sections": [{"section": name, "colour": colours[c], "building": kinds[b]}
                     for name, c, b in zip(WB.section_names, s.sections[p], s.buildings[p],
                                           strict=True)],
        "rows": [_ROWS[r].copy() for r in s.rows[p]],
    }


def _seat(s: WinterborneState, p: int, viewer: int | None) -> dict[str, Any]:
    mine = viewer == p
    power_card = WB.power_cards[s.power_card[p]]
    view: dict[str, Any] = {
        "name": seat_name(p),
        "resources": dict(zip(RESOURCES, s.res[p], strict=True)),
        "favor": s.favor[p],
        "favor_on_card": s.favor_card[p],
        "power_card": {"id": power_card.id, "powers": list(power_card.powers)},
        # every power the seat may use in winter: its card's two, and the round power
        # when the table plays with it (effects.powers_of, the rule that offers them)
        "powers": [POWERS[i] for i in powers_of(s, p)],
        "powers_used": s.power_used[p].copy(),
        "white_meeple_used": bool(s.white_used[p]),
        "kingdom": _kingdom(s, p),
        "reserve": _card_ids(s.reserve[p]),
        "discard": _card_ids(s.discard[p]),
        "hand_size": len(s.hand[p]),
        "deck_size": len(s.deck[p]),
        "spoils": [_SPOILS_IDS[t] for t in sorted(s.spoils[p])],
        "ally_colours": sorted([_ALLY_COLOURS[a] for a in s.allies[p]]),
    }
    if mine:
        view["hand"] = _card_ids(s.hand[p])
        view["allies"] = sorted([_ALLY_IDS[a] for a in s.allies[p]])
        # The deck's contents are known to its owner (everything owned, less what is seen
        # elsewhere); only their order is hidden.
        view["deck"] = _card_ids(s.deck[p])
    return view


def _province(s: WinterborneState, c: int, solo: bool) -> dict[str, Any]:
    allies = s.ally_decks[c]
    slot = s.explore_slot[c]
    spoils = s.prov_spoils[c]
    return {
        "colour": WB.colours[c],
        "name": WB.province_names[c],
        "ally": WB.allies[allies[-1]].id if allies else None,
        "allies_left": len(allies),
        "conquer_tiles": s.conquer_left[c],
        "spoils": None if solo else [_SPOILS_IDS[t] for t in sorted(spoils)],
        "spoils_count": len(spoils),
        "exploration": _CARD_IDS[slot] if slot >= 0 else None,
    }


def _priced(cost: tuple[int, int, int]) -> dict[str, int]:
    """A price as resources by name, e.g. ``{"gold": 1, "meat": 1}``; free is ``{}``."""
    return {RESOURCES[r]: n for r, n in enumerate(cost) if n}


def observation(s: WinterborneState, player: int | None) -> dict[str, Any]:
    over, solo = s.over, is_solo(s)
    view: dict[str, Any] = {
        "game": "winterborne",
        "num_players": s.num_players,
        "you": player,
        "players": [seat_name(p) for p in range(s.num_players)],
        "to_move": list(s.to_move),
        "first_player": s.first,
        "current": s.current,
        "season": SEASONS[s.season],
        "autumn_out": s.autumn_out,
        "winter_round": s.winter_round,
        # the game's numbers a board shows beyond the data's (layout): an overlay (the
        # options, public) may change them
        "winter_rounds": s.params.winter_rounds,
        "explore_costs": list(s.params.explore_cost),
        # what exploring costs the seat to move: the season's meat, less the explore
        # power's discount (it counts the Wylds in that seat's reserve, which all can see)
        "explore_cost": fr.explore_cost(s, s.current),
        "settlement_cost": _priced(fr.settlement_cost(s)),
        "conquer_cost": _priced(fr.conquer_cost(s)),
        "season_decks": [len(d) for d in s.season_decks],
        "favor_supply": s.favor_supply,
        "provinces": [_province(s, c, solo) for c in range(6)],
        "sacked_spoils": [_SPOILS_IDS[t] for t in sorted(s.sacked_spoils)],
        "played": _card_ids(s.played),
        "reserve_blocked": reserve_blocked(s),
        "seats": [_seat(s, p, player) for p in range(s.num_players)],
        "decision": _decision(s),
        "scores": s.scores() if over else None,
        "winners": s.winners() if over else [],
    }
    if solo:
        view["balaur"] = {
            "difficulty": s.difficulty,
            "board": [WB.cards[c].id if c >= 0 else None for c in s.balaur_board],
            "deck_size": len(s.balaur_deck),
            "pile": _card_ids(s.balaur_pile),
            "objectives": [{"letter": WB.objectives[o].letter, "text": WB.objectives[o].text,
                            "vp": s.params.objective_vp[slot]}
                           for slot, o in enumerate(s.objectives)],
            "score": balaur_score(s).total if over else None,
        }
    return view


def reserve_blocked(s: WinterborneState) -> list[str]:
    """The cards of the seat to move that may not go between hand and reserve now: in the
    turn's play those picked up from the reserve (they stay in hand until the clean-up, or
    until they leave it), in the clean-up those already moved there and not discarded
    since (``turn``). Public: every pick-up and placing is logged for all, and a card
    leaves the list as it leaves the hand, before any draw could bring it back unseen."""
    return _card_ids([c for c in s.moved if c not in s.discard[s.current]])


def _decision(s: WinterborneState) -> dict[str, Any] | None:
    """The open decision of the seat to move, as everyone sees it (the frames name
    public things only; the card in a Wylds room frame was taken in the open)."""
    if s.over:
        return None
    frame = fr.top(s)
    return {"seat": s.current, "frame": "main" if frame is None else frame.KEY,
            "context": decision_context(s.pending)}


# The frame kinds by their names ("MAIN": no frame open, the turn's free choice); the
# order is the encoding's one-hot order, so new kinds go at the end.
FRAME_KINDS = ("MAIN", *(kind.NAME for kind in FRAMES))


def decision_context(pending: tuple[WbFrame, ...]) -> dict[str, Any]:
    """The open decision as data: the top frame's kind and its public arguments, and
    ``below``, the frames under it (innermost first) in the same form.

    Allow-listed, argument by argument, by each kind's ``context``; every one is public:
    the figures and characters moving and acting, the steps and direction of a circle
    played in the open, the ally being traded (it was the face-up top of its province
    deck), the Wylds cards (face up in the reserve), the Horn card just played, the Wylds
    card taken from a province's face-up exploration space.
    """
    if not pending:
        return {"frame": "MAIN", "below": []}
    out = _frame_context(pending[-1])
    out["below"] = [_frame_context(f) for f in reversed(pending[:-1])]
    return out


def _frame_context(frame: WbFrame) -> dict[str, Any]:
    return {"frame": frame.NAME, **frame.context()}
