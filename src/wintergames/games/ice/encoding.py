"""ICE's observation as numbers (``core.encoding``): the layered board, every seat's
guild board from the observer's seat on, the observer's hand, and the open decision.

``fill`` reads only the dict ``observe.observation`` returns. Tile, card and place names
become indices through tables built once, when the encoding is built, from the game's
component catalogue (``IC``) and its place names; the counts it scales by are the
options' (``params``: the printed rule numbers, or a what-if overlay's).

Layout, in order (``n`` players, seats listed from the observer's, clockwise):

- the board: Snow tiles by back and Rift axis on the Snow and Surface slots (a Snowstorm
  may put a Snow tile on the Surface layer), Artifact tiles by type on the Surface and
  Deep slots, Archaeologists per place, each seat's Leader and Camp, the White Camps;
- the round: Day, first player, who is to move, turn counters, supplies and deck sizes,
  the open decision (whose, its frame kind, what an effect / ability / Logbook event
  asks, the frames below it, the places, seats, counts, tile class, Request and payment
  its context names, the excavation under way, a Merchant Caravan's display), Logbook
  cards, Decrees, the Sunset row, the discard pile's seen tiles, scores;
- per seat: guild, counters, Study tokens, used slots, trigger slot token, the backs of
  its Snow tiles, its five Artifact slots, its Ship's Hold, validated Requests, guild
  tokens, and in expert mode the Curse track;
- the observer's own Snow tiles and Request cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from wintergames.core.encoding import Field, Layout, ObservationEncoding, Writer, scaled
from wintergames.games.ice.actions import PLACES, REQUEST_IDS
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.model import BACKS, GUILDS, PRISMATIC, TYPES
from wintergames.games.ice.observe import (
    EXCAVATION_STEPS,
    FOLLOW_THEN,
    FRAME_KINDS,
    QUESTIONS,
    TILE_FACES,
    TRIGGERS,
)
from wintergames.games.ice.params import params_of

# -- tables built once --------------------------------------------------------------------

_N_PLACES = BOARD.n
_PLACE = {name: i for i, name in enumerate(PLACES)}
# Snow tiles lie on the Snow layer, and on the Surface layer after a Snowstorm.
_SNOW_SLOTS = (*BOARD.slots[3], *BOARD.slots[2])
_ART_SLOTS = (*BOARD.slots[2], *BOARD.slots[1])
_TILE_SLOTS = (*BOARD.slots[3], *BOARD.slots[2], *BOARD.slots[1])
_SNOW_ROW = [-1] * _N_PLACES
for _row, _place in enumerate(_SNOW_SLOTS):
    _SNOW_ROW[_place] = _row
_ART_ROW = [-1] * _N_PLACES
for _row, _place in enumerate(_ART_SLOTS):
    _ART_ROW[_place] = _row
# Flat indices into the board fields: by place, then by back / by Artifact type name.
_SNOW_AT = [{b: _SNOW_ROW[p] * (len(BACKS) + 3) + i for i, b in enumerate(BACKS)}
            if _SNOW_ROW[p] >= 0 else {} for p in range(_N_PLACES)]
_RIFT_AT = [_SNOW_ROW[p] * (len(BACKS) + 3) + len(BACKS) for p in range(_N_PLACES)]
_ART_AT = [{t: _ART_ROW[p] * 6 + i for i, t in enumerate((*TYPES, "prismatic"))}
           if _ART_ROW[p] >= 0 else {} for p in range(_N_PLACES)]
# By place, then by board face (observe.TILE_FACES): a Snow tile's flat index in the Snow
# field (by its back), an Artifact's in the Artifact field (by its type).
_SNOW_FACE_AT = [{face: at[tile["back"]] for face, tile in TILE_FACES.items()
                  if tile["layer"] == "snow"} if at else {} for at in _SNOW_AT]
_ART_FACE_AT = [{face: at[tile["type"]] for face, tile in TILE_FACES.items()
                 if tile["layer"] != "snow"} if at else {} for at in _ART_AT]
_CAMP_COL = {PLACES[place]: col for col, place in enumerate(_TILE_SLOTS)}
_SNOW_CH = len(BACKS) + 3  # back one-hot, then the Rift axis 0..2
_BACK = {b: i for i, b in enumerate(BACKS)}
_KIND = {**{t: i for i, t in enumerate(TYPES)}, "prismatic": PRISMATIC}  # 0..5
_TYPE = {t: i for i, t in enumerate(TYPES)}
_GUILD = {g: i for i, g in enumerate(GUILDS)}
_TRIGGER = {t: i for i, t in enumerate(TRIGGERS)}
_STUDY = {"none": -1, "ready": 0, "flipped": 1}
_ACTIVATION = {"ready": 0, "spent": 1, **{t: 2 + i for i, t in enumerate(TYPES)}}
_FRAME = {name: i for i, name in enumerate(FRAME_KINDS)}
_QUESTION = {name: i for i, name in enumerate(QUESTIONS)}
_STEP = {name: i for i, name in enumerate(EXCAVATION_STEPS)}
_LAYER = {"snow": 0, "surface": 1, "deep": 2}
# The rows of ``decision_places``.
_FROM, _TO, _AT, _DIG, _RECEIVES = range(5)
# The columns of ``decision_numbers`` and ``decision_flags``.
_NUMBERS = ("most", "base", "followers", "left", "blizzard", "to_discard",
            "validations_left", "order", "moved", "held")
_NUM = {name: i for i, name in enumerate(_NUMBERS)}
_FLAGS = ("fluent-step", "navigator", "sold", "bought", "rope", "grapple",
          "rope_archaeologist")
_FLAG = {name: i for i, name in enumerate(_FLAGS)}
_PAID_CAP = 6  # Anima of one kind in a payment (at most 3 items of 2 Anima)
_TOP = {IC.tiles[t].id: i for i, t in enumerate(IC.top)}  # the 48 Snow tiles (+ Encampment)
_TILE = dict(IC.tile_by_id)
_REQUEST = {r: i for i, r in enumerate(REQUEST_IDS)}
_DECREE = dict(IC.decree_by_id)
_LOGBOOK = dict(IC.logbook_by_id)


def _most(level: int, kind: int) -> int:
    return sum(1 for t in IC.tiles if t.level == level and t.type == kind)


def _most_shape(shape: int) -> int:
    return max(sum(1 for t in IC.tiles if t.level < 3 and t.type == k and t.shape == shape)
               for k in range(5))


# The most Artifacts one slot or one type can hold, by the catalogue.
_SURF = max(_most(2, k) for k in range(5))
_DEEP = max(_most(1, k) for k in range(5))
_SURF_PRISM = _most(2, PRISMATIC)
_DEEP_PRISM = _most(1, PRISMATIC)
_SHAPE_MOST = tuple(_most_shape(s) for s in (1, 2, 3))
_SLOT_MOST = _SURF + _DEEP + _SURF_PRISM + _DEEP_PRISM
_SLOT_CH = 8
_HOLD_CH = 5

# Generous caps for counts the rules do not bound tightly.
_ARCH_CAP = 10  # Archaeologists on one place
_RP_CAP = 20  # RP tokens
_HAND_CAP = 6  # Snow tiles or Requests in hand (the limits apply at the end of a turn)
_REQUEST_RP_CAP = 40  # RP of validated Requests
_SCORE_CAP = 100

_STATS = 9


def _artifacts(block: Any, row: int, items: list[dict[str, Any]], inv: list[float]) -> None:
    """One Artifact slot: counts by layer and Prismatic or not, known Shapes, face down."""
    counts = [0] * _SLOT_CH
    for a in items:
        prism = a["type"] == "prismatic"
        deep = a["layer"] == "deep"
        counts[(2 if prism else 0) + (1 if deep else 0)] += 1
        shape = a.get("shape")
        if shape:
            counts[3 + shape] += 1
        if a["face_down"]:
            counts[7] += 1
    block[row] = [c * k for c, k in zip(counts, inv, strict=True)]


def _tile(block: Any, tile: Mapping[str, Any]) -> None:
    """A held tile's public class: layer, then Artifact type or Snow back."""
    block[_LAYER[tile["layer"]]] = 1.0
    if "back" in tile:
        block[9 + _BACK[tile["back"]]] = 1.0
    else:
        block[3 + _KIND[tile["type"]]] = 1.0


