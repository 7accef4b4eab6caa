"""Winterborne's observation as numbers (``core.encoding``), for RL environments.

``fill`` reads only the observation dict, so a seat's vector holds what that seat may
see: its own hand, deck contents and allies; of the others, hand and deck sizes and the
colours of their allies. Seats are listed from the observer's (``seats_from``). Cards are
indexed over the whole catalogue (``WB.cards``, 57 kinds: a house card names the seat's
own copy), allies over ``WB.allies``, spoils tiles over ``WB.spoils``. The solo game adds
the Balaur's board, pile and objectives and leaves out the provinces' spoils, which lie
face down there. The ``decision_`` fields hold the open decision's context (the
observation's ``decision["context"]``): its frame kind and that frame's arguments.

>>> from wintergames.games.winterborne.encoding import observation_encoding
>>> [observation_encoding(n, {}).layout.size for n in (1, 2, 3, 4)]
[1332, 1615, 1910, 2205]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wintergames.core.encoding import (
    Field,
    Layout,
    ObservationEncoding,
    Writer,
    scaled,
    seats_from,
)
from wintergames.games.winterborne.components import CHARACTERS, RESOURCES, SEASONS, WB
from wintergames.games.winterborne.frames import FIGURES, HORN_VARIANTS
from wintergames.games.winterborne.observe import BUILDING_NAMES, FRAME_KINDS
from wintergames.games.winterborne.params import MOST_WINTER_ROUNDS, Params, params_of
from wintergames.games.winterborne.rules import FRAMES as FRAME_TABLE
from wintergames.games.winterborne.setup import FIRST_GAME, RANDOM
from wintergames.games.winterborne.specials import PAY_PURPOSES

N_CARDS = len(WB.cards)
N_ALLIES = len(WB.allies)
N_SPOILS = len(WB.spoils)
N_COLOURS = len(WB.colours)
N_SECTIONS = len(WB.section_names)
ALLIES_PER_COLOUR = N_ALLIES // N_COLOURS
PLACES = (*WB.space_names, "castle", "out")  # where a figure may be
FRAMES = ("main", *dict.fromkeys(kind.KEY for kind in FRAME_TABLE))
BUILDINGS = tuple(b for b in BUILDING_NAMES if b)  # settlement, church
OBJECTIVE_SLOTS = len(WB.objective_vp)
# Generous bounds where the rules give none (``scaled`` caps at 1). The bounds the game's
# own numbers give (its resource cap, favor, tiles...) are read from its options' overlay
# (``params``): ``most_resources``, ``most_gain``.
MOST_HAND = 10
MOST_DECK = 30
MOST_SCORE = 100
MOST_BALAUR = 150
HAND_CARDS = len(WB.house)
# The longest move a frame can still have to go: a circle (card or spoils) or a Wylds card.
MOST_STEPS = max(3, *(v for c in WB.cards for u in c.uses for v in u.values),
                 *(t.value for t in WB.spoils))


def most_resources(prm: Params) -> int:
    """A seat's resources scale: twice the cap (above it only until the turn's end)."""
    return 2 * prm.resource_cap


def most_gain(prm: Params) -> int:
    """Resources still to take or pay: the "two resources" power's (a pay frame pays one)."""
    return max(1, prm.power_gains)


_CARD = dict(WB.card_by_id)
_ALLY = dict(WB.ally_by_id)
_ALLY_IN_COLOUR = {a.id: sum(b.colour == a.colour for b in WB.allies[:i])
                   for i, a in enumerate(WB.allies)}
_SPOILS = dict(WB.spoils_by_id)
_COLOUR = {c: i for i, c in enumerate(WB.colours)}
_PLACE = {name: k for k, name in enumerate(PLACES[:-1])} | {None: len(PLACES) - 1}
_FRAME = {name: k for k, name in enumerate(FRAMES)}
_SEASON = {name: k for k, name in enumerate(SEASONS)}
_BUILDING = {name: k for k, name in enumerate(BUILDINGS)}
_POWER_CARD = {p.id: k for k, p in enumerate(WB.power_cards)}
_OBJECTIVE = {o.letter: k for k, o in enumerate(WB.objectives)}
_DIFFICULTY = {name: k for k, name in enumerate(WB.difficulties)}
_HOUSE = {WB.cards[c].id: k for k, c in enumerate(WB.house)}
_KIND = {name: k for k, name in enumerate(FRAME_KINDS)}
_FIGURE = {name: k for k, name in enumerate(FIGURES)}
_CHARACTER = {name: k for k, name in enumerate(CHARACTERS)}
_PAY_FOR = {name: k for k, name in enumerate(PAY_PURPOSES)}
_HORN = {name: k for k, name in enumerate(HORN_VARIANTS)}


