"""What a what-if overlay may change in ICE, and the values a game plays with.

``SCHEMA`` lists every rule number and component value a designer may change (the
option ``overlay``, ``core.overlay``): each key with its default read from the data files
(``components.IC``), its meaning and its bounds. Every value within the bounds plays:
the generic checks run each key at both bounds, all keys at once.

``Params`` holds every one of those values as the game plays it, with the cards as the
overlay makes them (a Request's RP and cost, its words filled in). A state reads it as
``state.params``: ``params_of`` makes it once per distinct overlay, and every state of
that overlay (clones and determinizations too) shares the one object, which never
changes. ``DEFAULT`` is the game as printed (help texts and the browser's layout show it).

>>> p = params_of({"overlay": {"requests.mono.rp": 8, "days": 5}})
>>> p.days, p.requests[0].rp, p.requests[0].text
(5, 8, 'Pay 3 Anima of Harmony. Gain 8 RP.')
>>> params_of({"overlay": {"days": 5, "requests.mono.rp": 8}}) is p
True
>>> DEFAULT.days, DEFAULT.turn_ep, DEFAULT.sunrise_ep_for(5)
(4, 2, 4)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from wintergames.core.overlay import OVERLAY, OverlaySchema, Param, Value
from wintergames.games.ice.components import CARD_AMOUNTS, IC, card_text, request_text
from wintergames.games.ice.model import GUILDS, LEVELS, REQUEST_KINDS, Decree, Logbook, Request

_SNOW, _SURFACE, _DEEP = (LEVELS.index(name) for name in ("snow", "surface", "deep"))
# The player counts of the tables keyed by them (setup.toml [ep_by_players],
# [fluent_tokens]): one key each, and the order of their ``Params`` tuples.
SUNRISE_PLAYERS = tuple(sorted(IC.ep_by_players))
FLUENT_PLAYERS = tuple(sorted(IC.fluent_tokens))
# Set sizes of the sets Decree (all 5 types first) and Shape counts of the shapes Decree.
SET_SIZES = tuple(sorted(IC.sets_rp, reverse=True))
SHAPE_COUNTS = tuple(sorted(IC.shapes_rp))
_MOST_SHAPES = max(t.shape for t in IC.tiles)  # different Shapes one type can show


def _request_rp(kind: str) -> int:
    """The RP every Request of ``kind`` gains (the loader checks they agree)."""
    return next(r.rp for r in IC.requests if r.kind == kind)


_SHAPES_RP3 = next(r.rp3 for r in IC.requests if r.kind == "shapes")

# (key, the Params field it sets, default, meaning, low, high). A key names the rule as
# the rulebook does; the default is the data files' value.
_DIRECT: tuple[tuple[str, str, Value, str, float | None, float | None], ...] = (
    # -- Days, EP and turns (RB Gameflow, Sunrise, Actions, Overwork, Plan, FAQ) --
    ("days", "days", IC.days,
     "Days the game lasts; Requests are validated from Day 2, any number on the last", 2, 8),
    ("ep.max", "ep_max", IC.ep_max,
     "the most EP a player may have (a Planning token, Achievement and Wreck stop there)",
     1, 12),
    ("turn.ep", "turn_ep", IC.turn_ep, "EP one turn may spend", 1, 6),
    ("actions.ep", "action_ep", IC.action_ep,
     "EP that Move, Fluent Move, Build a Camp, Recruit, Sail, Study and Plan each cost", 1, 2),
    ("overwork.ep", "overwork_ep", IC.overwork_ep,
     "EP a turn may spend after Overwork", 1, 8),
    ("overwork.rp", "overwork_rp", IC.overwork_rp, "RP tokens Overwork costs", 0, 3),
    ("plan.ep", "plan_ep", IC.planning_ep,
     "extra EP a Planning token gives at the next Sunrise", 0, 3),
    ("plan.rp", "plan_rp", IC.planning_rp,
     "RP an unused Planning token scores at the end", 0, 5),
    ("snow_tiles.hand_limit", "snow_hand_limit", IC.snow_hand_limit,
     "Snow tiles a player may keep at the end of a turn", 0, 6),
    # -- Requests (RB Setup P, Sunset, Request Validation, Discard Phase) --
    ("requests.deal", "deal", IC.deal, "Request cards dealt to each player at set-up", 4, 8),
    ("requests.keep", "keep", IC.keep,
     "Request cards each player keeps of those dealt at set-up", 0, 3),
    ("requests.hand_limit", "request_hand_limit", IC.request_hand_limit,
     "Request cards a player may keep at the end of Sunset", 1, 8),
    ("sunset.row_extra", "row_extra", IC.row_extra,
     "Request cards in the Sunset row beyond one per player", 0, 4),
    ("validation.per_day", "validations", IC.validations,
     "Requests a player may validate at each Sunset from Day 2 but the last", 1, 4),
    ("validation.first_rp", "first_validation_rp", IC.first_validation_rp,
     "RP tokens for the first Request validated at a Sunset before the last", 0, 5),
    ("validation.second_rp", "second_validation_rp", IC.second_validation_rp,
     "RP at the end for the second Request validated at a Sunset before the last", 0, 6),
    ("decrees.shown", "decrees_shown", IC.decrees_shown,
     "Decree cards revealed at set-up", 1, len(IC.decrees)),
    # -- first game (RB Setup N, P) --
    ("first_game.deal", "first_game_deal", IC.first_game_deal,
     "Request cards dealt to each player in a first game", 2, 5),
    ("first_game.keep", "first_game_keep", IC.first_game_keep,
     "Request cards each player keeps in a first game", 0, 1),
    ("first_game.starting_rp", "first_game_rp", IC.first_game_rp,
     "RP tokens every player starts a first game with", 0, 10),
    # -- excavation and Azulia (RB Excavating Tile Cost Rules, Azulia) --
    ("excavate.cost.snow", "excavate_snow", IC.excavate_cost[_SNOW],
     "base EP to excavate a Snow tile", 0, 6),
    ("excavate.cost.surface", "excavate_surface", IC.excavate_cost[_SURFACE],
     "base EP to excavate a Surface Artifact", 0, 6),
    ("excavate.cost.deep", "excavate_deep", IC.excavate_cost[_DEEP],
     "base EP to excavate a Deep Artifact", 0, 8),
    ("excavate.hard_extra", "hard_extra", IC.hard_extra,
     "EP more for a hard tile (a Camp, a Nunatak, one covering tile; never stacked)", 0, 3),
    ("excavate.explorer_discount", "explorer_discount", IC.explorer_discount,
     "EP less per Explorer on the excavated tile", 0, 2),
    ("azulia.rp", "azulia_rp", IC.azulia_rp,
     "RP tokens for uncovering a whole RP icon of Azulia", 0, 5),
    ("supply.archaeologists", "archaeologists", IC.archaeologists,
     "Archaeologists in the game", 0, 90),
    # -- Moves (RB Move, Fluent Move variant, 2 player Game) --
    ("move.followers", "move_followers", IC.move_followers["normal"],
     "Archaeologists who may follow a Move from the Leader's tile", 0, 3),
    ("fluent_move.steps", "fluent_steps", IC.fluent_steps,
     "adjacent tiles a Fluent Move may go, for one action's EP", 1, 3),
    # -- Artifact effects (RB Effects of the 5 Artifact Types) --
    ("artifacts.anima_to_trigger", "anima_normal", IC.anima_needed["normal"],
     "Anima a slot needs to trigger its effect (at least one Artifact among them)", 1, 4),
    ("artifacts.exalted.ep", "exalted_ep", IC.effects["exalted_ep"],
     "EP the Exalted effect costs", 0, 2),
    ("artifacts.achievement.ep", "achievement_ep", IC.effects["achievement_ep"],
     "EP the Achievement effect adds", 0, 3),
    ("artifacts.harmony.archaeologists", "harmony_archaeologists",
     IC.effects["harmony_archaeologists"],
     "Archaeologists the Harmony effect puts on the Leader's tile", 0, 3),
    ("study.all_types_rp", "all_studies_rp", IC.all_studies_rp,
     "RP tokens instead of a Study token for a player with all 5 (Artifact Study, the "
     "Gentle variant)", 0, 6),
    # -- Snow tiles (RB Snow Tiles, Front) --
    ("snow_tiles.whistle_of_storms.archaeologists", "whistle_archaeologists",
     IC.effects["whistle_archaeologists"],
     "Archaeologists Whistle of Storms may send at most", 1, 3),
    ("snow_tiles.ice_sailboat.archaeologists", "sailboat_archaeologists",
     IC.effects["sailboat_archaeologists"],
     "Archaeologists Ice Sailboat puts on each of the two Leaders' tiles", 0, 3),
    ("snow_tiles.expedition_survivors.archaeologists", "survivors_archaeologists",
     IC.effects["survivors_archaeologists"],
     "Archaeologists Expedition Survivors adds to an excavation", 0, 5),
    ("snow_tiles.wreck.ep", "wreck_ep", IC.effects["wreck_ep"], "EP the Wreck gives", 0, 3),
    ("snow_tiles.wreck.rp", "wreck_rp", IC.effects["wreck_rp"],
     "RP tokens the Wreck gives", 0, 5),
    ("snow_tiles.polar_termites.discount", "termites_discount",
     IC.effects["termites_discount"],
     "EP less the next excavation costs after Swarm of Polar Termites", 0, 4),
    ("snow_tiles.white_spiders.steps", "spiders_steps", IC.effects["spiders_steps"],
     "Moves White Spiders take the Leader at most", 1, 4),
    ("snow_tiles.white_spiders.followers", "spiders_followers",
     IC.effects["spiders_followers"],
     "Archaeologists who may follow White Spiders (a Navigator: more)", 0, 2),
    # -- Guild abilities (RB Guild Boards) --
    ("guilds.navigator.followers", "navigator_followers", IC.effects["navigator_followers"],
     "Archaeologists who may follow a Navigator's Sail, Camp, Snow-tile or Camp trip, once "
     "a turn", 0, 1),
    ("guilds.nourisher.archaeologists", "nourisher_archaeologists",
     IC.nourisher_archaeologists,
     "Archaeologists the Nourisher's board holds at set-up and is filled to at Sunrise",
     0, 4),
    ("guilds.nourisher.per_turn", "nourish_archaeologists",
     IC.effects["nourish_archaeologists"],
     "Archaeologists the Nourisher brings from the board to a Snow tile, once a turn", 1, 3),
    ("guilds.icewalker.grappling_tokens", "grappling_tokens", IC.grappling_tokens,
     "Grappling tokens of the Icewalker", 0, 4),
    ("guilds.icewalker.tokens_back", "grapple_refresh", IC.effects["grapple_refresh"],
     "Grappling tokens flipped back at each Sunrise", 0, 4),
    ("guilds.cryoarchitect.discount", "cryo_discount", IC.effects["cryo_discount"],
     "EP less for an Artifact tile with the CryoArchitect's own Camp (instead of the "
     "Camp's EP more), once a turn", 0, 3),
    ("guilds.cryoarchitect.rebuild_ep", "cryo_rebuild_ep", IC.effects["cryo_rebuild_ep"],
     "EP the CryoArchitect's once-a-Day rebuild costs", 0, 2),
    # -- the Logbook (RB Logbook Cards) --
    ("logbook.merchant_caravan.display", "caravan_display", IC.caravan_display,
     "discarded Snow tiles the Merchant Caravan shows at most", 0, 10),
    ("logbook.merchant_caravan.sell_rp", "caravan_sell_rp", IC.caravan_sell_rp,
     "RP tokens the Merchant Caravan pays for an Artifact", 0, 6),
    ("logbook.merchant_caravan.buy_rp", "caravan_buy_rp", IC.caravan_buy_rp,
     "RP tokens a shown Snow tile costs at the Merchant Caravan", 0, 4),
    ("logbook.blizzard.archaeologists", "blizzard_archaeologists",
     IC.blizzard_archaeologists,
     "Archaeologists each player brings back to their Camp in a Blizzard", 0, 6),
    # -- Expert mode and the Blessing variant (RB Nuuka's Curse, Blessing Variant) --
    ("variant.blessing.anima", "anima_blessing", IC.anima_needed["blessing"],
     "Anima a slot needs to trigger with a Blessing token", 1, 4),
    ("curse.light.anima", "anima_light", IC.anima_needed["light"],
     "Anima a slot needs to trigger under a light Curse", 1, 4),
    ("curse.dark.anima", "anima_dark", IC.anima_needed["dark"],
     "Anima a slot needs to trigger under a dark Curse", 1, 5),
    ("curse.light_flipped.followers", "light_flipped_followers",
     IC.move_followers["light-flipped"],
     "Archaeologists who may follow a Move once the light Curse grows", 0, 3),
    ("curse.dark_flipped.followers", "dark_flipped_followers",
     IC.move_followers["dark-flipped"],
     "Archaeologists who may follow a Move once the dark Curse grows", 0, 3),
    # -- Decrees (RB Decree Cards) --
    ("decrees.tokens.rp", "tokens_rp", IC.tokens_rp,
     "RP the RP tokens Decree scores per RP token", 0, 3),
    ("decrees.study.rp", "study_rp", IC.study_rp,
     "RP the Study Decree scores per Study token", 0, 3),
    ("decrees.type.rp", "type_rp", IC.type_rp,
     "RP a type's Decree scores per Anima of that type", 0, 3),
)

# Tables of the data files, one key per entry (a key takes one number, so each can be set
# alone, ``-o overlay.sunrise.ep.5_players=5``): by player count, set size, Shape count.
_TABLES = (
    *(Param(f"sunrise.ep.{n}_players", IC.ep_by_players[n],
            f"EP each player resets to at Sunrise with {n} players", 1, 10)
      for n in SUNRISE_PLAYERS),
    *(Param(f"fluent_move.tokens.{n}_players", IC.fluent_tokens[n],
            f"Fluent Move tokens each player has with {n} players"
            + (" (the Fluent Move variant)" if n > min(FLUENT_PLAYERS) else ""), 0, 3)
      for n in FLUENT_PLAYERS),
    *(Param(f"decrees.sets.rp_{k}_types", IC.sets_rp[k],
            f"RP the Sets Decree scores per group of {k} different types", 0, 10)
      for k in SET_SIZES),
    *(Param(f"decrees.shapes.rp_{k}_shapes", IC.shapes_rp[k],
            f"RP the Shapes Decree scores per type showing {k} different Shapes", 0, 10)
      for k in SHAPE_COUNTS),
)

# Per Request kind: the RP it gains (the shapes kind: with fewer than 3 Shapes, then with
# 3) and what it costs (RB Request Cards; C5), with the bounds of each cost: a minimal
# payment holds at most 4 items, and a duo or shapes Request cannot ask for more kinds
# than it names.
_COST_MOST = {"mono": 4, "shapes": 3, "either": 4, "duo": 3, "trio": 4, "prism": 4}
_COST_WHAT = {"mono": "Anima of its type", "shapes": "different Shapes of its type",
              "either": "Anima, all of one of its two types",
              "duo": "items of different types among its three",
              "trio": "Anima from its three types", "prism": "Anima of Prismatic Artifacts"}
_REQUESTS = (
    *(param for kind in REQUEST_KINDS for param in (
        Param(f"requests.{kind}.rp", _request_rp(kind),
              f"RP a {kind} Request gains" + (" paid with fewer than 3 Shapes"
                                               if kind == "shapes" else ""), 0, 20),
        Param(f"requests.{kind}.cost", IC.request_cost[kind],
              f"what a {kind} Request costs: {_COST_WHAT[kind]}", 1, _COST_MOST[kind]))),
    Param("requests.shapes.rp_3_shapes", _SHAPES_RP3,
          "RP a shapes Request gains paid with 3 different Shapes", 0, 20),
)
_STARTING_RP = tuple(Param(f"guilds.{g.id}.starting_rp", g.starting_rp,
                           f"RP tokens the {g.name} starts with", 0, 10) for g in IC.guilds)

SCHEMA = OverlaySchema("ice", [
    *(Param(key, default, description, low, high)
      for key, _, default, description, low, high in _DIRECT),
    *_TABLES,
    *_REQUESTS,
    *_STARTING_RP,
])


@dataclasses.dataclass(frozen=True, slots=True)
class Params:
    """Every value a what-if overlay may change, as one game plays it (``SCHEMA``'s keys,
    by the rule; ``params_of`` makes it). Fields that were tables in the data files are
    tuples in the order of their keys (``sunrise_ep_for`` reads one by player count)."""

    days: int
    ep_max: int
    turn_ep: int
    action_ep: int
    overwork_ep: int
    overwork_rp: int
    plan_ep: int
    plan_rp: int
    snow_hand_limit: int
    deal: int
    keep: int
    request_hand_limit: int
    row_extra: int
    validations: int
    first_validation_rp: int
    second_validation_rp: int
    decrees_shown: int
    first_game_deal: int
    first_game_keep: int
    first_game_rp: int
    excavate_snow: int
    excavate_surface: int
    excavate_deep: int
    hard_extra: int
    explorer_discount: int
    azulia_rp: int
    archaeologists: int
    move_followers: int
    fluent_steps: int
    anima_normal: int
    exalted_ep: int
    achievement_ep: int
    harmony_archaeologists: int
    all_studies_rp: int
    whistle_archaeologists: int
    sailboat_archaeologists: int
    survivors_archaeologists: int
    wreck_ep: int
    wreck_rp: int
    termites_discount: int
    spiders_steps: int
    spiders_followers: int
    navigator_followers: int
    nourisher_archaeologists: int
    nourish_archaeologists: int
    grappling_tokens: int
    grapple_refresh: int
    cryo_discount: int
    cryo_rebuild_ep: int
    caravan_display: int
    caravan_sell_rp: int
    caravan_buy_rp: int
    blizzard_archaeologists: int
    anima_blessing: int
    anima_light: int
    anima_dark: int
    light_flipped_followers: int
    dark_flipped_followers: int
    tokens_rp: int
    study_rp: int
    type_rp: int
    # Made from several keys each, once with the rest:
    sunrise_ep: tuple[int, ...]  # by player count, SUNRISE_PLAYERS order
    fluent_tokens: tuple[int, ...]  # by player count, FLUENT_PLAYERS order
    sets_rp: tuple[int, ...]  # per set size, SET_SIZES order (all 5 types first)
    shapes_rp: tuple[int, ...]  # by number of different Shapes (0 where none scores)
    excavate_cost: tuple[int, ...]  # base EP by level (LEVELS order; Azulia 0)
    starting_rp: tuple[int, ...]  # by Guild (GUILDS order)
    requests: tuple[Request, ...]  # as IC.requests, with this game's RP, cost and words
    decrees: tuple[Decree, ...]  # as IC.decrees, with this game's words
    logbook: tuple[Logbook, ...]  # as IC.logbook, with this game's words
    # The overlay's changes (sorted): what the object is made from, and how it pickles.
    changes: tuple[tuple[str, Value], ...]

    def sunrise_ep_for(self, players: int) -> int:
        """EP each player resets to at Sunrise with ``players`` players."""
        return self.sunrise_ep[SUNRISE_PLAYERS.index(players)]

    def fluent_tokens_for(self, players: int) -> int:
        """Fluent Move tokens each player has with ``players`` players (with 3, only in
        the variant; the caller asks only then)."""
        return self.fluent_tokens[FLUENT_PLAYERS.index(players)] if players in \
            FLUENT_PLAYERS else 0

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its overlay's changes, read back as the one object of that overlay
        (a process pool's states stay small and share it again)."""
        return _params, (self.changes,)