_BOARDS_KEPT = 1024
_Indices = npt.NDArray[np.intp]
_board_seen: dict[tuple[str | int | None, ...], tuple[_Indices, _Indices]] = {}


def _tile_indices(tiles: list[str | None], rift_axis: list[int | None]
                  ) -> tuple[_Indices, _Indices]:
    """The flat indices a board's tiles set to 1 in the Snow field and in the Artifact
    field.

    Kept by the board's faces and axes, a value that fixes them: tiles change on few steps
    (an Archaeologist's move leaves them), and reading the 164 places was a third of an
    encode. The arrays returned are shared between calls, and read-only.
    """
    key = (*tiles, *rift_axis)
    found = _board_seen.get(key)
    if found is None:
        snow = [at[face] for at, face in zip(_SNOW_FACE_AT, tiles, strict=True) if face in at]
        snow += [_RIFT_AT[place] + axis for place, axis in enumerate(rift_axis)
                 if axis is not None]
        art = [at[face] for at, face in zip(_ART_FACE_AT, tiles, strict=True) if face in at]
        if len(_board_seen) >= _BOARDS_KEPT:
            _board_seen.clear()
        found = _board_seen[key] = (_frozen(snow), _frozen(art))
    return found


def _frozen(indices: list[int]) -> _Indices:
    """``indices`` as an array no caller can write to: kept ones are shared."""
    out = np.array(indices, np.intp)
    out.flags.writeable = False
    return out