def _season_decks(prm: Params, n: int) -> tuple[int, int, int, int]:
    """The four season decks' sizes at the start (the season board's chart; Winter takes
    the rest of the exploration deck after one card per province)."""
    chart = prm.chart(n)
    sets = len(next(iter(WB.banner_sets.values())))
    total = len(WB.core) + chart.banner_sets * sets + chart.wylds
    winter = total - N_COLOURS - chart.spring - chart.summer - chart.autumn
    return chart.spring, chart.summer, chart.autumn, winter


def _layout(n: int, prm: Params) -> Layout:
    solo = n == 1
    tiles = prm.solo_conquer_tiles if solo else prm.conquer_tiles
    decks = _season_decks(prm, n)
    favor = max(1, prm.favor_supply)
    cards = f"over the {N_CARDS} card kinds (WB.cards)"
    fields = [
        Field("decision", (len(FRAMES),), "one-hot, the open decision of the seat to move "
                                          "(all 0 once the game is over): "
                                          + ", ".join(FRAMES)),
        Field("decision_frame", (len(FRAME_KINDS),),
              "one-hot, the open decision's frame kind (decision.context.frame; all 0 once "
              "the game is over): " + ", ".join(FRAME_KINDS)),
        Field("decision_below", (len(FRAME_KINDS) - 1,),
              "1 for each frame kind open under the top one (a Wylds card's payment over "
              "the Wylds still to resolve): " + ", ".join(FRAME_KINDS[1:])),
        Field("decision_figure", (len(FIGURES),),
              "one-hot, the figure the top frame moves or has act (MOVE, EXIT, ACT, "
              "TRADE_ONLY): " + ", ".join(FIGURES)),
        Field("decision_character", (len(CHARACTERS),),
              "one-hot, the character whose hex was played, who acts after the move "
              "(FIGURE, MOVE, EXIT when an action follows, ACT): " + ", ".join(CHARACTERS)),
        Field("decision_steps", (1,), f"EXIT: steps still to go, the one out of the castle "
                                      f"included / {MOST_STEPS}"),
        Field("decision_exit", (2,), "EXIT: 1 if moving counter-clockwise (a Mask circle), "
                                     "1 if the special action follows (not a Wylds card)"),
        Field("decision_province", (N_COLOURS,),
              "one-hot, SPOILS: the province conquered, whose spoils may be taken ("
              + ", ".join(WB.colours) + ")"),
        Field("decision_pay_for", (len(PAY_PURPOSES),),
              "one-hot, PAY_ANY: what the resource pays for: " + ", ".join(PAY_PURPOSES)),
        Field("decision_ally", (N_ALLIES,),
              f"one-hot, PAY_ANY for an ally and SACK: the ally being traded with, over the "
              f"{N_ALLIES} ally cards (WB.allies)"),
        Field("decision_resources_left", (1,),
              f"GAIN: resources still to take; PAY_ANY: resources still to pay / "
              f"{most_gain(prm)}"),
        Field("decision_wylds", (N_CARDS,),
              f"the Wylds cards still to resolve (the innermost WYLDS frame, on top or "
              f"under it), {cards}"),
        Field("decision_horn", (len(HORN_VARIANTS),),
              "one-hot, HORN: the special build's variant: " + ", ".join(HORN_VARIANTS)),
        Field("decision_card", (N_CARDS,),
              f"one-hot, HORN: the Horn banner played; ROOM: the Wylds card to make room "
              f"for; {cards}"),
        Field("to_move", (n,), "per seat from yours: 1 if it is to act now"),
        Field("current", (n,), "per seat from yours: one-hot, whose turn it is"),
        Field("first_player", (n,), "per seat from yours: one-hot, who played first"),
        Field("season", (len(SEASONS),), "one-hot: " + ", ".join(SEASONS)),
        Field("autumn_out", (1,), "1 once the Autumn deck has run out"),
        Field("winter_round", (MOST_WINTER_ROUNDS + 1,),
              "one-hot: not winter yet, winter round 1, 2, 3 (a game with fewer winter "
              "rounds never sets the last ones)"),
        Field("season_decks", (4,), "cards left in the spring, summer, autumn, winter decks "
                                    "/ their sizes at the start ("
                                    + ", ".join(map(str, decks)) + ")"),
        Field("favor_supply", (1,), f"favor tokens left in the supply / {favor}"),
        Field("province_ally", (N_COLOURS, ALLIES_PER_COLOUR),
              "per province (" + ", ".join(WB.colours) + "): one-hot, its top ally among "
              f"the {ALLIES_PER_COLOUR} of its colour (all 0: none left)"),
        Field("province_counts", (N_COLOURS, 3),
              f"per province: allies left / {ALLIES_PER_COLOUR}, conquer tiles left / "
              f"{tiles}, spoils tiles left / {prm.spoils_per_province}"),
    ]
    if not solo:
        fields.append(Field("province_spoils", (N_COLOURS, N_SPOILS),
                            "per province: its face-up spoils tiles, over the "
                            f"{N_SPOILS} tiles (WB.spoils)"))
    fields += [
        Field("province_card", (N_COLOURS, N_CARDS),
              f"per province: one-hot, its exploration card {cards}"),
        Field("sacked_spoils", (N_SPOILS,), "spoils tiles in the sacked pile"),
        Field("played", (N_CARDS,), f"cards played this turn by the seat whose turn it is, "
                                    f"{cards}"),
        Field("reserve_blocked", (N_CARDS,),
              "cards of the seat whose turn it is that may not move between hand and "
              "reserve now: picked up from the reserve in the turn's play (they stay in "
              f"hand until the clean-up), or moved in the clean-up, {cards}"),
        Field("hand", (N_CARDS,), f"your hand, {cards}"),
        Field("deck", (N_CARDS,), f"your deck's cards (their order is hidden), {cards}"),
        Field("allies", (N_ALLIES,), "your allies, over the "
                                     f"{N_ALLIES} ally cards (WB.allies)"),
        Field("seat_resources", (n, len(RESOURCES)),
              "per seat from yours: " + ", ".join(RESOURCES) + f" / {most_resources(prm)} "
              "(capped)"),
        Field("seat_favor", (n, 2), f"per seat from yours: favor / {favor}, favor "
                                    f"on its power card / {favor}"),
        Field("seat_power_card", (n, len(WB.power_cards)),
              "per seat from yours: one-hot, its Winterborne power card ("
              + ", ".join(p.id for p in WB.power_cards) + ")"),
        Field("seat_powers_used", (n, MOST_WINTER_ROUNDS + 1),
              "per seat from yours: power used in winter round 1, 2, 3; white meeple used"),
        Field("seat_figures", (n, len(FIGURES), len(PLACES)),
              "per seat from yours, per figure (" + ", ".join(FIGURES) + "): one-hot, "
              "where it stands (" + ", ".join(PLACES) + ")"),
        Field("seat_sections", (n, N_SECTIONS, N_COLOURS),
              "per seat from yours, per kingdom section (" + ", ".join(WB.section_names)
              + "): one-hot, its province colour (all 0: unconquered)"),
        Field("seat_buildings", (n, N_SECTIONS, len(BUILDINGS)),
              "per seat from yours, per kingdom section: 1 for a "
              + ", ".join(BUILDINGS) + " on it"),
        Field("seat_rows", (n, WB.rows, 2),
              "per seat from yours, per house-board row: settlements built / 2, church "
              "built"),
        Field("seat_reserve", (n, N_CARDS), f"per seat from yours: its reserve, {cards}"),
        Field("seat_discard", (n, N_CARDS), f"per seat from yours: its discard pile, "
                                            f"{cards}"),
        Field("seat_sizes", (n, 2), f"per seat from yours: hand size / {MOST_HAND}, deck "
                                    f"size / {MOST_DECK} (capped)"),
        Field("seat_spoils", (n, N_SPOILS), "per seat from yours: spoils tiles in its "
                                            "supply"),
        Field("seat_ally_colours", (n, N_COLOURS),
              f"per seat from yours, per colour: its allies of that colour / "
              f"{ALLIES_PER_COLOUR}"),
        Field("scores", (n,), f"per seat from yours: final VP / {MOST_SCORE} (capped; 0 "
                              "until the game is over)"),
        Field("winners", (n,), "per seat from yours: 1 if it won (game over)"),
    ]
    if solo:
        fields += [
            Field("balaur_difficulty", (len(WB.difficulties),),
                  "one-hot, the solo difficulty: " + ", ".join(WB.difficulties)),
            Field("balaur_board", (N_COLOURS, HAND_CARDS),
                  "per province hex of the Balaur's board: one-hot, the house card on it ("
                  + ", ".join(WB.cards[c].id for c in WB.house) + ")"),
            Field("balaur_deck", (1,), f"cards in the Balaur's deck / {HAND_CARDS}"),
            Field("balaur_pile", (N_CARDS,), f"the Balaur's score pile, {cards}"),
            Field("balaur_objectives", (OBJECTIVE_SLOTS, len(WB.objectives)),
                  "per objective slot: one-hot, its objective ("
                  + ", ".join(o.letter for o in WB.objectives) + ")"),
            Field("balaur_score", (1,), f"the Balaur's final score / {MOST_BALAUR} (capped; "
                                        "0 until the game is over)"),
        ]
    return Layout(fields)


