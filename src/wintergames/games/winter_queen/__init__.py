"""Winter Queen (CrowD Games): lay out magic ice patterns for the Winter Queen.

2-4 players. Rulebook: ``shared/rulebooks/winter-queen.txt``; interpretations and
reconstructed components: ``docs/rules/winter-queen.md``.
"""

from __future__ import annotations

from typing import Any, cast

from wintergames.core.helptext import RulesHelp
from wintergames.core.spec import GameSpec, OptionSpec, clockwise
from wintergames.core.state import State
from wintergames.games.winter_queen import heuristic, rules
from wintergames.games.winter_queen.actions import CODEC, NOTATION_HELP
from wintergames.games.winter_queen.components import DATA, ROYAL, WQ
from wintergames.games.winter_queen.encoding import observation_encoding
from wintergames.games.winter_queen.layout import layout
from wintergames.games.winter_queen.params import SCHEMA
from wintergames.games.winter_queen.scoring import score_breakdown
from wintergames.games.winter_queen.state import WinterQueenState, check_invariants
from wintergames.games.winter_queen.text import render
from wintergames.games.winter_queen.words import MSG, RULES

MAX_PLAYERS = 4


def _component_terms() -> dict[str, str]:
    """``help`` texts for the things the data files define, built from the loaded
    components so a swapped data file (a new book list, board or token set) stays right:
    each spellbook's two pages, each royal token's printed floe, each space's zone and
    neighbours."""
    terms: dict[str, str] = {}
    for book in WQ.books:
        a, b = (page.title(WQ.colours) for page in book.pages)
        effects = " and ".join(dict.fromkeys(f"help {page.effect}" for page in book.pages))
        terms[book.id] = (
            f"Spellbook with page A {a} and page B {b}. Put floes on its pages, then "
            f"use {book.id} to score each filled page in its floe's colour ({effects}).")
    for token in WQ.royal_tokens:
        if token.depicts >= 0:
            colour = WQ.colours[token.depicts]
            terms[token.id] = (
                f"Royal token with a printed {colour} floe: its royal space always holds a "
                f"{colour} floe, which counts for every effect, takes no other floe and is "
                "never returned to the bag.")
        else:
            terms[token.id] = (
                "Royal token without a floe: an open royal space (♛). A floe placed on it "
                "lets you take the top book of any stack.")
    for x, name in enumerate(WQ.cell_names):
        where = ("a royal space (royal domain, no province)" if WQ.zone[x] == ROYAL
                 else f"a space of the {WQ.zone_name(WQ.zone[x])}")
        rim = "on the edge" if WQ.edge[x] else "not on the edge"
        near = ", ".join(sorted(WQ.cell_names[y] for y in WQ.neighbours[x]))
        terms[name] = f"{where.capitalize()}, {rim}; adjacent to {near}."
    return terms


def _rules_help() -> RulesHelp:
    """help.toml plus the component terms. An effect is found by its id and by the name
    the terminal shows ("Forest Lights" is ``forest-lights``: lookups ignore case and
    treat spaces as hyphens)."""
    return RulesHelp.load(DATA, "Winter Queen", extra=_component_terms())


def _turn_order(state: State) -> tuple[int, ...]:
    """Setup step 8 and "Starting with the holder of the Winter Queen token, players take
    turns (clockwise)": the token's holder, then the seats after it."""
    s = cast(WinterQueenState, state)
    return clockwise(s.first, s.num_players)


def _item_names() -> dict[str, str]:
    """Statistics' names for the items scoring events carry: a spellbook (``SB05``) by
    its two pages, as the books' data files give them."""
    return {book.id: " + ".join(page.title(WQ.colours) for page in book.pages)
            for book in WQ.books}


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> WinterQueenState:
    return WinterQueenState(num_players, seed, options)


SPEC = GameSpec(
    id="winter-queen",
    title="Winter Queen",
    min_players=2,
    max_players=MAX_PLAYERS,
    tagline="Place ice floes in patterns and fill spellbooks.",
    summary="Place ice floes in patterns, fill spellbooks and score their effects.",
    new_state=_new,
    state_from_json=WinterQueenState.from_json,
    codec=CODEC,
    options=(
        OptionSpec(
            "first_player",
            default="random",
            description="seat that holds the Winter Queen token and plays first: "
            "'random' (setup step 8, drawn from the game's seed) or a seat number",
            choices=rules.first_player_choices(MAX_PLAYERS),
            choices_for=rules.first_player_choices,
            limited_by="setup step 8: the token goes to one of the players",
        ),
    ),
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    check_invariants=check_invariants,
    rules_help=_rules_help(),
    messages=MSG,
    rules=RULES,
    score_unit="VP",
    score_unit_one="VP",
    score_breakdown=score_breakdown,
    metric_kinds=rules.METRIC_KINDS,
    observation_encoding=observation_encoding,
    turn_order=_turn_order,
    item_names=_item_names,
    overlay=SCHEMA,
)

__all__ = ["SPEC", "WinterQueenState"]
