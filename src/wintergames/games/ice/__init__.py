"""ICE (Second Edition, This Way): lead a guild's expedition for four Days, excavating a
layered ice board for Artifacts to answer the City's Requests; 2-5 players.

Rulebook: ``shared/rulebooks/ice.txt``; interpretations and reconstructed components:
``docs/rules/ice.md``.
"""

from __future__ import annotations

from typing import Any, cast

from wintergames.core.helptext import RulesHelp
from wintergames.core.spec import GameSpec, OptionSpec, clockwise
from wintergames.core.state import State
from wintergames.games.ice import heuristic, setup, words
from wintergames.games.ice.actions import CODEC, NOTATION_HELP, PLACES
from wintergames.games.ice.components import DATA, IC
from wintergames.games.ice.conservation import check, check_stable
from wintergames.games.ice.encoding import observation_encoding
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.layout import layout
from wintergames.games.ice.model import LEVELS, PRISMATIC, TYPES
from wintergames.games.ice.params import DEFAULT, SCHEMA
from wintergames.games.ice.ranges import check_ranges
from wintergames.games.ice.scoring_state import score_breakdown
from wintergames.games.ice.state import IceState
from wintergames.games.ice.text import render
from wintergames.games.ice.words import MSG, RULES

MAX_PLAYERS = 5


def _turn_order(state: State) -> tuple[int, ...]:
    """Setup Q names the first player of Day 1; turns go clockwise from them. (Each later
    Sunrise passes the token to the left, so Day d's first player is d - 1 seats on: the
    game's order is Day 1's, read back from any Day.)"""
    s = cast(IceState, state)
    return clockwise((s.first - max(s.day - 1, 0)) % s.num_players, s.num_players)


def _item_names() -> dict[str, str]:
    """Statistics' names for the items scoring events carry: Decrees, Requests and
    tiles by their cards' words, Guild boards (their starting RP) by name."""
    return {**{d.id: words.decree(n).text for n, d in enumerate(IC.decrees)},
            **{r.id: words.request(n).text for n, r in enumerate(IC.requests)},
            **{t.id: words.tile(n).text for n, t in enumerate(IC.tiles)},
            **{g.id: words.guild(n).text for n, g in enumerate(IC.guilds)}}


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> IceState:
    return IceState(num_players, seed, options)


# Glossary groups (setup.toml [glossary.*]) whose codes are help terms as they stand.
# Left out: "decree" (its kinds clash with the study action and the shapes Request kind,
# and every kind is a Decree card, DEC-..., with its own text), "logbook" (each event is
# a Logbook card whose text says more) and "guild" (a Guild board's id gives its full
# text from guilds.toml; the short one explains the ability's verb, below).
_GLOSSARY_GROUPS = ("front", "back", "type", "request", "action")
# Notation verbs explained by the text of what they use.
_GUILD_VERBS = {"navigate": "navigator", "activate": "incandescent", "grapple": "icewalker",
                "nourish": "nourisher", "rebuild": "cryoarchitect"}
# (shift and the other notation words with no data text of their own: help.toml.)
_GLOSSARY_VERBS = {"collect": "type:philosophical"}
_LOGBOOK_VERBS = {"sell": "merchant-caravan", "buy": "merchant-caravan"}


def _add(terms: dict[str, str], key: str, text: str) -> None:
    """A term from the data files; two things under one name would hide one of them."""
    clash = next((k for k in terms if k.lower() == key.lower()), None)
    if clash is not None and terms[clash] != text:
        raise ValueError(f"ICE help: {key!r} names two things in the data files")
    if clash is None:
        terms[key] = text


def _name(code: str) -> str:
    return code.replace("-", " ").capitalize()


def help_terms() -> dict[str, str]:
    """The help texts ICE's other data files already hold, keyed by what a player types:
    every tile, card and Guild id, the glossary's codes and a few verbs. ``help.toml``
    holds only the rest."""
    glossary = IC.glossary
    terms: dict[str, str] = {}
    for key, text in glossary.items():
        group, code = key.split(":")
        if group in _GLOSSARY_GROUPS:
            _add(terms, code, text)
    for tile in IC.tiles:
        if tile.level == LEVELS.index("snow"):
            name = _name(tile.front)
            if tile.talisman >= 0:
                name += f" ({TYPES[tile.talisman]})"
            front, back = glossary[f"front:{tile.front}"], glossary[f"back:{tile.back}"]
            text = (f"The Encampment tile. {back} {front}" if tile.front == "blank"
                    else f"Snow tile, {name} on a {_name(tile.back)} back. Front: {front} "
                    f"Back: {back}")
        elif tile.type == PRISMATIC:
            text = (f"{LEVELS[tile.level].capitalize()} Artifact: Prismatic, no Shape, "
                    f"{tile.anima} Anima. {glossary['type:prismatic']}")
        else:
            kind = TYPES[tile.type]
            text = (f"{LEVELS[tile.level].capitalize()} Artifact: {kind.capitalize()}, Shape "
                    f"{tile.shape}, {tile.anima} Anima. Effect (trigger {kind}): "
                    f"{glossary['type:' + kind]}")
        _add(terms, tile.id, text)
    # Cards in their printed words (``DEFAULT``): help describes the game as printed.
    for request in DEFAULT.requests:
        _add(terms, request.id, request.text)
    for decree in DEFAULT.decrees:
        _add(terms, decree.id, decree.text)
    for card in DEFAULT.logbook:
        _add(terms, card.id, card.text)
    for card in DEFAULT.logbook:  # an event with two cards: its name gives the same text
        _add(terms, card.event, card.text)
    for guild in IC.guilds:
        text = (f"{guild.name} Guild board (Leader {guild.leader}, {guild.starting_rp} RP "
                f"at the start): {guild.text}")
        _add(terms, guild.id, text)
        _add(terms, guild.leader, text)
    for verb, guild_id in _GUILD_VERBS.items():
        _add(terms, verb, glossary[f"guild:{guild_id}"])
    for verb, key in _GLOSSARY_VERBS.items():
        _add(terms, verb, glossary[key])
    for verb, event in _LOGBOOK_VERBS.items():
        _add(terms, verb, next(c.text for c in DEFAULT.logbook if c.event == event))
    for place in range(BOARD.n):
        _add(terms, PLACES[place], _place_text(place))
    return terms