def _context(ctx: Mapping[str, Any], w: Writer, gain: int) -> None:
    """The open decision's context (``decision["context"]``) into the decision_ fields;
    ``gain``: the scale of the resources still to take or pay."""
    w["decision_frame"][_KIND[ctx["frame"]]] = 1.0
    below = w["decision_below"]
    wylds = ctx if ctx["frame"] == "WYLDS" else None
    for under in ctx["below"]:
        below[_KIND[under["frame"]] - 1] = 1.0
        if wylds is None and under["frame"] == "WYLDS":
            wylds = under
    if wylds is not None:
        block = w["decision_wylds"]
        for card in wylds["cards"]:
            block[_CARD[card]] = 1.0
    if ctx.get("figure") is not None:
        w["decision_figure"][_FIGURE[ctx["figure"]]] = 1.0
    if ctx.get("character") is not None:
        w["decision_character"][_CHARACTER[ctx["character"]]] = 1.0
    if "steps" in ctx:
        w["decision_steps"][0] = scaled(ctx["steps"], MOST_STEPS)
        w["decision_exit"][0] = 1.0 if ctx["counter_clockwise"] else 0.0
        w["decision_exit"][1] = 1.0 if ctx["then_acts"] else 0.0
    if "province" in ctx:
        w["decision_province"][_COLOUR[ctx["province"]]] = 1.0
    if "pays_for" in ctx:
        w["decision_pay_for"][_PAY_FOR[ctx["pays_for"]]] = 1.0
    if ctx.get("ally") is not None:
        w["decision_ally"][_ALLY[ctx["ally"]]] = 1.0
    if "resources_left" in ctx:
        w["decision_resources_left"][0] = scaled(ctx["resources_left"], gain)
    if "variant" in ctx:
        w["decision_horn"][_HORN[ctx["variant"]]] = 1.0
    if "card" in ctx:
        w["decision_card"][_CARD[ctx["card"]]] = 1.0


