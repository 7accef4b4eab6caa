"""Winterborne (Talon Strikes Studios): a year in the life of a kingdom, deck building on
a rondel; 1-4 players, solo against the Balaur.

Rulebook: ``shared/rulebooks/winterborne.txt``; interpretations and reconstructed
components: ``docs/rules/winterborne.md``.
"""

from __future__ import annotations

from typing import Any, cast

from wintergames.core.helptext import RulesHelp
from wintergames.core.spec import GameSpec, OptionSpec, clockwise
from wintergames.core.state import State
from wintergames.games.winterborne import heuristic, setup
from wintergames.games.winterborne.actions import CODEC, NOTATION_HELP
from wintergames.games.winterborne.components import CHARACTERS, DATA, POWERS, WB
from wintergames.games.winterborne.encoding import observation_encoding
from wintergames.games.winterborne.layout import POWER_NAMES, POWER_TEXT, layout
from wintergames.games.winterborne.params import SCHEMA as OVERLAY_SCHEMA
from wintergames.games.winterborne.ranges import check_ranges
from wintergames.games.winterborne.scoring import score_breakdown
from wintergames.games.winterborne.state import WinterborneState, check_components
from wintergames.games.winterborne.text import render
from wintergames.games.winterborne.words import MSG, RULES

MAX_PLAYERS = 4
DEFAULT_DIFFICULTY = "medium"


def _check(state: Any) -> None:
    """The counters in their ranges, then every component in exactly one place."""
    assert isinstance(state, WinterborneState)
    check_ranges(state)
    check_components(state)


def _turn_order(state: State) -> tuple[int, ...]:
    """"Choose a starting player" (setup) and "Play passes clockwise": the first player,
    then the seats after it."""
    s = cast(WinterborneState, state)
    return clockwise(s.first, s.num_players)


def _item_names() -> dict[str, str]:
    """Statistics' names for the cards scoring events carry: a card by its name
    (``BOOK1``: "Book A"), an ally by its province ("green ally")."""
    return {**{c.id: c.name for c in WB.cards},
            **{a.id: f"{WB.colours[a.colour]} ally" for a in WB.allies}}


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> WinterborneState:
    return WinterborneState(num_players, seed, options)


# Terms of data/help.toml whose words the powers share: help.toml explains the shaman's
# trade action and the trade power together under "trade".
_WRITTEN_POWERS = frozenset({"trade"})


def _card_kind(i: int) -> str:
    card = WB.cards[i]
    if card.type in ("treasure", "provision", "weapon"):
        return f"core exploration card, {card.type.capitalize()}"
    if card.type == "banner":
        return f"{card.banner.capitalize()} banner"
    if card.type == "wylds":
        return "Wylds card, promotional" if card.promo else "Wylds card"
    return f"{card.type} card"


def objective_points() -> str:
    """What a met solo objective scores: the points under the slots of the Balaur's board
    (setup.toml ``objective_vp``, a reconstruction)."""
    vp = WB.objective_vp
    points = (f"{vp[0]} points" if len(set(vp)) == 1 else
              f"the points under its slot ({', '.join(map(str, vp))}, from the right)")
    return f"{points} (our reconstruction: the printed values are unknown)"


def _help_extra() -> dict[str, str]:
    """The help terms whose texts live in the component data: cards, allies, objectives,
    powers (``layout.POWER_TEXT``) and power cards, difficulties, province names, and the
    kingdom board's sections and gray spaces (described from ``kingdom.toml``)."""
    terms = {c.id: f"{c.name} ({_card_kind(i)}): {c.text}" for i, c in enumerate(WB.cards)}
    terms |= {a.id: f"{WB.colours[a.colour].capitalize()} ally: {a.text}" for a in WB.allies}
    terms |= {f"objective {o.letter}": f"Solo objective: {o.text} Met at the end, it scores "
              f"{objective_points()}." for o in WB.objectives}
    # A power on no card is the round power, open to all with the round_power option.
    on = {code: f"on {card.id}" for card in WB.power_cards for code in card.powers}
    terms |= {code: f"Winterborne power ({on.get(code, 'with the round_power option')}): "
              f"{POWER_TEXT[code]}" for code in POWERS if code not in _WRITTEN_POWERS}
    terms |= {card.id: "Winterborne power card: in winter, once a round, pay favor equal to "
              "the round to use one of its two powers. "
              + " ".join(f"{POWER_NAMES[code]} ({code}): {POWER_TEXT[code]}"
                         for code in card.powers)
              for card in WB.power_cards}
    terms |= {name: f"Solo difficulty{' (the default)' if name == DEFAULT_DIFFICULTY else ''}: "
              f"the Balaur's base score is {d.base} and {d.objectives} objectives are used."
              for name, d in WB.difficulties.items()}
    terms |= {name: f"The {colour} province (help {colour})."
              for name, colour in zip(WB.province_names, WB.colours, strict=True)}
    n = len(WB.colours)
    for g, secs in enumerate(WB.space_sections):
        starts = [CHARACTERS[c] for c, at in enumerate(WB.start_space) if at == g]
        start = f" Your {' and '.join(starts)} starts here." if starts else ""
        beside = ", ".join(WB.section_names[x] for x in secs)
        terms[WB.space_names[g]] = f"A gray space; a figure here is beside {beside}.{start}"
        starter = next(x for x in secs if x < n)
        terms[WB.section_names[starter]] = (
            f"Your starter section of the {WB.colours[starter]} province, beside gray space "
            f"{WB.space_names[g]}.")
        crossed, after = WB.crossed_cw[g], WB.space_names[(g + 1) % n]
        a, b = (WB.colours[c] for c in WB.borders[crossed - n])
        terms[WB.section_names[crossed]] = (
            f"An empty section between {WB.space_names[g]} and {after}, bordered by {a} and "
            f"{b}: conquer it with a tile of either colour. A building on it pays your "
            "shaman 1 gold each time it passes.")
    return terms


