"""ICECOOL Wizards (Brain Games): flick penguins through a wizard school.

2-4 players. Every flick runs on the pymunk physics engine (``wintergames.physics``).
Rulebook: ``shared/rulebooks/icecool-wizards.txt``; interpretations and reconstructed
components: ``docs/rules/icecool-wizards.md``.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wintergames.core.helptext import RulesHelp
from wintergames.core.spec import GameSpec, clockwise
from wintergames.core.state import State
from wintergames.games.icecool_wizards import heuristic, rules, words
from wintergames.games.icecool_wizards.actions import CODEC, NOTATION_HELP
from wintergames.games.icecool_wizards.components import DATA, IW
from wintergames.games.icecool_wizards.encoding import observation_encoding
from wintergames.games.icecool_wizards.layout import layout, place_names
from wintergames.games.icecool_wizards.params import SCHEMA
from wintergames.games.icecool_wizards.propose import propose
from wintergames.games.icecool_wizards.state import IcecoolState, check_invariants, score_breakdown
from wintergames.games.icecool_wizards.text import render
from wintergames.games.icecool_wizards.words import MSG, RULES

TITLE = "ICECOOL Wizards"


def save_png(state: State, path: Path) -> None:
    """The board and the last flick's path as a PNG (:mod:`.plot`)."""
    # matplotlib takes 0.7 s to import: every process that loads the game (the server, each
    # arena worker, each command) would pay it, though only a picture asked for needs it.
    from wintergames.games.icecool_wizards.plot import save_png as draw

    draw(state, path)


