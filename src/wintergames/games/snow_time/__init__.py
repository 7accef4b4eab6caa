"""Snow Time (Lui-Meme): a treetop snowball fight played with simultaneous cards.

3-5 players, and a two-player variant in which each seat runs two colours. Rulebook:
``shared/rulebooks/snow-time.txt``; interpretations and reconstructed components:
``docs/rules/snow-time.md``.
"""

from __future__ import annotations

from typing import Any

from wintergames.core.helptext import RulesHelp
from wintergames.core.spec import GameSpec
from wintergames.games.snow_time import heuristic
from wintergames.games.snow_time.actions import CODEC, NOTATION_HELP
from wintergames.games.snow_time.components import DATA, POINT_KINDS, ST
from wintergames.games.snow_time.encoding import observation_encoding
from wintergames.games.snow_time.layout import layout
from wintergames.games.snow_time.params import SCHEMA
from wintergames.games.snow_time.resolution import METRIC_KINDS, score_breakdown
from wintergames.games.snow_time.state import SnowTimeState, check_invariants
from wintergames.games.snow_time.text import render
from wintergames.games.snow_time.words import MSG, RULES, bonus_space, card

MIN_PLAYERS, MAX_PLAYERS = 2, 5  # 3-5, and the two-player variant (two colours a seat)


def _item_names() -> dict[str, str]:
    """Statistics' names for the items scoring events carry: the card that scored
    (``5``: "character 5") and the bonus space (``space-7``: "fight bonus space 7")."""
    cards = {ST.card_name(c): f"character {ST.card_name(c)}" if ST.is_character(c)
             else card(c).text for c in range(ST.cards)}
    return {**cards, **{f"space-{n}": bonus_space(n).text for n in ST.bonuses}}


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> SnowTimeState:
    return SnowTimeState(num_players, seed, options)


def _either(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _both(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _data_terms() -> dict[str, str]:
    """Help texts made from the game's data (``data/help.toml`` says which): the colours
    with the seats that play them, the levels with the die faces that bring fruit, the
    bonus kinds with their spaces, and the score track's length."""
    terms = {}
    owners = {n: SnowTimeState(n, 0, {}).owner for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}
    for k, name in enumerate(ST.colours):
        seats: dict[int, list[str]] = {}
        for n in range(3, MAX_PLAYERS + 1):
            if k < len(owners[n]):
                seats.setdefault(owners[n][k], []).append(str(n))
        said = [f"Player {p + 1} plays it with {_either(ns)} players"
                for p, ns in seats.items()] or ["only the two-player variant uses it"]
        duo = owners[MIN_PLAYERS]
        if k < len(duo):
            team = [ST.colours[j] for j in range(len(duo)) if duo[j] == duo[k]]
            said.append(f"in the two-player variant Player {duo[k] + 1} plays "
                        f"{_both(team)}")
        else:
            said.append("the two-player variant leaves it in the box")
        text = "; ".join(said)
        terms[name] = (f"A colour, with its own pawn, hand of {ST.cards} cards and discard. "
                       f"{text[0].upper()}{text[1:]}.")
    for level in range(1, ST.levels + 1):
        where = (", the top of the tree, resolved first" if level == ST.levels else
                 ", the bottom of the tree, resolved last" if level == 1 else "")
        faces = [str(f) for f, lv in enumerate(ST.die_levels, 1) if lv == level]
        fruit = (f"A die showing {_either(faces)} puts a fruit here." if faces else
                 "No die ever puts fruit here.")
        below = (f" A character alone here knocks those on level {level - 1} off the tree."
                 if level > 1 else "")
        terms[f"level {level}"] = (f"Level {level}{where}: the {level} cards stand here. "
                                   f"{fruit}{below}")
    for kind in POINT_KINDS:
        spaces = [f"{space} (+{value})" for space, (k, value) in sorted(ST.bonuses.items())
                  if k == kind]
        if spaces:
            terms[f"{kind} bonus"] = (
                f"A {kind} bonus space of the score track: spaces {_both(spaces)} (our "
                f"reconstruction). A pawn that ends the turn's scoring there moves on by the "
                f"bonus if its colour scored {kind} points this turn (see bonus space).")
    track = ", ".join(f"{space} {kind} +{value}"
                      for space, (kind, value) in sorted(ST.bonuses.items()))
    terms["score track"] = (
        f"Every pawn starts on space 0 and moves a space per point; the first to reach "
        f"space {ST.finish}, the last one, wins (passing it counts). Bonus spaces: {track}. "
        "The printed track is not known: this length and these spaces are our "
        "reconstruction (docs/rules/snow-time.md).")
    return terms


SPEC = GameSpec(
    id="snow-time",
    title="Snow Time",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    tagline="Play a card at once, climb the tree, eat the fruit.",
    summary="Everyone plays a card at once; climb the tree, fight, eat fruit, race to the end "
    "(2 players: two colours each).",
    new_state=_new,
    state_from_json=SnowTimeState.from_json,
    codec=CODEC,
    simultaneous=True,
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    check_invariants=check_invariants,
    rules_help=RulesHelp.load(DATA, "Snow Time", extra=_data_terms()),
    score_breakdown=score_breakdown,
    metric_kinds=METRIC_KINDS,
    observation_encoding=observation_encoding,
    messages=MSG,
    rules=RULES,
    overlay=SCHEMA,
    turn_order=None,  # no seat plays before another: every card is chosen at once, hidden
    item_names=_item_names,
)

__all__ = ["SPEC", "SnowTimeState"]