def observation_encoding(num_players: int, options: Mapping[str, Any]) -> ObservationEncoding:
    """The encoding at ``num_players`` seats; the options change no field (banner sets,
    Wylds and the mercenary are all in the card catalogue), an overlay only the scales
    (its favor supply, tiles, season decks, resource cap)."""
    n = num_players
    solo = n == 1
    prm = params_of(options)
    layout = _layout(n, prm)
    rel = [{seat: k for k, seat in enumerate(seats_from(player, n))} for player in range(n)]
    per_deck = [1.0 / d for d in _season_decks(prm, n)]
    per_tile = 1.0 / (prm.solo_conquer_tiles if solo else prm.conquer_tiles)
    per_ally = 1.0 / ALLIES_PER_COLOUR
    per_spoils = 1.0 / prm.spoils_per_province
    per_favor = 1.0 / max(1, prm.favor_supply)
    per_resource = 1.0 / most_resources(prm)
    gain = most_gain(prm)

    def cards(block: Any, ids: list[str]) -> None:
        for card in ids:
            block[_CARD[card]] += 1.0

    def fill(obs: Mapping[str, Any], player: int, w: Writer) -> None:
        me = rel[player]
        decision = obs["decision"]
        if decision is not None:
            w["decision"][_FRAME[decision["frame"]]] = 1.0
            _context(decision["context"], w, gain)
        block = w["to_move"]
        for q in obs["to_move"]:
            block[me[q]] = 1.0
        w["current"][me[obs["current"]]] = 1.0
        w["first_player"][me[obs["first_player"]]] = 1.0
        w["season"][_SEASON[obs["season"]]] = 1.0
        w["autumn_out"][0] = 1.0 if obs["autumn_out"] else 0.0
        w["winter_round"][obs["winter_round"]] = 1.0
        block = w["season_decks"]
        for k, size in enumerate(obs["season_decks"]):
            block[k] = size * per_deck[k]
        w["favor_supply"][0] = obs["favor_supply"] * per_favor
        ally, counts, card = w["province_ally"], w["province_counts"], w["province_card"]
        spoils = None if solo else w["province_spoils"]
        for c, prov in enumerate(obs["provinces"]):
            if prov["ally"] is not None:
                ally[c, _ALLY_IN_COLOUR[prov["ally"]]] = 1.0
            row = counts[c]
            row[0] = prov["allies_left"] * per_ally
            row[1] = prov["conquer_tiles"] * per_tile
            row[2] = prov["spoils_count"] * per_spoils
            if spoils is not None:
                for tile in prov["spoils"]:
                    spoils[c, _SPOILS[tile]] = 1.0
            if prov["exploration"] is not None:
                card[c, _CARD[prov["exploration"]]] = 1.0
        block = w["sacked_spoils"]
        for tile in obs["sacked_spoils"]:
            block[_SPOILS[tile]] += 1.0
        cards(w["played"], obs["played"])
        cards(w["reserve_blocked"], obs["reserve_blocked"])
        res, favor, power = w["seat_resources"], w["seat_favor"], w["seat_power_card"]
        used, figures = w["seat_powers_used"], w["seat_figures"]
        sections, buildings, rows = w["seat_sections"], w["seat_buildings"], w["seat_rows"]
        reserve, discard, sizes = w["seat_reserve"], w["seat_discard"], w["seat_sizes"]
        seat_spoils, colours = w["seat_spoils"], w["seat_ally_colours"]
        for q, seat in enumerate(obs["seats"]):
            k = me[q]
            row = res[k]
            for r, amount in enumerate(seat["resources"].values()):
                row[r] = min(amount * per_resource, 1.0)
            favor[k, 0] = seat["favor"] * per_favor
            favor[k, 1] = seat["favor_on_card"] * per_favor
            power[k, _POWER_CARD[seat["power_card"]["id"]]] = 1.0
            row = used[k]
            for r, flag in enumerate(seat["powers_used"]):
                row[r] = 1.0 if flag else 0.0
            row[-1] = 1.0 if seat["white_meeple_used"] else 0.0
            kingdom = seat["kingdom"]
            grid = figures[k]
            for f, place in enumerate(kingdom["figures"].values()):
                grid[f, _PLACE[place]] = 1.0
            secs, builds = sections[k], buildings[k]
            for x, sec in enumerate(kingdom["sections"]):
                if sec["colour"] is not None:
                    secs[x, _COLOUR[sec["colour"]]] = 1.0
                if sec["building"] is not None:
                    builds[x, _BUILDING[sec["building"]]] = 1.0
            grid = rows[k]
            for r, built in enumerate(kingdom["rows"]):
                grid[r, 0] = built["settlements"] * 0.5
                grid[r, 1] = 1.0 if built["church"] else 0.0
            cards(reserve[k], seat["reserve"])
            cards(discard[k], seat["discard"])
            sizes[k, 0] = scaled(seat["hand_size"], MOST_HAND)
            sizes[k, 1] = scaled(seat["deck_size"], MOST_DECK)
            row = seat_spoils[k]
            for tile in seat["spoils"]:
                row[_SPOILS[tile]] += 1.0
            row = colours[k]
            for colour in seat["ally_colours"]:
                row[_COLOUR[colour]] += per_ally
            if q == player:
                cards(w["hand"], seat["hand"])
                cards(w["deck"], seat["deck"])
                block = w["allies"]
                for a in seat["allies"]:
                    block[_ALLY[a]] = 1.0
        if obs["scores"] is not None:
            block = w["scores"]
            for q, score in enumerate(obs["scores"]):
                block[me[q]] = scaled(max(score, 0), MOST_SCORE)
        block = w["winners"]
        for q in obs["winners"]:
            block[me[q]] = 1.0
        if solo:
            balaur = obs["balaur"]
            w["balaur_difficulty"][_DIFFICULTY[balaur["difficulty"]]] = 1.0
            block = w["balaur_board"]
            for h, card_id in enumerate(balaur["board"]):
                if card_id is not None:
                    block[h, _HOUSE[card_id]] = 1.0
            w["balaur_deck"][0] = balaur["deck_size"] / HAND_CARDS
            cards(w["balaur_pile"], balaur["pile"])
            block = w["balaur_objectives"]
            for slot, objective in enumerate(balaur["objectives"]):
                block[slot, _OBJECTIVE[objective["letter"]]] = 1.0
            if balaur["score"] is not None:
                w["balaur_score"][0] = scaled(balaur["score"], MOST_BALAUR)

    constant = _rare_decisions(n, options)
    constant["reserve_blocked"] = ("set only while a card picked up from the reserve stays "
                                   "in hand, or in a clean-up that moved a card; a game may "
                                   "have none")
    if solo:
        constant |= {
            "balaur_difficulty": "fixed by the difficulty option for the whole game",
            "first_player": "one seat",
            "current": "one seat",
            "winners": "solo: set only when the player beats the Balaur, which the "
                       "random games of the checks never do",
        }
    return ObservationEncoding(layout, fill, constant)