def observation_encoding(num_players: int, options: Mapping[str, Any]) -> ObservationEncoding:
    n = num_players
    params = params_of(options)
    curse = options.get("curse", "off") != "off"
    curse_spaces = IC.curse_end + 1
    curse_most = max(max(spaces.count(x) for x in spaces)
                     for c in IC.curse.values() for spaces in (c.light, c.dark))
    # What each count is scaled by: its most in this game (at least 1, where a what-if
    # overlay may make it 0).
    ep_max = params.ep_max
    validations = params.validations
    fluent_most = max(1, *params.fluent_tokens)
    grapple_most = max(1, params.grappling_tokens)
    nourish_most = max(1, params.nourisher_archaeologists)
    n_archs = max(1, params.archaeologists)
    follow_most = max(1, params.move_followers)
    blizzard_most = max(1, params.blizzard_archaeologists)
    spent_most = max(params.turn_ep, params.overwork_ep)
    bonus_most = max(1, params.days - 2)  # the Days with a second-Request bonus
    n_requests = len(IC.requests)
    n_logbook = len(IC.logbook)
    n_tiles = len(IC.tiles)
    days = params.days

    back_names = ", ".join(BACKS)
    kind_names = ", ".join((*TYPES, "prismatic"))
    fields = [
        Field("snow_tiles", (len(_SNOW_SLOTS), _SNOW_CH),
              f"per Snow slot (T1..) then Surface slot (S1..): one-hot back of the Snow tile "
              f"there ({back_names}), then its Rift axis 0..2 one-hot"),
        Field("artifact_tiles", (len(_ART_SLOTS), 6),
              f"per Surface slot (S1..) then Deep slot (D1..): one-hot type of the Artifact "
              f"tile there ({kind_names})"),
        Field("archaeologists", (_N_PLACES,),
              f"per place (A1..A7, D.., E.., S.., T..): Archaeologists there / {_ARCH_CAP} "
              "(capped)"),
        Field("leaders", (n, _N_PLACES),
              "per seat from yours: one-hot place of its Expedition Leader (none: with "
              "its player)"),
        Field("camps", (n + 1, len(_TILE_SLOTS)),
              "per seat from yours, then the White Camps: per tile slot (T.., S.., D..), "
              "1 where that Camp stands"),
        Field("day", (days + 1,),
              f"one-hot Day 0..{days} (0: the opening Requests are chosen)"),
        Field("first_player", (n,), "per seat from yours: 1 for the first player"),
        Field("to_move", (n,), "per seat from yours: 1 if it owes an action now"),
        Field("turn", (3,),
              f"game over; Overwork this turn; EP spent this turn / {spent_most}"),
        Field("supply", (4,),
              f"Archaeologists in the pool / {n_archs}; Request deck / {n_requests}; "
              f"Logbook deck / {n_logbook}; discarded tiles / {n_tiles}"),
        Field("decision_seat", (n,),
              "per seat from yours: 1 for the seat owing the open decision (none: a free "
              "turn or the opening)"),
        Field("decision_frame", (len(FRAME_KINDS),),
              "one-hot kind of the open decision's frame, in frames code order 1..20: "
              f"{', '.join(FRAME_KINDS)}"),
        Field("decision_question", (len(QUESTIONS),),
              "one-hot what an EFFECT, ABILITY or LOGBOOK frame asks: "
              f"{', '.join(QUESTIONS)}"),
        Field("decision_under", (len(FRAME_KINDS),),
              "per frame kind (decision_frame order): 1 if a frame of that kind lies "
              "below the open one (a decision nested in another: a payment in a "
              "validation, a choice during an excavation)"),
        Field("decision_places", (5, _N_PLACES),
              "per place (archaeologists order), five rows: 1 where a move starts "
              "(FOLLOW / EFFECT_FOLLOW origin, Whistle of Storms and Boreal Smilodon "
              "source, a Navigator Camp's old tile, the Snowstorm place an Explorer leaves); "
              "1 for Whistle of Storms' destination; 1 for the tile the frame is about "
              "(SPREAD / CAMP_TO excavated tile, the Snowstorm's new tile, the places "
              "Prismatic Flow / Safe Haven already served); 1 for the tile being "
              f"excavated (an excavation under way); Explorers the excavation still "
              f"places there / {_ARCH_CAP} (capped)"),
        Field("decision_who", (n + 1,),
              "per seat from yours, then a White Camp: 1 for the Leader a LEADER_TO frame "
              "places or the Camp a CAMP_TO frame places"),
        Field("decision_numbers", (len(_NUMBERS),),
              f"Archaeologists that may follow at most / {follow_most} "
              "(FOLLOW, EFFECT_FOLLOW); EFFECT_FOLLOW's base followers / "
              f"{follow_most}; followers of a Fluent Move's first step / "
              f"{follow_most}; Explorers left to spread / {_ARCH_CAP} "
              f"(capped); Blizzard Archaeologists still to take / "
              f"{blizzard_most}; cards to discard (HAND_LIMIT, SNOW_LIMIT) / "
              f"{_HAND_CAP} (capped); validations left / {_HAND_CAP} (capped); the seat's "
              f"place in a Logbook event's order / {max(n - 1, 1)}; Prismatics moved at "
              f"Sunrise / {_SURF_PRISM + _DEEP_PRISM}; Archaeologists the excavation "
              f"under way holds / {_ARCH_CAP} (capped)"),
        Field("decision_flags", (len(_FLAGS),),
              "FOLLOW then a Fluent Move's second step; FOLLOW is the Navigator's extra "
              "follower; Merchant Caravan: sold, bought; the excavation's Leader goes "
              "apart by Abseiling Rope, by a Grappling token; an Archaeologist is kept "
              "apart with the Rope"),
        Field("decision_tile", (3 + 6 + len(BACKS),),
              "the tile a COLLECT or PRISM_SLOT frame holds, or the Snow tile a "
              "Snowstorm returns, by public class: one-hot layer (snow, surface, deep), "
              f"one-hot Artifact type ({kind_names}), one-hot Snow back ({back_names})"),
        Field("decision_types", (5,),
              f"per type ({', '.join(TYPES)}): 1 if Anima Gemstone may trigger it"),
        Field("decision_request", (n_requests,),
              "per Request card: 1 for the Request being paid (PAY)"),
        Field("decision_paid", (11,),
              f"PAY so far: per kind ({kind_names}) Anima paid by Artifacts / {_PAID_CAP} "
              f"(capped), then per type ({', '.join(TYPES)}) 1 if its Study token is paid"),
        Field("decision_excavation", (len(EXCAVATION_STEPS) + 2 * n + 1,),
              "the excavation under way: one-hot step "
              f"({', '.join(EXCAVATION_STEPS)}); per seat from yours, 1 if its Leader is "
              "still to place; per seat from yours then a White Camp, 1 for the Camp that "
              "stood on the excavated tile"),
        Field("caravan", (len(_TOP),),
              "per Snow tile (SN01..SN47, ENC): 1 if the Merchant Caravan displays it"),
        Field("logbook", (n_logbook,), "per Logbook card: 1 if revealed"),
        Field("decrees", (len(IC.decrees),), "per Decree card: 1 if in play"),
        Field("row", (n_requests,), "per Request card: 1 if in the Sunset row"),
        Field("discard_seen", (n_tiles,),
              "per tile (Snow, Surface, Deep catalogue order): 1 if face up in the "
              "discard pile"),
        Field("scores", (n,),
              f"per seat from yours: score / {_SCORE_CAP} (capped); yours always, the "
              "others' once the game is over"),
        Field("seat_guild", (n, len(GUILDS)),
              f"per seat from yours: one-hot Guild board ({', '.join(GUILDS)})"),
        Field("seat_stats", (n, _STATS),
              f"per seat from yours: EP / {ep_max}, RP tokens / {_RP_CAP} (capped), "
              f"Planning token, Snow tiles in hand / {_HAND_CAP} (capped), Requests in "
              f"hand / {_HAND_CAP} (capped), second-Request bonuses / {bonus_most}, Fluent Move "
              f"tokens / {fluent_most}, finished today, validated Request RP / "
              f"{_REQUEST_RP_CAP} (capped)"),
        Field("seat_validated", (n, days),
              f"per seat from yours, per Day 1..{days}: Requests validated / {validations}"
              " (capped)"),
        Field("seat_study", (n, 5, 2),
              "per seat from yours, per type: Study token ready, Study token flipped"),
        Field("seat_used", (n, 5),
              "per seat from yours, per type: the slot's effect was triggered today"),
        Field("seat_trigger", (n, len(TRIGGERS)),
              f"per seat from yours: one-hot token on the trigger slot ({', '.join(TRIGGERS)})"),
        Field("seat_snow_backs", (n, len(BACKS)),
              f"per seat from yours, per back ({back_names}): its Snow tiles in hand with "
              f"that back / 3 (capped)"),
        Field("seat_slots", (n, 5, _SLOT_CH),
              f"per seat from yours, per Artifact slot (type): Surface basic / {_SURF}, "
              f"Deep basic / {_DEEP}, Surface Prismatic / {_SURF_PRISM}, Deep Prismatic / "
              f"{_DEEP_PRISM}, known Shape 1 / {_SHAPE_MOST[0]}, Shape 2 / "
              f"{_SHAPE_MOST[1]}, Shape 3 / {_SHAPE_MOST[2]}, face down / {_SLOT_MOST}"),
        Field("seat_hold", (n, 6, _HOLD_CH),
              f"per seat from yours, per type ({kind_names}) in its Ship's Hold: Surface / "
              f"{max(_SURF, _SURF_PRISM)}, Deep / {_DEEP}, Shape 1 / {_SHAPE_MOST[0]}, "
              f"Shape 2 / {_SHAPE_MOST[1]}, Shape 3 / {_SHAPE_MOST[2]}"),
        Field("seat_guild_tokens", (n, 9),
              "per seat from yours: Incandescent Activation token one-hot (ready, spent, "
              f"on {', '.join(TYPES)}), Icewalker Grappling tokens / {grapple_most}, "
              f"Nourisher's Archaeologists / {nourish_most} (all 0 in a first game: no guild "
              "abilities)"),
    ]
    if curse:
        fields += [
            Field("seat_curse", (n, 2),
                  f"per seat from yours (expert mode): Curse track marker / {IC.curse_end}, "
                  f"Archaeologists a Move may bring / {follow_most}"),
            Field("curse_tokens", (curse_spaces,),
                  f"per Curse track space 0..{IC.curse_end}: Curse tokens on it / "
                  f"{curse_most}"),
        ]
    fields += [
        Field("hand", (len(_TOP),),
              "per Snow tile (SN01..SN47, ENC): 1 if in your hand"),
        Field("request_cards", (n_requests,), "per Request card: 1 if in your hand"),
    ]
    layout = Layout(fields)

    snow_w = len(_SNOW_SLOTS) * _SNOW_CH
    inv_slot = [1 / _SURF, 1 / _DEEP, 1 / _SURF_PRISM, 1 / _DEEP_PRISM,
                *(1 / m for m in _SHAPE_MOST), 1 / _SLOT_MOST]
    inv_hold_level = (1 / _SURF, 1 / _DEEP)
    inv_hold_prism = (1 / _SURF_PRISM, 1 / _DEEP_PRISM)
    inv_shape = [1 / m for m in _SHAPE_MOST]
    follow_cap = follow_most
    order_cap = max(n - 1, 1)
    prism_cap = _SURF_PRISM + _DEEP_PRISM

    def number(w: Writer, name: str, value: float, cap: float) -> None:
        w["decision_numbers"][_NUM[name]] = min(value / cap, 1.0)

    def _context(w: Writer, ctx: Mapping[str, Any], rel: dict[int, int]) -> None:
        """The open decision's context (``observe._context``), keyed on its frame kind."""
        w["decision_frame"][_FRAME[ctx["frame"]]] = 1.0
        question = ctx.get("effect") or ctx.get("ability") or ctx.get("event")
        if question is not None:
            w["decision_question"][_QUESTION[question]] = 1.0
        under = ctx["under"]
        if under:
            w["decision_under"][[_FRAME[k] for k in under]] = 1.0
        places = w["decision_places"]
        for key, row in (("from", _FROM), ("to", _TO), ("at", _AT)):
            at = ctx.get(key)
            if at is not None:
                places[row, _PLACE[at]] = 1.0
        for at in ctx.get("chosen", ()):
            places[_AT, _PLACE[at]] = 1.0
        flags = w["decision_flags"]
        kind = ctx["frame"]
        if kind == "FOLLOW" or question == "EFFECT_FOLLOW":
            number(w, "most", ctx["most"], follow_cap)
            if "base" in ctx:
                number(w, "base", ctx["base"], follow_cap)
            then = ctx.get("then", "none")
            if then != FOLLOW_THEN[0]:
                flags[_FLAG[then]] = 1.0
        elif kind == "FLUENT_STEP":
            number(w, "followers", ctx["followers"], follow_cap)
        elif kind == "SPREAD":
            number(w, "left", ctx["left"], _ARCH_CAP)
        elif kind in ("HAND_LIMIT", "SNOW_LIMIT"):
            number(w, "to_discard", ctx["to_discard"], _HAND_CAP)
        elif kind == "VALIDATE":
            number(w, "validations_left", ctx["validations_left"], _HAND_CAP)
        elif kind == "SUNRISE_PRISM":
            number(w, "moved", len(ctx["moved"]), prism_cap)
        elif kind == "LEADER_TO":
            w["decision_who"][rel[ctx["leader"]]] = 1.0
        elif kind == "CAMP_TO":
            camp = ctx["camp"]
            w["decision_who"][n if camp == "white" else rel[camp]] = 1.0
        elif kind == "PAY":
            w["decision_request"][_REQUEST[ctx["request"]]] = 1.0
            paid = w["decision_paid"]
            for item in ctx["paid"]:
                study_type = item.get("study")
                if study_type is not None:
                    paid[6 + _TYPE[study_type]] = 1.0
                else:
                    col = _KIND[item["type"]]
                    paid[col] = min(paid[col] + item["anima"] / _PAID_CAP, 1.0)
        tile = ctx.get("tile")
        if tile is not None:
            _tile(w["decision_tile"], tile)
        if "types" in ctx:
            w["decision_types"][[_TYPE[t] for t in ctx["types"]]] = 1.0
        if "order" in ctx:
            number(w, "order", ctx["order"], order_cap)
        if question == "LOGBOOK_BLIZZARD":
            number(w, "blizzard", ctx["left"], blizzard_most)
        elif question == "LOGBOOK_CARAVAN":
            flags[_FLAG["sold"]] = 1.0 if ctx["sold"] else 0.0
            flags[_FLAG["bought"]] = 1.0 if ctx["bought"] else 0.0
        elif question == "LOGBOOK_STORM":
            w["decision_tile"][0] = 1.0
            w["decision_tile"][9 + _BACK[ctx["back"]]] = 1.0
        dig = ctx.get("excavation")
        if dig is not None:
            places[_DIG, _PLACE[dig["at"]]] = 1.0
            for at, count in dig["receives"].items():
                places[_RECEIVES, _PLACE[at]] = min(count / _ARCH_CAP, 1.0)
            number(w, "held", dig["archaeologists"], _ARCH_CAP)
            if dig["apart"] is not None:
                flags[_FLAG[dig["apart"]]] = 1.0
            if dig["rope_archaeologist"]:
                flags[_FLAG["rope_archaeologist"]] = 1.0
            block = w["decision_excavation"]
            block[_STEP[dig["step"]]] = 1.0
            base = len(EXCAVATION_STEPS)
            for q in dig["leaders"]:
                block[base + rel[q]] = 1.0
            camp = dig["camp"]
            if camp is not None:
                block[base + n + (n if camp == "white" else rel[camp])] = 1.0

    def fill(obs: Mapping[str, Any], me: int, w: Writer) -> None:
        order = [(me + k) % n for k in range(n)]
        rel = {p: k for k, p in enumerate(order)}

        # The board.
        board = obs["board"]
        snow_idx, art_idx = _tile_indices(board["tiles"], board["rift_axis"])
        archs = w["archaeologists"]
        np.divide(board["archaeologists"], _ARCH_CAP, out=archs)
        np.minimum(archs, 1.0, out=archs)
        w["snow_tiles"].reshape(snow_w)[snow_idx] = 1.0
        w["artifact_tiles"].reshape(-1)[art_idx] = 1.0
        camps = w["camps"]
        for at in obs["camps"]["white"]:
            camps[n, _CAMP_COL[at]] = 1.0

        # The round.
        w["day"][obs["day"]] = 1.0
        w["first_player"][rel[obs["first_player"]]] = 1.0
        to_move = w["to_move"]
        for p in obs["to_move"]:
            to_move[rel[p]] = 1.0
        w["turn"][:] = (1.0 if obs["over"] else 0.0, 1.0 if obs["overwork"] else 0.0,
                        min(obs["spent_this_turn"] / spent_most, 1.0))
        w["supply"][:] = (obs["archaeologists_in_pool"] / n_archs,
                          obs["request_deck"] / n_requests,
                          obs["logbook_deck"] / n_logbook,
                          obs["discarded_tiles"] / n_tiles)
        decision = obs["decision"]
        if decision is not None:
            w["decision_seat"][rel[decision["seat"]]] = 1.0
            _context(w, decision["context"], rel)
            shown = decision.get("caravan")
            if shown:
                w["caravan"][[_TOP[t] for t in shown]] = 1.0
        if obs["logbook"]:
            w["logbook"][[_LOGBOOK[c] for c in obs["logbook"]]] = 1.0
        if obs["decrees"]:
            w["decrees"][[_DECREE[c] for c in obs["decrees"]]] = 1.0
        if obs["row"]:
            w["row"][[_REQUEST[c] for c in obs["row"]]] = 1.0
        seen = [_TILE[t] for t in obs["played_snow_tiles"]]
        seen += [_TILE[t] for t in obs["discarded_artifacts"]]
        if seen:
            w["discard_seen"][seen] = 1.0
        scores_block = w["scores"]
        scores = obs["scores"]
        if scores is not None:
            for p, value in enumerate(scores):
                scores_block[rel[p]] = max(scaled(value, _SCORE_CAP), 0.0)
        elif obs["your_score"] is not None:
            scores_block[0] = max(scaled(obs["your_score"], _SCORE_CAP), 0.0)
        if curse:
            w["curse_tokens"][:] = [min(c / curse_most, 1.0) for c in obs["curse_tokens"]]

        # The seats.
        leaders = w["leaders"]
        guild = w["seat_guild"]
        stats = w["seat_stats"]
        valid = w["seat_validated"]
        study = w["seat_study"]
        used = w["seat_used"]
        trig = w["seat_trigger"]
        backs = w["seat_snow_backs"]
        slots = w["seat_slots"]
        hold = w["seat_hold"]
        tokens = w["seat_guild_tokens"]
        seats = obs["seats"]
        for k, p in enumerate(order):
            st = seats[p]
            if st["leader"] is not None:
                leaders[k, _PLACE[st["leader"]]] = 1.0
            if st["camp"] is not None:
                camps[k, _CAMP_COL[st["camp"]]] = 1.0
            guild[k, _GUILD[st["guild"]]] = 1.0
            rp = 0
            for v in st["validated"]:
                rp += v["rp"]
                day = v["day"]
                if day >= 1:
                    valid[k, day - 1] = min(valid[k, day - 1] + 1 / validations, 1.0)
            stats[k] = (min(st["ep"] / ep_max, 1.0), scaled(st["rp_tokens"], _RP_CAP),
                        1.0 if st["planning"] else 0.0,
                        scaled(st["snow_tiles"], _HAND_CAP), scaled(st["requests"], _HAND_CAP),
                        min(st["second_request_bonuses"] / bonus_most, 1.0),
                        min(st["fluent_moves"] / fluent_most, 1.0),
                        1.0 if st["finished_today"] else 0.0,
                        scaled(rp, _REQUEST_RP_CAP))
            for t, flag in st["study"].items():
                col = _STUDY[flag]
                if col >= 0:
                    study[k, _TYPE[t], col] = 1.0
            for t in st["used_today"]:
                used[k, _TYPE[t]] = 1.0
            trig[k, _TRIGGER[st["trigger"]]] = 1.0
            for b in st["snow_backs"]:
                backs[k, _BACK[b]] = min(backs[k, _BACK[b]] + 1 / 3, 1.0)
            seat_slots = slots[k]
            for t, items in st["slots"].items():
                if items:
                    _artifacts(seat_slots, _TYPE[t], items, inv_slot)
            if st["ship_hold"]:
                seat_hold = hold[k]
                for a in st["ship_hold"]:
                    kind = _KIND[a["type"]]
                    deep = 1 if a["layer"] == "deep" else 0
                    inv = inv_hold_prism if kind == PRISMATIC else inv_hold_level
                    seat_hold[kind, deep] = min(seat_hold[kind, deep] + inv[deep], 1.0)
                    shape = a.get("shape")
                    if shape:
                        seat_hold[kind, 1 + shape] = min(
                            seat_hold[kind, 1 + shape] + inv_shape[shape - 1], 1.0)
            activation = st.get("activation")
            if activation is not None:
                tokens[k, _ACTIVATION[activation]] = 1.0
            if "grappling" in st:
                tokens[k, 7] = min(st["grappling"] / grapple_most, 1.0)
            if "guild_archaeologists" in st:
                tokens[k, 8] = min(st["guild_archaeologists"] / nourish_most, 1.0)
            if curse:
                w["seat_curse"][k] = (min(st["curse"] / IC.curse_end, 1.0),
                                      min(st["move_followers"] / follow_most, 1.0))

        # Yours alone.
        mine = seats[me]
        if mine.get("hand"):
            w["hand"][[_TOP[t["id"]] for t in mine["hand"]]] = 1.0
        if mine.get("request_cards"):
            w["request_cards"][[_REQUEST[c] for c in mine["request_cards"]]] = 1.0

    constant: dict[str, str] = {}
    logbook = options.get("logbook", "auto")
    if logbook == "off" or (logbook == "auto" and options.get("first_game", False)):
        constant["logbook"] = "no Logbook cards in this game (option logbook, first game)"
        constant["caravan"] = "no Logbook cards, so no Merchant Caravan, in this game"
    if options.get("first_game", False):
        constant["seat_guild_tokens"] = ("a first game plays without guild abilities, so "
                                         "no guild tokens")
    if not curse:
        constant["seat_trigger"] = ("without expert mode the trigger slot keeps the token it "
                                    "starts with (none, or the Blessing variant's)")
    return ObservationEncoding(layout, fill, constant)


__all__ = ["observation_encoding"]