def _listed(names: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def component_terms(written: Mapping[str, str]) -> dict[str, str]:
    """``help`` texts built from the component data, keyed as the notation and views name
    the things: each lesson card type (``F``, ``F-wind``), each kind of exam card
    (``exam F+H``, as the log names it), each icon (``star``), classroom (``magic101``),
    doorway (``D1``) and exam space (``X1``). A spell card's text ends with its element's
    text from ``help.toml`` (``written``), so no text is written twice. A doorway and an
    exam space are also keyed by the name the browser shows for them
    (:func:`place_names`), so a tooltip's heading is that name, never the code.
    """
    board = tomllib.loads((DATA / "board.toml").read_text(encoding="utf-8"))
    joins = {d["id"]: [IW.room_names[r] for r in d["joins"]] for d in board["doorway"]}
    space_room = {x["id"]: x["room"] for x in board["exam_space"]}
    in_deck = Counter(IW.deck)
    terms: dict[str, str] = {}
    where, how = [], []
    for place in IW.places:
        if place.doorway:
            where.append(f"across doorway {place.doorway} "
                         f"({' - '.join(joins[place.doorway])})")
            how.append(f"passed completely through doorway {place.doorway}")
        else:
            where.append(f"in the {IW.room_names[place.room]} classroom")
            how.append(f"visited {IW.room_names[place.room]}")
    for i, (icon, name, letter) in enumerate(zip(IW.icons, IW.icon_names, IW.icon_letters,
                                                 strict=True)):
        kinds = [IW.type_name(t) + (f" x{in_deck[t]}" if in_deck[t] > 1 else "")
                 for t, kind in enumerate(IW.types) if kind.icon == i]
        count = sum(in_deck[t] for t, kind in enumerate(IW.types) if kind.icon == i)
        terms[icon] = (f"The {name} lesson icon, letter {letter}: its {count} cards "
                       f"({', '.join(kinds)}; our reconstruction) are laid on its place "
                       f"{where[i]}. After a flick that {how[i]}, 'collect {icon}' takes "
                       f"the card lying there. An exam's {letter} asks for one of these "
                       "cards.")
    for t, kind in enumerate(IW.types):
        name, letter = IW.icon_names[kind.icon], IW.icon_letters[kind.icon]
        copies = f"{in_deck[t]} of the {len(IW.deck)} lesson cards; our reconstruction"
        common = (f"it scores 1 Magic Point and, face up, pays an exam's {letter} icon or "
                  f"can be traded; it is laid {where[kind.icon]}")
        if kind.element is None:
            terms[IW.type_name(t)] = (f"A plain lesson card of the {name} icon ({copies}): "
                                      f"{common}. It has no element, so it is no spell.")
        else:
            terms[IW.type_name(t)] = (f"A lesson card of the {name} icon with the "
                                      f"{kind.element.capitalize()} element ({copies}): "
                                      f"{common}. It is also a spell. "
                                      f"{written[kind.element]}")
    kinds_of_exam = Counter(IW.exams)
    for exam, count in kinds_of_exam.items():
        letters = "+".join(IW.icon_letters[i] for i in exam.icons)
        wants = _listed([f"one {IW.icon_names[i]}" for i in exam.icons])
        terms[f"exam {letters}"] = (
            f"An exam card ({count} of the {len(IW.exams)} exam cards; our reconstruction) "
            f"asking for {wants} lesson. After a flick in which your penguin touched its "
            "space, discard one face-up lesson per icon (a Water card pays any icon) to take "
            "it; it scores "
            f"{exam.points} Magic Points at the end and is never traded.")
    for room in IW.table.rooms:
        name = IW.room_names[room.id]
        parts = [f"The {name} classroom (a penguin covering any of its floor is in it)."]
        for place in IW.places:
            if place.room == room.id:
                laid = where[place.icon] if place.doorway else "here"
                parts.append(f"{IW.icon_names[place.icon]} lesson cards are laid {laid}.")
        doors = [next(r for r in joins[d] if r != name) for d in sorted(joins) if name in joins[d]]
        if doors:
            parts.append(f"Doorway{'s' * (len(doors) > 1)} to {_listed(doors)}.")
        spaces = [x for x in IW.exam_spaces if space_room[x] == room.id]
        if spaces:
            parts.append(f"{'Two exam spaces' if len(spaces) > 1 else 'An exam space'} in "
                         f"{'its corners' if len(spaces) > 1 else 'a corner'}.")
        x1, y1, x2, y2 = room.rect
        if x1 <= IW.start[0] <= x2 and y1 <= IW.start[1] <= y2:
            parts.append("The start spot is here.")
        terms[room.id] = " ".join(parts)
    for door in IW.table.doorways:
        cards = [p for p in IW.places if p.doorway == door.id]
        text = (f"The doorway between {_listed(joins[door.id])}; its threshold counts as part "
                "of the wall. ")
        if cards:
            text += (f"The {IW.icon_names[cards[0].icon]} lesson card lies across it: it is "
                     "collected only by a penguin that starts a flick completely on one side "
                     "and ends it completely on the other.")
        else:
            text += "No lesson card lies across it."
        terms[door.id] = text
    for x in IW.exam_spaces:
        terms[x] = (f"A dark blue exam space in {IW.room_names[space_room[x]]}, holding one "
                    "face-up exam card. Touch it with your penguin, then pay for that exam "
                    "with your face-up lessons. Emptied, it is refilled at the end of the turn.")
    names = place_names()
    return terms | {names[code]: terms[code] for code in names}


def _rules_help() -> RulesHelp:
    written = RulesHelp.load(DATA, TITLE)
    return RulesHelp.load(DATA, TITLE, extra=component_terms(written.terms))


def _turn_order(state: State) -> tuple[int, ...]:
    """"The youngest player goes first" (seat 1, docs/rules), then the seats in order."""
    return clockwise(0, state.num_players)


def _item_names() -> dict[str, str]:
    """Statistics' names for the exam cards scoring events carry (``exam F+H``)."""
    return {words.exam_code(e): words.exam(e).text for e in range(len(IW.exams))}


def _new(num_players: int, seed: int | None, options: dict[str, Any]) -> IcecoolState:
    return IcecoolState(num_players, seed, options)


SPEC = GameSpec(
    id="icecool-wizards",
    title=TITLE,
    min_players=2,
    max_players=4,
    tagline="Flick your penguin through the classrooms.",
    summary="Flick your penguin through classrooms, collect lessons, pass exams.",
    new_state=_new,
    state_from_json=IcecoolState.from_json,
    codec=CODEC,
    notation_help=NOTATION_HELP,
    render=render,
    layout=layout,
    heuristic=heuristic.estimate,
    heuristic_scale=heuristic.SCALE,
    propose=propose,
    check_invariants=check_invariants,
    sampled_kinds=frozenset({"flick"}),
    simultaneous=True,  # a Fire spell's discards are chosen at once, hidden
    plot=save_png,
    plot_after=frozenset({"flick"}),
    rules_help=_rules_help(),
    messages=MSG,
    rules=RULES,
    score_unit="Magic Points",
    score_unit_one="Magic Point",
    score_breakdown=score_breakdown,
    metric_kinds=rules.METRIC_KINDS,
    observation_encoding=observation_encoding,
    overlay=SCHEMA,
    turn_order=_turn_order,
    item_names=_item_names,
)

__all__ = ["SPEC", "IcecoolState"]
