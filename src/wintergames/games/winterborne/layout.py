"""What a client draws Winterborne's boards with (public component data).

The kingdom board is drawn as the hex ring of components/winterborne.md C2: the castle
in the centre, the six starter sections around it (S_i at 12 o'clock for i = 0, then
clockwise), and the outer ring alternating gray spaces (G_i outward of S_i) and
conquerable sections (C_i between S_i and S_(i+1)). Positions are in units of the
distance between neighbouring hex centres, y pointing down (screen coordinates).

Card uses are labelled per play code (the ``use`` field of a ``play`` action), so a
client can turn each legal play into words without knowing the notation.
"""

from __future__ import annotations

import math
from typing import Any

from wintergames.games.winterborne.actions import LETTERS, PLAYS, RES_LETTERS
from wintergames.games.winterborne.components import CHARACTERS, POWERS, RESOURCES, WB

# Each Winterborne power in our words (RB "Winterborne Power Cards"), as the game plays it.
_ROUND_CHARACTERS = ", ".join(f"round {r} the {CHARACTERS[c]}"
                              for r, c in enumerate(WB.round_power_character, start=1))
POWER_TEXT = {
    "move-building": "Shift one of your buildings onto another of your province sections "
    "that has none.",
    "two-resources": f"Gain {WB.power_gains} resources of your choice.",
    # "draw 2 cards", not "draw 2.": a line wrapped before "2." reads as a numbered list.
    "discard-draw": f"Put 1 card from your hand on your discard pile, then draw "
    f"{WB.power_draws} cards.",
    "explore-discount": "For the rest of this turn, exploring costs 1 meat less per Wylds "
    "card in your reserve (never below 0).",
    "swap-card": "Swap an exploration card in your hand with one on a province board.",
    "spoils-any": "Pick a spoils tile from whichever province board you like.",
    "white-meeple": "Replace one of your characters by the white meeple (once).",
    "trade": "Trade with your shaman with an adjacent province.",
    "round-action": f"The character of this winter round ({_ROUND_CHARACTERS}) takes one of "
    "its special actions where it stands, without moving, paying its usual cost.",
}

# Each power's name, as the log names it ("uses the Winterborne power Move a Building").
POWER_NAMES = {
    "move-building": "Move a Building",
    "two-resources": "Two Resources",
    "discard-draw": "Discard and Draw",
    "explore-discount": "Explore Discount",
    "swap-card": "Swap a Card",
    "spoils-any": "Spoils from Anywhere",
    "white-meeple": "White Meeple",
    "trade": "Trade",
    "round-action": "Round Action",
}

# Colours are the client's (js/palette.js); the layout sends only names and places.


def _polar(angle_deg: float, dist: float) -> list[float]:
    """A point ``dist`` from the centre, ``angle_deg`` clockwise from 12 o'clock."""
    a = math.radians(angle_deg)
    return [round(dist * math.sin(a), 4), round(-dist * math.cos(a), 4)]


def positions() -> dict[str, list[float]]:
    """Centre of every hex of the kingdom board, by name (see the module docstring)."""
    where: dict[str, list[float]] = {"castle": [0.0, 0.0]}
    for i in range(6):
        where[WB.section_names[i]] = _polar(60 * i, 1)
        where[WB.space_names[i]] = _polar(60 * i, 2)
        where[WB.section_names[6 + i]] = _polar(60 * i + 30, math.sqrt(3))
    return where


def _amounts(triple: tuple[int, int, int]) -> str:
    return " and ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(triple) if n)


