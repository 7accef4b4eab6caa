"""What each seat of ICE may see, built from an allow-list.

Public: every tile on the board by its public side (a Snow tile's back and Rift
orientation; an Artifact's layer and type; ``board`` names it by ``TILE_FACES``' key, and
``board_entries`` lists the board place by place), the Archaeologists, Leaders and Camps, every
guild board (Artifacts face up by id, face-down ones by type unless everyone has seen
them), Study tokens, the Ship's Hold, RP tokens, EP, Planning, Fluent Move, Curse and
guild tokens, validated Requests, the Decrees, the Sunset row, the counts of every hand,
deck and pile, and the Snow tiles that were played (the discard pile's seen tiles);
the open decision's seat, prompt and context (its frame kind and public arguments: a
tile it holds by its public class unless the viewer knows its face, the Request being
paid, as validating reveals it).
Private: a seat's own Snow tiles and Requests in hand, and its own face-down Artifacts.
Hidden from everyone: the face of every tile nobody has seen, deck orders.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from wintergames.core.events import seat_name
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import PLACES, REQUEST_IDS
from wintergames.games.ice.components import IC
from wintergames.games.ice.days import validations_left
from wintergames.games.ice.excavate import targets
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.logbook import storm_current
from wintergames.games.ice.model import BACKS, GUILDS, LEVELS, PRISMATIC, TYPES
from wintergames.games.ice.pieces import played_guild
from wintergames.games.ice.prompts import decision
from wintergames.games.ice.scoring_state import breakdown
from wintergames.games.ice.turn import excavations_offered

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

TRIGGERS = ("none", "blessing", "light", "light-flipped", "dark", "dark-flipped")

# The open decision's context: frame kinds and their questions by name (the frame kinds
# in the order of their codes 1..20; code 1, the opening discard, is never a frame now:
# the opening Requests are a simultaneous choice of Day 0, kept so the order stays).
FRAME_KINDS = ("DISCARD_OPENING",
               *dict.fromkeys(kind.NAME for kind in fr.KINDS))
# What an EFFECT, ABILITY or LOGBOOK frame asks, in the order of their codes.
QUESTIONS = tuple(kind.QUESTION for kind in fr.KINDS if issubclass(kind, fr.Question))
# A FOLLOW frame's last argument (frames.FLUENT_NEXT, frames.NAVIGATOR_FOLLOW).
FOLLOW_THEN = ("none", "fluent-step", "navigator")
# An excavation's steps (excavate.COLLAPSE ... AFTER) and how its Leader is placed apart.
EXCAVATION_STEPS = ("collapse", "take", "prepare", "spread", "leaders", "rope", "camp",
                    "after")
APART = (None, "rope", "grapple")


def _type_name(t: int) -> str:
    return "prismatic" if t == PRISMATIC else TYPES[t]


def _public_tile(tile: int) -> dict[str, Any]:
    t = IC.tiles[tile]
    if t.level == 3:
        return {"layer": "snow", "back": t.back}
    return {"layer": LEVELS[t.level], "type": _type_name(t.type), "anima": t.anima}


# Every tile's public face, made once: every view shows the whole board, a hundred places.
# Its values are texts and numbers, so a copy of the dict shares nothing with a view.
_PUBLIC = tuple(_public_tile(tile) for tile in range(len(IC.tiles)))


def _face_id(face: dict[str, Any]) -> str:
    return "-".join(str(value) for value in face.values())


# The board names each tile by its public face's id ("snow-rift", "surface-harmony-1"),
# a key of this catalogue (the layout's ``tile_faces``): a text, so a view shares nothing
# mutable, and the whole board is three flat lists rather than 164 dicts (a quarter of the
# bytes, a third of the time).
TILE_FACES: dict[str, dict[str, Any]] = {_face_id(face): face for face in _PUBLIC}
# By tile id, and None at index -1: an empty slot (``EMPTY``) reads as no face.
_FACE_IDS = (*(_face_id(face) for face in _PUBLIC), None)
# By Rift axis, and None at index -1: no Rift tile there.
_AXES = (0, 1, 2, None)


def public_tile(tile: int) -> dict[str, Any]:
    """What anyone sees of a face-down tile: a Snow tile's back, an Artifact's layer and
    type (seen through the ice)."""
    return _PUBLIC[tile].copy()


def _known_tile(tile: int) -> dict[str, Any]:
    t = IC.tiles[tile]
    out = {"id": t.id, **public_tile(tile)}
    if t.level == 3:
        out["front"] = t.front
        if t.talisman >= 0:
            out["talisman"] = TYPES[t.talisman]
    else:
        out["shape"] = t.shape
    return out


# Every tile's face as its holder knows it, made once, as ``_PUBLIC``.
_KNOWN = tuple(_known_tile(tile) for tile in range(len(IC.tiles)))
# By tile id: its id, whether it is a Snow tile, its back.
_TILE_IDS = tuple(t.id for t in IC.tiles)
_IS_SNOW = tuple(t.level == 3 for t in IC.tiles)
_BACKS_OF = tuple(t.back for t in IC.tiles)


def known_tile(tile: int) -> dict[str, Any]:
    """A tile as one who has seen its face knows it: its id, its public face, and a Snow
    tile's front and Talisman or an Artifact's Shape."""
    return _KNOWN[tile].copy()


def _board(s: IceState) -> dict[str, list[Any]]:
    """The board in the layout's place order (``PLACES``): each place's tile by its face's
    id (``TILE_FACES``) or None, a Rift tile's axis (0-2) or None, its Archaeologists."""
    # An axis lies only under a tile: taking a tile off resets its slot's axis to -1.
    # ``itemgetter`` looks the 164 places up in C (most of a view's time is its board).
    return {"tiles": list(itemgetter(*s.tiles)(_FACE_IDS)),
            "rift_axis": list(itemgetter(*s.rift)(_AXES)),
            "archaeologists": s.archs.copy()}