def _solo_only(num_players: int) -> tuple[str, ...]:
    return tuple(WB.difficulties) if num_players == 1 else (DEFAULT_DIFFICULTY,)


SPEC = GameSpec(
    id="winterborne",
    title="Winterborne",
    min_players=1,
    max_players=MAX_PLAYERS,
    tagline="Conquer, build and trade through four seasons.",
    summary="Move your shaman, explorer and warrior round your kingdom with cards; conquer, "
    "build, trade and explore through four seasons (solo: against the Balaur).",
    new_state=_new,
    state_from_json=WinterborneState.from_json,
    codec=CODEC,
    options=(
        OptionSpec(
            "banners",
            default=setup.FIRST_GAME,
            description="banner sets in the exploration deck, as many as the season board's "
            "chart gives for the player count: 'first-game' (the rulebook's recommendation, "
            "from Mask, Book and Rune; with 4 players the fourth from the others), 'random', "
            f"or the sets joined by '+' in box order ({', '.join(setup.BANNERS)})",
            choices=setup.all_banner_choices(),
            choices_for=setup.banner_choices,
            limited_by="the season board's chart fixes the number of banner sets",
        ),
        OptionSpec(
            "difficulty",
            default=DEFAULT_DIFFICULTY,
            description="the solo game's difficulty: the Balaur's base score and the number "
            "of objectives (easy 40 / 3, medium 50 / 4, hard 60 / 5)",
            choices=tuple(WB.difficulties),
            choices_for=_solo_only,
            limited_by="only the solo game has a difficulty",
        ),
        OptionSpec("mercenary", default=False, kind=bool,
                   description="shuffle a mercenary card into every starting deck"),
        OptionSpec("promo_wylds", default=False, kind=bool,
                   description="add the promotional Wylds cards to those drawn at random"),
        OptionSpec("round_power", default=False, kind=bool,
                   description="each winter round's power (act with the round's character "
                   "without moving) is open to every player"),
        OptionSpec(
            "first_player",
            default="random",
            description="who plays first: 'random' (drawn from the game's seed) or a seat",
            choices=setup.first_player_choices(MAX_PLAYERS),
            choices_for=setup.first_player_choices,
            limited_by="the first player is one of the players",
        ),
    ),
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    rules_help=RulesHelp.load(DATA, "Winterborne", extra=_help_extra()),
    messages=MSG,
    rules=RULES,
    score_unit="VP",  # the rulebook's victory points
    score_unit_one="VP",
    score_breakdown=score_breakdown,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    par=heuristic.par,
    check_invariants=_check,
    # A compound move's log line is named after its first special action (frames.mark).
    metric_kinds={
        "trade": "a move that trades with an ally (a red ally's free conquest included)",
        "explore": "a move that explores a province, taking its exploration card",
        "conquer": "a move that conquers a section of the kingdom",
        "build": "a move that builds a settlement or a church",
        "cap": f"a resource returned for holding more than the resource cap ({WB.resource_cap} "
               "as printed) at the end of a turn",
    },
    observation_encoding=observation_encoding,
    overlay=OVERLAY_SCHEMA,  # what a what-if overlay may change (params.py)
    turn_order=_turn_order,
    item_names=_item_names,
)

__all__ = ["SPEC", "WinterborneState"]
