"""What Winterborne calls things: its messages, its rule passages, and the mentions its
phrases are made of.

Players meet names, not codes: a card is "Explorer II", a spoils tile "Shaman hex spoils",
an ally "purple ally", a power "Move a Building". The codes the notation types (EXP2,
HX-shaman-1, PU2, move-building) stay in each mention's ``ref``, where a screen finds the
picture, and in ``term``, the key of the help glossary that explains it.

Every mention of a component is made once, at import: the search logs thousands of lines
a second, and a line costs a few small objects, never a string joined on the way.

>>> MSG("play", seat=seat(0), card=card(card_index("EXP2")), use=use(card_index("EXP2"), "E")).text
'Player 1 plays Explorer II (Explorer hex)'
>>> spoils(0).text, ally(0).text, gains((1, 0, 1))[1].text
('green province spoils', 'green ally', '+1 military')
"""

from __future__ import annotations

from functools import cache

from wintergames.core.events import amount, seat
from wintergames.core.phrases import Arg, Catalogue, Mention, Phrase
from wintergames.core.provenance import RuleIndex
from wintergames.games.winterborne.actions import PLAYS
from wintergames.games.winterborne.components import (
    CHARACTERS,
    DATA,
    POWERS,
    RESOURCES,
    SEASONS,
    WB,
)
from wintergames.games.winterborne.layout import POWER_NAMES, spoils_label, use_label

MSG = Catalogue.load(DATA / "messages.toml", "winterborne")
RULES = RuleIndex.load(DATA / "rules.toml", "winterborne")

__all__ = ["CASTLE", "COUNTER_CLOCKWISE", "MSG", "NOTHING", "RULES", "ally", "banner_set",
           "building", "card", "card_index", "cards", "category", "counted", "favor", "figure",
           "first_clause", "gains", "objective", "plus", "plus_favor", "power", "province",
           "res", "resources", "resources_list", "season", "seat", "section", "space",
           "spoils", "tile", "use", "vp"]


def card_index(card_id: str) -> int:
    """The index of the card with ``card_id`` (for examples and tests)."""
    return next(i for i, c in enumerate(WB.cards) if c.id == card_id)


# -- components -----------------------------------------------------------------------------

_CARDS = tuple(Mention("card", c.id, c.name, term=c.id) for c in WB.cards)


def card(c: int) -> Mention:
    """A card by its name ("Explorer II"); its id is the ref and the glossary term."""
    return _CARDS[c]


def cards(indices: list[int]) -> tuple[Mention, ...]:
    """Cards said as a list: "Shaman I, Explorer II and Treasure 1"."""
    return tuple(_CARDS[c] for c in indices)


def _use_term(card_index: int, use: int, code: str) -> str:
    """The glossary key that explains a use code (help.toml's terms)."""
    kind = WB.cards[card_index].uses[use].kind
    if kind == "hex":
        return code  # S, E, W: the hexes have their own entries
    if kind == "move":
        return "ccw" if code.startswith("ccw") else "move"
    return {"gain": "resources", "gain-any": "+any", "hire": "hire", "wylds": "wy",
            "draw": "draw", "horn": "horn", "castle": "castle"}[kind]


# Per card, each play code's words: "(Explorer hex)", "(move 2)", "(take 1 gold)".
_USES = tuple({code: Mention("term", code, use_label(i, u, code), term=_use_term(i, u, code))
               for u, _, code in PLAYS[i]} for i in range(len(WB.cards)))


def use(c: int, code: str) -> Mention:
    """The use card ``c`` is played for, by its play code; the code is the ref (a screen
    draws its icons from it)."""
    return _USES[c][code]


def _spoils_name(tile: int) -> str:
    """"Shaman hex spoils", "move 2 spoils" (what the page's chips say, then what it is);
    "green province spoils"; "Wylds spoils"."""
    t = WB.spoils[tile]
    if t.kind == "province":
        return f"{WB.colours[t.colour]} province spoils"
    if t.kind == "wylds":
        return "Wylds spoils"
    return f"{spoils_label(tile)} spoils"


_SPOILS = tuple(Mention("card", t.id, _spoils_name(i), term=t.id)
                for i, t in enumerate(WB.spoils))


def spoils(tile: int) -> Mention:
    """A spoils tile by what it is ("Shaman hex spoils"), its id the ref."""
    return _SPOILS[tile]


_ALLIES = tuple(Mention("card", a.id, f"{WB.colours[a.colour]} ally", term=a.id)
                for a in WB.allies)


def ally(a: int) -> Mention:
    """An ally by its province ("purple ally"); which card it is stays in ref and term."""
    return _ALLIES[a]


