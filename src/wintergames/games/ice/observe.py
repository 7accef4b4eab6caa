"""What each seat of ICE may see, built from an allow-list.

Public: every tile on the board by its public side (a Snow tile's back and Rift
orientation; an Artifact's layer and type), the Archaeologists, Leaders and Camps, every
guild board (Artifacts face up by id, face-down ones by type unless everyone has seen
them), Study tokens, the Ship's Hold, RP tokens, EP, Planning, Fluent Move, Curse and
guild tokens, validated Requests, the Decrees, the Sunset row, the counts of every hand,
deck and pile, and the Snow tiles that were played (the discard pile's seen tiles).
Private: a seat's own Snow tiles and Requests in hand, and its own face-down Artifacts.
Hidden from everyone: the face of every tile nobody has seen, deck orders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wintergames.core.events import seat_name
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import PLACES, REQUEST_IDS
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.model import GUILDS, LEVELS, PRISMATIC, TYPES
from wintergames.games.ice.scoring_state import breakdown

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

TRIGGERS = ("none", "blessing", "light", "light-flipped", "dark", "dark-flipped")


def _type_name(t: int) -> str:
    return "prismatic" if t == PRISMATIC else TYPES[t]


def public_tile(tile: int) -> dict[str, Any]:
    """What anyone sees of a face-down tile: a Snow tile's back, an Artifact's layer and
    type (seen through the ice)."""
    t = IC.tiles[tile]
    if t.level == 3:
        return {"layer": "snow", "back": t.back}
    return {"layer": LEVELS[t.level], "type": _type_name(t.type), "anima": t.anima}


def known_tile(tile: int) -> dict[str, Any]:
    t = IC.tiles[tile]
    out = {"id": t.id, **public_tile(tile)}
    if t.level == 3:
        out["front"] = t.front
        if t.talisman >= 0:
            out["talisman"] = TYPES[t.talisman]
    else:
        out["shape"] = t.shape
    return out


def _board(s: IceState) -> list[dict[str, Any]]:
    out = []
    for place in range(BOARD.n):
        tile = s.tiles[place]
        entry: dict[str, Any] = {"place": PLACES[place], "level": BOARD.level[place],
                                 "kind": BOARD.kind[place]}
        if tile >= 0:
            entry["tile"] = public_tile(tile)
            if s.rift[place] >= 0:
                entry["rift_axis"] = s.rift[place]
        if s.archs[place]:
            entry["archaeologists"] = s.archs[place]
        out.append(entry)
    return out


def _camps(s: IceState) -> dict[str, Any]:
    """Each seat's guild Camp by seat name, and the White Camps on the board (a list)."""
    out: dict[str, Any] = {seat_name(c): PLACES[s.camps[c]]
                           for c in range(s.num_players) if s.camps[c] >= 0}
    out["white"] = [PLACES[at] for at in s.camps[s.num_players:] if at >= 0]
    return out


def _decision(s: IceState) -> dict[str, Any] | None:
    """The open decision: who owes it and what it asks (public: the choices themselves
    go only to that seat, as its legal actions). A Merchant Caravan's display is public."""
    if s.over or not s.pending:
        return None
    from wintergames.games.ice.rules import PROMPTS

    frame = s.pending[-1]
    out: dict[str, Any] = {"seat": frame[1], "prompt": PROMPTS[frame[0]]}
    if frame[0] == fr.LOGBOOK and frame[2] == fr.LOGBOOK_CARAVAN:
        out["caravan"] = [IC.tiles[t].id for t in frame[5:] if t >= 0]
    return out


def _seat(s: IceState, p: int, viewer: int | None) -> dict[str, Any]:
    mine = viewer == p

    def artifact(tile: int) -> dict[str, Any]:
        if mine or s.seen[tile]:
            return {**known_tile(tile), "face_down": bool(s.down[tile])}
        return {**public_tile(tile), "face_down": True}

    v = s.validated[p]
    view: dict[str, Any] = {
        "name": seat_name(p),
        "guild": GUILDS[s.guild[p]],
        "guild_name": IC.guilds[s.guild[p]].name,
        "leader": PLACES[s.leaders[p]] if s.leaders[p] >= 0 else None,
        "camp": PLACES[s.camps[p]] if s.camps[p] >= 0 else None,
        "ep": s.ep[p],
        "rp_tokens": s.rp[p],
        "planning": bool(s.planning[p]),
        "study": {TYPES[t]: ("none", "ready", "flipped")[s.study[p][t]] for t in range(5)},
        "slots": {TYPES[t]: [artifact(tile) for tile in s.art[p][t]] for t in range(5)},
        "used_today": [TYPES[t] for t in range(5) if s.used[p][t]],
        "ship_hold": [known_tile(tile) for tile in s.hold[p]],
        "snow_tiles": len(s.hand[p]),
        "snow_backs": sorted(IC.tiles[t].back for t in s.hand[p]),
        "requests": len(s.requests[p]),
        "validated": [{"card": REQUEST_IDS[v[i]], "day": v[i + 1], "rp": v[i + 2]}
                      for i in range(0, len(v), 3)],
        "second_request_bonuses": s.bonus2[p],
        "fluent_moves": s.fluent[p],
        "trigger": TRIGGERS[s.trigger[p]],
        "finished_today": bool(s.finished[p]),
    }
    if s.options["curse"] != "off":
        view["curse"] = s.curse[p]
        view["move_followers"] = s.follow_cap[p]
    if GUILDS[s.guild[p]] == "incandescent":
        a = s.activation[p]
        view["activation"] = ("ready" if a == fr.READY else "spent" if a == fr.SPENT
                              else TYPES[a])
    if GUILDS[s.guild[p]] == "icewalker":
        view["grappling"] = s.grapple[p]
    if GUILDS[s.guild[p]] == "nourisher":
        view["guild_archaeologists"] = s.guild_archs[p]
    if mine:
        view["hand"] = [known_tile(t) for t in sorted(s.hand[p])]
        view["request_cards"] = [REQUEST_IDS[c] for c in sorted(s.requests[p])]
    return view


def observation(s: IceState, player: int | None) -> dict[str, Any]:
    return {
        "game": "ice",
        "you": player,
        "day": s.day,
        "first_player": s.first,
        "to_move": list(s.to_move),
        "over": s.over,
        "spent_this_turn": s.spent,
        "overwork": bool(s.overwork),
        "board": _board(s),
        "camps": _camps(s),
        "decision": _decision(s),
        "logbook": [IC.logbook[c].id for c in s.logbook_shown],
        "archaeologists_in_pool": s.arch_supply,
        "decrees": [IC.decrees[d].id for d in s.decrees],
        "row": [REQUEST_IDS[c] for c in s.row],
        "request_deck": len(s.request_deck),
        "logbook_deck": len(s.logbook_deck),
        "discarded_tiles": len(s.tile_discard),
        "played_snow_tiles": [IC.tiles[t].id for t in s.tile_discard
                              if s.seen[t] and IC.tiles[t].level == 3],
        "discarded_artifacts": [IC.tiles[t].id for t in s.tile_discard
                                if s.seen[t] and IC.tiles[t].level < 3],
        "curse_tokens": list(s.curse_tokens) if s.options["curse"] != "off" else None,
        "seats": [_seat(s, p, player) for p in range(s.num_players)],
        # Mid-game a score would tell the Shapes of face-down Artifacts (a Shapes Decree):
        # every seat's score once the game is over, before that only the viewer's own.
        "scores": s.scores() if s.over else None,
        "your_score": breakdown(s, player).total if player is not None else None,
    }