def _may_have_banner(name: str, n: int, options: Mapping[str, Any]) -> bool:
    """Whether the ``banners`` option can put banner set ``name`` in the game."""
    chosen = options.get("banners", FIRST_GAME)
    if chosen == RANDOM:
        return True
    if chosen == FIRST_GAME:
        return (name in WB.first_game_banners
                or WB.seasons[n].banner_sets > len(WB.first_game_banners))
    return name in str(chosen).split("+")


def _rare_decisions(n: int, options: Mapping[str, Any]) -> dict[str, str]:
    """The decision-context fields only rare (or, with these banners, impossible) frames
    set: a game may end with them never set."""
    out = {
        "decision_below": "set only while a Wylds card's own decision (the explorer's "
                          "step, a payment, the sacked tile, a castle exit) is open over "
                          "the Wylds still to resolve; a game may have none",
        "decision_pay_for": "set only while paying the resource of your choice (PAY_ANY: a "
                            "yellow or blue ally, the sacked-spoils or favor Wylds card); "
                            "a game may have none",
        "decision_resources_left": "set only by PAY_ANY and by the two-resources power "
                                   "(GAIN); a game may have none",
        "decision_card": "set only by a Horn banner's build and by making room in a full "
                         "reserve for a Wylds card (ROOM); a game may have neither",
    }
    if _may_have_banner("potion", n, options):
        exit_why = ("set only while a figure leaves the castle (EXIT: the Potion banner "
                    "sent it there); a game may have none")
    else:
        exit_why = ("no Potion banner with these banner sets, so no figure goes to the "
                    "castle and none leaves it (EXIT)")
    out["decision_steps"] = out["decision_exit"] = exit_why
    if _may_have_banner("horn", n, options):
        out["decision_horn"] = ("set only by a Horn banner's build (HORN); a game may have "
                                "none")
    else:
        out["decision_horn"] = "no Horn banner with these banner sets (HORN)"
    return out