def _whole(value: Value) -> int:
    """A whole-number value of ``SCHEMA`` (checked there) as an int."""
    assert isinstance(value, int)
    return value


def _requests(values: Mapping[str, Value]) -> tuple[Request, ...]:
    """The Request cards with the overlay's RP and cost, their words filled in."""
    out = []
    for r in IC.requests:
        rp3 = values["requests.shapes.rp_3_shapes"] if r.kind == "shapes" else r.rp3
        card = dataclasses.replace(r, rp=_whole(values[f"requests.{r.kind}.rp"]),
                                   rp3=_whole(rp3),
                                   need=_whole(values[f"requests.{r.kind}.cost"]))
        out.append(dataclasses.replace(card, text=request_text(card)))
    return tuple(out)


def _build(values: Mapping[str, Value], changes: tuple[tuple[str, Value], ...]) -> Params:
    """The ``Params`` of ``values`` (every key of ``SCHEMA``), an overlay's ``changes``
    applied to the printed ones."""
    direct: dict[str, Any] = {field: values[key] for key, field, *_ in _DIRECT}
    direct["sunrise_ep"] = tuple(_whole(values[f"sunrise.ep.{n}_players"])
                                 for n in SUNRISE_PLAYERS)
    direct["fluent_tokens"] = tuple(_whole(values[f"fluent_move.tokens.{n}_players"])
                                    for n in FLUENT_PLAYERS)
    direct["sets_rp"] = tuple(_whole(values[f"decrees.sets.rp_{k}_types"]) for k in SET_SIZES)
    shapes = {k: _whole(values[f"decrees.shapes.rp_{k}_shapes"]) for k in SHAPE_COUNTS}
    # The Decree texts name the set and Shape tables by size, as setup.toml does.
    tables = {"sets_rp": dict(zip(SET_SIZES, direct["sets_rp"], strict=True)),
              "shapes_rp": shapes}
    amounts = {name: tables[name] if name in tables else direct[name] for name in CARD_AMOUNTS}
    cost = [0] * len(LEVELS)
    cost[_SNOW], cost[_SURFACE], cost[_DEEP] = (
        direct["excavate_snow"], direct["excavate_surface"], direct["excavate_deep"])
    return Params(
        **direct,
        shapes_rp=tuple(shapes.get(k, 0) for k in range(_MOST_SHAPES + 1)),
        excavate_cost=tuple(cost),
        starting_rp=tuple(_whole(values[f"guilds.{g}.starting_rp"]) for g in GUILDS),
        changes=changes,
        requests=_requests(values),
        decrees=tuple(dataclasses.replace(d, text=card_text(d.text, amounts))
                      for d in IC.decrees),
        logbook=tuple(dataclasses.replace(b, text=card_text(b.text, amounts))
                      for b in IC.logbook),
    )


@lru_cache(maxsize=64)
def _params(changes: tuple[tuple[str, Value], ...]) -> Params:
    """The ``Params`` of an overlay's changes (sorted items): one object per overlay."""
    return _build(SCHEMA.values(dict(changes)), changes)


def params_of(options: Mapping[str, Any]) -> Params:
    """The values a game with these (validated) options plays with: its overlay applied
    to the printed ones. The overlay is checked again (cheap: only the keys it changes),
    so a snapshot read back with a tampered one is refused, never played."""
    overlay = options.get(OVERLAY)
    if not overlay:
        return DEFAULT
    return _params(tuple(SCHEMA.check(overlay).items()))


DEFAULT = _params(())

__all__ = ["DEFAULT", "SCHEMA", "Params", "params_of"]
