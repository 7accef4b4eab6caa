"""What each seat of Winterborne may see, built from an allow-list.

Public: every kingdom board (figures, conquered sections, buildings), house boards,
resources, favor, spoils tiles in supplies, reserves (face up), discard piles, the
cards played this turn, the province boards (top ally of each deck, conquer tiles,
face-up spoils, exploration cards), deck and hand sizes, the season and winter round,
the Balaur's board and score pile.
Private: a seat's own hand and its face-down allies (others see their colours).
Hidden from everyone: the order of decks, the season decks' cards, the Wylds left in
the box, the ally cards under each top, face-down spoils (solo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wintergames.core.events import seat_name
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.components import CHARACTERS, RESOURCES, SEASONS, WB
from wintergames.games.winterborne.setup import CASTLE, OUT, is_solo

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

BUILDING_NAMES = (None, "settlement", "church")


def _card_ids(cards: list[int]) -> list[str]:
    return [WB.cards[c].id for c in sorted(cards)]


def _place(pos: int) -> str | None:
    if pos == OUT:
        return None
    return "castle" if pos == CASTLE else WB.space_names[pos]


def _kingdom(s: WinterborneState, p: int) -> dict[str, Any]:
    return {
        "figures": {name: _place(pos) for name, pos in
                    zip((*CHARACTERS, "white"), s.figures[p], strict=True)},
        "sections": [
            {"section": WB.section_names[sec],
             "colour": WB.colours[c] if c >= 0 else None,
             "building": BUILDING_NAMES[s.buildings[p][sec]]}
            for sec, c in enumerate(s.sections[p])
        ],
        "rows": [{"settlements": min(r, 2), "church": r == 3} for r in s.rows[p]],
    }


def _seat(s: WinterborneState, p: int, viewer: int | None) -> dict[str, Any]:
    mine = viewer == p
    view: dict[str, Any] = {
        "name": seat_name(p),
        "resources": dict(zip(RESOURCES, s.res[p], strict=True)),
        "favor": s.favor[p],
        "favor_on_card": s.favor_card[p],
        "power_card": {"id": WB.power_cards[s.power_card[p]].id,
                       "powers": list(WB.power_cards[s.power_card[p]].powers)},
        "powers_used": s.power_used[p].copy(),
        "white_meeple_used": bool(s.white_used[p]),
        "kingdom": _kingdom(s, p),
        "reserve": _card_ids(s.reserve[p]),
        "discard": _card_ids(s.discard[p]),
        "hand_size": len(s.hand[p]),
        "deck_size": len(s.deck[p]),
        "spoils": [WB.spoils[t].id for t in sorted(s.spoils[p])],
        "ally_colours": sorted(WB.colours[WB.allies[a].colour] for a in s.allies[p]),
    }
    if mine:
        view["hand"] = _card_ids(s.hand[p])
        view["allies"] = sorted(WB.allies[a].id for a in s.allies[p])
        # The deck's contents are known to its owner (everything owned, less what is seen
        # elsewhere); only their order is hidden.
        view["deck"] = _card_ids(s.deck[p])
    return view


def _province(s: WinterborneState, c: int) -> dict[str, Any]:
    allies = s.ally_decks[c]
    slot = s.explore_slot[c]
    solo = is_solo(s)
    return {
        "colour": WB.colours[c],
        "name": WB.province_names[c],
        "ally": WB.allies[allies[-1]].id if allies else None,
        "allies_left": len(allies),
        "conquer_tiles": s.conquer_left[c],
        "spoils": None if solo else [WB.spoils[t].id for t in sorted(s.prov_spoils[c])],
        "spoils_count": len(s.prov_spoils[c]),
        "exploration": WB.cards[slot].id if slot >= 0 else None,
    }


def observation(s: WinterborneState, player: int | None) -> dict[str, Any]:
    over = s.over
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
        "explore_cost": WB.explore_cost[s.season],
        "season_decks": [len(d) for d in s.season_decks],
        "favor_supply": s.favor_supply,
        "provinces": [_province(s, c) for c in range(6)],
        "sacked_spoils": [WB.spoils[t].id for t in sorted(s.sacked_spoils)],
        "played": _card_ids(s.played),
        "seats": [_seat(s, p, player) for p in range(s.num_players)],
        "decision": _decision(s, player),
        "scores": s.scores() if over else None,
        "winners": s.winners() if over else [],
    }
    if is_solo(s):
        from wintergames.games.winterborne.scoring import balaur_score

        view["balaur"] = {
            "difficulty": s.difficulty,
            "board": [WB.cards[c].id if c >= 0 else None for c in s.balaur_board],
            "deck_size": len(s.balaur_deck),
            "pile": _card_ids(s.balaur_pile),
            "objectives": [{"letter": WB.objectives[o].letter, "text": WB.objectives[o].text,
                            "vp": WB.objective_vp[slot]}
                           for slot, o in enumerate(s.objectives)],
            "score": balaur_score(s).total if over else None,
        }
    return view


def _decision(s: WinterborneState, player: int | None) -> dict[str, Any] | None:
    """The open decision of the seat to move, as everyone sees it (the frames name
    public things only; the card in a Wylds room frame was taken in the open)."""
    from wintergames.games.winterborne.rules import prompt

    if s.over:
        return None
    frame = fr.top(s)
    return {"seat": s.current, "prompt": prompt(s),
            "frame": "main" if frame is None else _FRAME_NAMES[frame[0]]}


_FRAME_NAMES = {
    fr.FIGURE: "figure", fr.MOVE: "move", fr.EXIT: "exit", fr.ACT: "action", fr.SPOILS: "spoils",
    fr.PAY_ANY: "pay", fr.SACK: "sack", fr.FREE_CONQUER: "conquer", fr.WYLDS: "wylds",
    fr.DIRECTION: "direction", fr.SACKED: "sacked", fr.GAIN: "gain", fr.POWER_DISCARD: "discard",
    fr.RELOCATE: "relocate", fr.SWAP: "swap", fr.ANY_SPOILS: "spoils", fr.REPLACE: "replace",
    fr.TRADE_ONLY: "trade", fr.HORN: "horn", fr.ROOM: "room", fr.CLEANUP: "cleanup", fr.CAP: "cap",
}