# The figures: the three characters, then the white meeple (frames' figure indices).
_FIGURES = (*(Mention("piece", name, name, term=name) for name in CHARACTERS),
            Mention("piece", "white", "white meeple", term="white"))


def figure(f: int) -> Mention:
    """A character (0 shaman, 1 explorer, 2 warrior) or the white meeple (3)."""
    return _FIGURES[f]


_PROVINCES = tuple(Mention("place", c, c, term=c) for c in WB.colours)
_TILES = tuple(Mention("piece", c, f"{c} tile", term="conquer tile") for c in WB.colours)


def province(c: int) -> Mention:
    """A province by its colour ("green")."""
    return _PROVINCES[c]


def tile(c: int) -> Mention:
    """A conquer tile of colour ``c`` ("blue tile"); the colour is the ref."""
    return _TILES[c]


_SECTIONS = tuple(Mention("place", name, name, term=name) for name in WB.section_names)
_SPACES = tuple(Mention("place", name, name, term=name) for name in WB.space_names)
CASTLE = Mention("place", "castle", "castle", term="castle")


def section(x: int) -> Mention:
    """A section of the kingdom board by its name ("C2"), the board's own label."""
    return _SECTIONS[x]


def space(g: int) -> Mention:
    """A gray space by its name ("G3")."""
    return _SPACES[g]


_BUILDINGS = (Mention("piece", "settlement", "settlement", term="settlement"),
              Mention("piece", "church", "church", term="church"))


def building(b: int) -> Mention:
    """A building: 1 a settlement, 2 a church (``state.buildings``' values)."""
    return _BUILDINGS[b - 1]


_SEASONS = tuple(Mention("term", name, name, term=name) for name in SEASONS)


def season(d: int) -> Mention:
    return _SEASONS[d]


_POWERS = {code: Mention("term", code, POWER_NAMES[code], term=code) for code in POWERS}


def power(code: str) -> Mention:
    """A Winterborne power by its name ("Move a Building"), its code the ref."""
    return _POWERS[code]


# The direction of a Mask banner's circle (and of the explorer's Wylds step).
COUNTER_CLOCKWISE = Mention("term", "ccw", "counter-clockwise", term="ccw")


@cache
def banner_set(name: str) -> Mention:
    return Mention("term", name, name, term=name)


@cache
def objective(letter: str) -> Mention:
    name = f"objective {letter}"
    return Mention("term", name, name, term=name)


@cache
def category(title: str, words: str) -> Mention:
    """A scoring category as the end screen heads it (``title``, the ref statistics use)
    and as a total line says it (``words``)."""
    return Mention("category", title, words)


# -- amounts --------------------------------------------------------------------------------


@cache
def res(n: int, r: int) -> Mention:
    """``n`` of resource ``r``: "2 meat"."""
    name = RESOURCES[r]
    return Mention("amount", n, f"{n} {name}", unit=name, term=name)


@cache
def plus(n: int, r: int) -> Mention:
    """``n`` of resource ``r`` gained: "+2 meat"."""
    name = RESOURCES[r]
    return Mention("amount", n, f"+{n} {name}", unit=name, term=name)


@cache
def favor(n: int) -> Mention:
    return Mention("amount", n, f"{n} favor", unit="favor", term="favor")


@cache
def plus_favor(n: int) -> Mention:
    return Mention("amount", n, f"+{n} favor", unit="favor", term="favor")


@cache
def vp(n: int) -> Mention:
    return amount(n, "VP")


@cache
def counted(n: int, one: str, many: str) -> Mention:
    """``n`` things, singular or plural: "1 space", "3 spaces"; the unit is the plural."""
    return Mention("amount", n, f"{n} {one if n == 1 else many}", unit=many)


NOTHING = MSG("nothing")


@cache
def resources_list(cost: tuple[int, ...]) -> tuple[Mention, ...]:
    """The resources of a gold/meat/military triple as amounts, those it has only."""
    return tuple(res(n, r) for r, n in enumerate(cost) if n)


def resources(cost: tuple[int, ...]) -> Arg:
    """A price or a haul as amounts ("1 gold and 1 meat"), or "nothing"."""
    return resources_list(cost) or NOTHING


@cache
def gains(got: tuple[int, ...]) -> tuple[Mention, ...]:
    """Resources taken: "+1 gold and +1 military"."""
    return tuple(plus(n, r) for r, n in enumerate(got) if n)


def first_clause(said: Phrase) -> Phrase:
    """The clause a compound move's line began with (each later clause holds the line
    before it as ``before``)."""
    while isinstance(before := said.args.get("before"), Phrase):
        said = before
    return said