def board_entries(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """The board of a view place by place, as a reader lists it: its name, level and kind,
    then what lies on it (``tile``: its public face; ``rift_axis``; ``archaeologists``)."""
    board, out = obs["board"], []
    for place, (face, axis, archs) in enumerate(zip(board["tiles"], board["rift_axis"],
                                                    board["archaeologists"], strict=True)):
        entry = {"place": PLACES[place], "level": BOARD.level[place], "kind": BOARD.kind[place]}
        if face is not None:
            entry["tile"] = TILE_FACES[face].copy()
            if axis is not None:
                entry["rift_axis"] = axis
        if archs:
            entry["archaeologists"] = archs
        out.append(entry)
    return out


def _camps(s: IceState) -> dict[str, Any]:
    """Each seat's guild Camp by seat name, and the White Camps on the board (a list)."""
    out: dict[str, Any] = {seat_name(c): PLACES[s.camps[c]]
                           for c in range(s.num_players) if s.camps[c] >= 0}
    out["white"] = [PLACES[at] for at in s.camps[s.num_players:] if at >= 0]
    return out


def _decision(s: IceState, viewer: int | None) -> dict[str, Any] | None:
    """The open decision: who owes it and what it asks (public: the choices themselves
    go only to that seat, as its legal actions). A Merchant Caravan's display is public.
    ``context``: the frame's kind and its public arguments (``_context``)."""
    if s.over or not s.pending:
        return None
    frame = s.pending[-1]
    out: dict[str, Any] = {"seat": frame.seat, "prompt": decision(s, frame.seat).prompt.text}
    if isinstance(frame, fr.Caravan):
        out["caravan"] = [IC.tiles[t].id for t in frame.display if t >= 0]
    out["context"] = _context(s, viewer)
    return out


def _held(s: IceState, tile: int, viewer: int | None) -> dict[str, Any]:
    """A tile an open decision holds: its face when everyone has seen it or the viewer
    knows it (as ``hidden.resample`` keeps it), else only its public class."""
    if s.seen[tile] or (viewer is not None and s.known[tile] >> viewer & 1):
        return known_tile(tile)
    return public_tile(tile)


def _camp_owner(s: IceState, camp: int) -> int | str:
    return camp if camp < s.num_players else "white"


def _context(s: IceState, viewer: int | None) -> dict[str, Any]:
    """The open decision's frame as named public arguments, from an allow-list: the frame
    kind (``FRAME_KINDS``), what an EFFECT / ABILITY / LOGBOOK frame asks (``QUESTIONS``),
    its arguments (places by name, seats by index, counts), the kinds of the frames below
    it (outermost first) and the excavation under way, if any. A tile the frame holds
    shows only its public class unless its face is known (``_held``); the Request being
    paid is shown (validating reveals it)."""
    frame = s.pending[-1]
    p = frame.seat
    ctx: dict[str, Any] = {"frame": frame.NAME}
    if isinstance(frame, fr.Follow):
        ctx.update({"from": PLACES[frame.origin], "most": frame.most,
                    "then": FOLLOW_THEN[frame.then]})
    elif isinstance(frame, fr.FluentStep):
        ctx["followers"] = frame.followers
    elif isinstance(frame, fr.PrismSlot | fr.Collect):
        ctx["tile"] = _held(s, frame.tile, viewer)
    elif isinstance(frame, fr.Spread):
        ctx.update({"at": PLACES[frame.slot], "left": frame.left})
    elif isinstance(frame, fr.LeaderTo):
        ctx["leader"] = frame.leader
    elif isinstance(frame, fr.CampTo):
        ctx.update({"camp": _camp_owner(s, frame.camp), "at": PLACES[frame.slot]})
    elif isinstance(frame, fr.Validate):
        ctx["validations_left"] = validations_left(s, p)
    elif isinstance(frame, fr.Pay):
        n_tiles = len(IC.tiles)
        ctx["request"] = REQUEST_IDS[frame.card]
        ctx["paid"] = [_held(s, c, viewer) if c < n_tiles else {"study": TYPES[c - n_tiles]}
                       for c in frame.chosen]
    elif isinstance(frame, fr.HandLimit):
        ctx["to_discard"] = max(0, len(s.requests[p]) - s.params.request_hand_limit)
    elif isinstance(frame, fr.SnowLimit):
        ctx["to_discard"] = max(0, len(s.hand[p]) - s.params.snow_hand_limit)
    elif isinstance(frame, fr.Effect):
        ctx.update(_effect(frame))
    elif isinstance(frame, fr.Ability):
        ctx["ability"] = frame.QUESTION
    elif isinstance(frame, fr.Logbook):
        ctx.update(_event(s, frame))
    elif isinstance(frame, fr.NavCamp):
        ctx["from"] = PLACES[frame.origin]
    elif isinstance(frame, fr.SunrisePrism):
        ctx["moved"] = [_held(s, t, viewer) for t in frame.moved]
    ctx["under"] = [f.NAME for f in s.pending[:-1]]
    dig = next((f for f in reversed(s.pending) if isinstance(f, fr.Excavation)), None)
    if dig is not None:
        ctx["excavation"] = _excavation(s, dig)
    return ctx


def _effect(frame: fr.Effect) -> dict[str, Any]:
    out: dict[str, Any] = {"effect": frame.QUESTION}
    if isinstance(frame, fr.Gem):
        out["types"] = [TYPES[t] for t in range(5) if frame.types >> t & 1]
    elif isinstance(frame, fr.WhistleTo | fr.SmilodonTo):
        out["from"] = PLACES[frame.origin]
    elif isinstance(frame, fr.WhistleCount):
        out.update({"from": PLACES[frame.origin], "to": PLACES[frame.to]})
    elif isinstance(frame, fr.EffectFollow):
        out.update({"from": PLACES[frame.origin], "base": frame.base, "most": frame.most})
    return out


def _event(s: IceState, frame: fr.Logbook) -> dict[str, Any]:
    out: dict[str, Any] = {"event": frame.QUESTION}
    if isinstance(frame, fr.Flow | fr.Haven):
        out["chosen"] = [PLACES[q] for q in frame.chosen]
    elif isinstance(frame, fr.Ordered):
        out["order"] = frame.order  # the seat's place in the event's order from the first
    if isinstance(frame, fr.Caravan):
        out.update({"sold": bool(frame.done & 1), "bought": bool(frame.done & 2)})
    elif isinstance(frame, fr.Blizzard):
        out["left"] = frame.left
    elif isinstance(frame, fr.Storm):
        out["back"] = BACKS[frame.back]
    elif isinstance(frame, fr.StormMove):
        out["at"] = PLACES[frame.slot]
        current = storm_current(s, frame.slot)
        out["from"] = PLACES[current] if current >= 0 else None
    return out


def _excavation(s: IceState, dig: fr.Excavation) -> dict[str, Any]:
    """The excavation under way, public parts only (never the tile it took: a Snow tile
    goes secretly into the hand): the excavated slot, its step, a Leader placed apart
    (Abseiling Rope / Grappling token), the Archaeologists it holds off the board, the
    Leaders still to place, the Camp that stood on the tile and what each place below
    still receives."""
    return {
        "at": PLACES[dig.slot],
        "step": EXCAVATION_STEPS[dig.step],
        "apart": APART[dig.apart],
        "rope_archaeologist": bool(dig.rope_arch),
        "archaeologists": dig.archs,
        "leaders": [q for q in range(s.num_players) if dig.leaders >> q & 1],
        "camp": _camp_owner(s, dig.camp) if dig.camp >= 0 else None,
        "receives": {PLACES[q]: dig.receives[i] for i, q in enumerate(targets(dig.slot))
                     if dig.receives[i]},
    }


_STUDY = ("none", "ready", "flipped")  # by a Study token's state (``IceState.study``)


def _seat(s: IceState, p: int, viewer: int | None) -> dict[str, Any]:
    mine = viewer == p

    def artifact(tile: int) -> dict[str, Any]:
        known = mine or s.seen[tile]
        view = known_tile(tile) if known else public_tile(tile)
        view["face_down"] = bool(s.down[tile]) if known else True
        return view

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
        "study": dict(zip(TYPES, itemgetter(*s.study[p])(_STUDY), strict=True)),
        "slots": {name: [artifact(tile) for tile in tiles]
                  for name, tiles in zip(TYPES, s.art[p], strict=True)},
        "used_today": [name for name, used in zip(TYPES, s.used[p], strict=True) if used],
        "ship_hold": [known_tile(tile) for tile in s.hold[p]],
        "snow_tiles": len(s.hand[p]),
        "snow_backs": sorted([_BACKS_OF[t] for t in s.hand[p]]),
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
    # a guild's own tokens only where its ability is played (never in a first game)
    guild = played_guild(s, p)
    if guild == "incandescent":
        a = s.activation[p]
        view["activation"] = ("ready" if a == fr.READY else "spent" if a == fr.SPENT
                              else TYPES[a])
    elif guild == "icewalker":
        view["grappling"] = s.grapple[p]
    elif guild == "nourisher":
        view["guild_archaeologists"] = s.guild_archs[p]
    if mine:
        view["hand"] = [known_tile(t) for t in sorted(s.hand[p])]
        view["request_cards"] = [REQUEST_IDS[c] for c in sorted(s.requests[p])]
    return view


def _excavation_costs(s: IceState) -> tuple[int | None, int | None]:
    """What excavating the tile under the Leader of the seat to move costs now, in EP,
    while that excavation is among its choices (the cost rests on public pieces only):
    the plain ``excavate``, and ``excavate cryoarchitect`` (the CryoArchitect's
    discount); ``None`` for one that is not a choice now."""
    if len(s.to_move) != 1 or s.day == 0 or s.pending:
        return None, None  # excavating is a turn's action, never a frame's
    return excavations_offered(s, s.to_move[0])


def observation(s: IceState, player: int | None) -> dict[str, Any]:
    plain_cost, cryo_cost = _excavation_costs(s)
    return {
        "game": "ice",
        "you": player,
        "day": s.day,
        "first_player": s.first,
        "to_move": list(s.to_move),
        "over": s.over,
        "guild_abilities": not s.options["first_game"],
        "spent_this_turn": s.spent,
        "overwork": bool(s.overwork),
        "excavation_cost": plain_cost,
        "cryo_excavation_cost": cryo_cost,
        "board": _board(s),
        "camps": _camps(s),
        "decision": _decision(s, player),
        "logbook": [IC.logbook[c].id for c in s.logbook_shown],
        "archaeologists_in_pool": s.arch_supply,
        "decrees": [IC.decrees[d].id for d in s.decrees],
        "row": [REQUEST_IDS[c] for c in s.row],
        "request_deck": len(s.request_deck),
        "logbook_deck": len(s.logbook_deck),
        "discarded_tiles": len(s.tile_discard),
        "played_snow_tiles": [_TILE_IDS[t] for t in s.tile_discard
                              if s.seen[t] and _IS_SNOW[t]],
        "discarded_artifacts": [_TILE_IDS[t] for t in s.tile_discard
                                if s.seen[t] and not _IS_SNOW[t]],
        "curse_tokens": list(s.curse_tokens) if s.options["curse"] != "off" else None,
        "seats": [_seat(s, p, player) for p in range(s.num_players)],
        # Mid-game a score would tell the Shapes of face-down Artifacts (a Shapes Decree):
        # every seat's score once the game is over, before that only the viewer's own.
        "scores": s.scores() if s.over else None,
        "your_score": breakdown(s, player).total if player is not None else None,
    }