_LAYERS = ("Azulia", "Deep", "Surface", "top (Snow)")


def _place_text(place: int) -> str:
    """What a place id means on the board (``help S30``): its layer, what a tile there
    rests on and what rests on it, and its neighbours on its own level."""
    def named(places: tuple[int, ...]) -> str:
        return ", ".join(dict.fromkeys(PLACES[q] for q in places if q >= 0))

    layer, kind = _LAYERS[BOARD.level[place]], BOARD.kind[place]
    over = named(BOARD.above[place])
    above = ("" if not over else f" The tile on {over} rests partly on it." if "," not in over
             else f" The tiles on {over} rest partly on it.")
    if kind == "district":
        return f"A district of Azulia, under the Deep layer.{above}"
    beside = f" Next to {named(BOARD.sides[place])} on its level (unless a Rift side parts them)."
    if kind == "edge":
        return f"A board edge at the {layer} level (see edge).{above}{beside}"
    return (f"A place of the {layer} layer; its tile rests on {named(BOARD.below[place])}."
            f"{above}{beside}")


def _check(state: Any) -> None:
    assert isinstance(state, IceState)
    check_ranges(state)
    check(state)
    check_stable(state)  # the Chain Collapse Rule has run (Snowstorm included)


SPEC = GameSpec(
    id="ice",
    title="ICE",
    min_players=2,
    max_players=MAX_PLAYERS,
    tagline="Excavate the ice for Artifacts over four Days.",
    summary="Lead an expedition into the ice for four Days: excavate layer by layer, move "
    "your Archaeologists, collect Artifacts and answer the City's Requests.",
    new_state=_new,
    state_from_json=IceState.from_json,
    codec=CODEC,
    options=(
        OptionSpec("first_game", default=False, kind=bool,
                   description="the rulebook's first game: no guild abilities, 2 RP each, "
                   "1 Request kept of 3, and (with logbook 'auto') no Logbook"),
        OptionSpec("logbook", default="auto", choices=setup.LOGBOOK_CHOICES,
                   description="Logbook cards: 'auto' (on, except in a first game), 'on', "
                   "'off', or 'setup' (on, and the Logbook Setup variant places the "
                   "Archaeologists)"),
        OptionSpec("curse", default="off", choices=setup.CURSE_CHOICES,
                   description="Expert mode, Nuuka's Curse: 'off', 'on', or 'gentle' (with "
                   "the Gentle variant's catch-up)"),
        OptionSpec("blessing", default=False, kind=bool,
                   description="the Blessing variant: Artifacts trigger with 1 Anima"),
        OptionSpec("fluent", default=False, kind=bool,
                   description="the Fluent Move variant for 3 players (with 2 players the "
                   "Fluent Move is a rule)",
                   choices=(False, True), choices_for=setup.fluent_choices,
                   limited_by="the Fluent Move variant is for 3 players"),
        *(OptionSpec(setup.guild_option(seat), default=setup.RANDOM,
                     description=f"seat {seat}'s Guild board, or 'random' (drawn from the "
                     "boards nobody named)",
                     choices=setup.GUILD_CHOICES, choices_for=setup.guild_choices_for(seat),
                     limited_by=f"there is no seat {seat}")
          for seat in range(1, MAX_PLAYERS + 1)),
        OptionSpec("first_player", default=setup.RANDOM,
                   description="who plays first: 'random' (drawn from the game's seed) or "
                   "a seat",
                   choices=setup.first_player_choices(MAX_PLAYERS),
                   choices_for=setup.first_player_choices,
                   limited_by="the first player is one of the players"),
    ),
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    simultaneous=True,
    check_invariants=_check,
    observation_encoding=observation_encoding,
    check_options=setup.check_guilds,
    rules_help=RulesHelp.load(DATA, "ICE", extra=help_terms()),
    messages=MSG,
    rules=RULES,
    score_unit="RP",  # Renown Points, the rulebook's victory points
    score_unit_one="RP",
    score_breakdown=score_breakdown,
    metric_kinds={
        "validate": "a Request validated",
        "excavate": "an excavation",
        "overwork": "an Overwork: 1 RP token for 3 EP this turn",
        "collapse": "a tile lost in a chain collapse",
        "curse": "a Curse token taken or grown (Nuuka's Curse, expert mode)",
    },
    turn_order=_turn_order,
    item_names=_item_names,
    overlay=SCHEMA,
)

__all__ = ["SPEC", "IceState", "help_terms"]