def use_label(card: int, use: int, code: str) -> str:
    """A play code of ``card`` in words (``S`` -> "Shaman hex", ``m2`` -> "move 2")."""
    u = WB.cards[card].uses[use]
    if u.kind == "hex":
        return f"{CHARACTERS[LETTERS.index(code)].capitalize()} hex"
    if u.kind == "move":
        steps = code.removeprefix("ccw").removeprefix("m")
        return f"move {steps} counter-clockwise" if u.ccw else f"move {steps}"
    if u.kind == "gain":
        return f"take {_amounts(u.resources)}"
    if u.kind == "gain-any":
        return f"take 1 {RESOURCES[RES_LETTERS.index(code[1])]}"
    if u.kind == "hire":
        return f"hire: pay 1 gold, {CHARACTERS[LETTERS.index(code[-1])].capitalize()} hex"
    if u.kind == "wylds":
        return "activate your Wylds"
    if u.kind == "horn":
        return "Horn: build"
    if u.kind == "draw":
        return "discard it, draw 1 card"
    if u.kind == "castle":
        return f"discard it, your {CHARACTERS[u.character]} to the castle"
    return code


def spoils_label(tile: int) -> str:
    t = WB.spoils[tile]
    if t.kind == "province":
        return f"a {WB.colours[t.colour]} section for scoring"
    if t.kind == "hex":
        return f"{CHARACTERS[t.character].capitalize()} hex"
    if t.kind == "move":
        return f"move {t.value}"
    return "activate your Wylds"


def _hex_character(card: int) -> str | None:
    """The character of a card's one printed character hex (a house card's; the Balaur
    acts with it), or none (no hex, or the hex of any character)."""
    hexes = {u.character for u in WB.cards[card].uses if u.kind == "hex"}
    return CHARACTERS[hexes.pop()] if len(hexes) == 1 and -1 not in hexes else None


def _use_parts(card: int, use: int, choice: int) -> dict[str, Any]:
    """What a play code is made of, for a client's icons: the use's kind, its character
    (a hex, a hire), its resources (a gain), its way (a circle)."""
    u = WB.cards[card].uses[use]
    character = CHARACTERS[choice] if u.kind in ("hex", "hire") else None
    got = ([RESOURCES[r] for r, n in enumerate(u.resources) if n]
           if u.kind == "gain" else [RESOURCES[choice]] if u.kind == "gain-any" else [])
    return {"kind": u.kind, "character": character, "resources": got,
            "steps": choice if u.kind == "move" else None, "ccw": u.kind == "move" and u.ccw}


def use_codes() -> dict[str, dict[str, Any]]:
    """Every play code of every card with its parts (a code means the same on every card
    that has it: "castle" is drawn alike whichever character it sends); "ccw" is the way
    of a Mask's circle, as the log names it."""
    codes = {code: _use_parts(i, u, choice)
             for i in range(len(WB.cards)) for u, choice, code in PLAYS[i]}
    codes["ccw"] = {"kind": "move", "character": None, "resources": [], "steps": None,
                    "ccw": True}
    return codes


def layout() -> dict[str, Any]:
    return {
        "colours": list(WB.colours),
        "provinces": list(WB.province_names),
        "spaces": list(WB.space_names),
        "sections": list(WB.section_names),
        "space_sections": [[WB.section_names[x] for x in secs] for secs in WB.space_sections],
        "positions": positions(),
        "borders": {WB.section_names[6 + i]: [WB.colours[c] for c in pair]
                    for i, pair in enumerate(WB.borders)},
        "seasons": ["spring", "summer", "autumn", "winter"],
        "explore_cost": list(WB.explore_cost),
        "winter_rounds": WB.winter_rounds,
        # a card's type, banner set and hex are fields: a client never reads them off its id
        "cards": {c.id: {"name": c.name, "type": c.type, "text": c.text,
                         "reserve": c.reserve, "banner": c.banner or None,
                         "character": _hex_character(i),
                         "uses": {code: use_label(i, u, code) for u, _, code in PLAYS[i]}}
                  for i, c in enumerate(WB.cards)},
        "spoils": {t.id: {"kind": t.kind, "label": spoils_label(i),
                          "colour": WB.colours[t.colour] if t.kind == "province" else None,
                          "character": CHARACTERS[t.character] if t.kind == "hex" else None}
                   for i, t in enumerate(WB.spoils)},
        "use_codes": use_codes(),
        "allies": {a.id: {"colour": WB.colours[a.colour], "text": a.text} for a in WB.allies},
        "powers": {code: POWER_TEXT[code] for code in POWERS},
    }
